import { CLIENT_ERROR_CODES, isApiCallError, type ApiClient } from '#shared/client/index.js';
import {
  normaliseBaseUrl,
  type ConnectionTestProblem,
  type ConnectionTestResult,
} from '#shared/desktop/index.js';

/**
 * One call, GET /projects?limit=1, which every working token can make
 * (read:projects), and an answer that names what the user has to fix.
 */
export async function testConnection(
  rawBaseUrl: string,
  makeClient: (baseUrl: string) => ApiClient,
  now: () => number = () => performance.now(),
): Promise<ConnectionTestResult> {
  const address = normaliseBaseUrl(rawBaseUrl);
  if (!address.ok) return { ok: false, problem: address.problem, message: address.message };
  const { baseUrl } = address;
  const host = new URL(baseUrl).host;
  const started = now();
  try {
    const page = await makeClient(baseUrl).listProjects({ limit: 1 });
    return { ok: true, baseUrl, projectCount: page.total, latencyMs: Math.round(now() - started) };
  } catch (error) {
    if (!isApiCallError(error)) throw error;
    const failure = (problem: ConnectionTestProblem, message: string): ConnectionTestResult => ({
      ok: false,
      problem,
      message,
      baseUrl,
      ...(error.status === 0 ? {} : { status: error.status }),
      ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    });
    if (error.code === CLIENT_ERROR_CODES.NETWORK_ERROR) {
      return failure(
        'unreachable',
        `${host} could not be reached: check the address and your network. (${error.message})`,
      );
    }
    if (error.code === CLIENT_ERROR_CODES.TIMEOUT) {
      return failure('timeout', `${host} did not answer in time. (${error.message})`);
    }
    if (error.code === CLIENT_ERROR_CODES.INVALID_RESPONSE) {
      return failure(
        'not-the-api',
        `${host} answered, but not as the Production Data API does (HTTP ${error.status}): is ${baseUrl} the API's address? (${error.message})`,
      );
    }
    switch (error.status) {
      case 401:
        return failure(
          'unauthorized',
          `The server refused the token: it is wrong, has expired or was revoked. (${error.message})`,
        );
      case 403:
        return failure(
          'forbidden',
          `The token is valid but may not list projects: it needs the read:projects scope. (${error.message})`,
        );
      case 404:
      case 405:
        return failure(
          'not-the-api',
          `${baseUrl}/projects does not exist (HTTP ${error.status}): the address is probably not the API's base URL.`,
        );
      case 429:
        return failure(
          'rate-limited',
          `The server's rate limit was reached; try again in a moment.`,
        );
      default:
        return error.status >= 500
          ? failure('server-error', `The server failed (HTTP ${error.status}): ${error.message}`)
          : failure('not-the-api', `Unexpected answer (HTTP ${error.status}): ${error.message}`);
    }
  }
}
