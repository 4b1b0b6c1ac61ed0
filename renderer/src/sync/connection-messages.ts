import {
  CONNECTION_TEST_PROBLEMS,
  type BaseUrlCheck,
  type ConnectionTestProblem,
  type ConnectionTestResult,
  type IpcError,
} from '#shared/desktop/index.js';

/**
 * The outcome of "Test" (connections-test) or of saving (connections-add and
 * connections-set-token, which run the same one-call test and fail with its
 * problem in details.code) as
 * plain sentences: a headline saying what is wrong, and what to do about it.
 * The core's own message, with the technical cause, goes underneath.
 */

export interface ConnectionVerdict {
  ok: boolean;
  headline: string;
  advice: string | null;
  /** The core's message (the cause), when it adds something. */
  detail: string | null;
  /** "HTTP 401 · request req_…", when the server answered. */
  reference: string | null;
}

const PROBLEMS: Record<ConnectionTestProblem, { headline: string; advice: string }> = {
  'bad-url': {
    headline: 'That is not a web address.',
    advice: 'Paste the API address your administrator gave you, e.g. https://data.example.com.',
  },
  'https-required': {
    headline: 'The address must use HTTPS.',
    advice:
      'Plain http:// is only allowed for a server on this computer. Use the https:// address.',
  },
  unreachable: {
    headline: 'The server could not be reached.',
    advice: 'Check the address for typos, your network or VPN, and that the server is running.',
  },
  timeout: {
    headline: 'The server did not answer in time.',
    advice: 'The network may be slow or the server busy. Try again in a moment.',
  },
  unauthorized: {
    headline: 'The token was refused (401): it is wrong, has expired or was revoked.',
    advice: 'Copy the token again, or ask your administrator for a new one.',
  },
  forbidden: {
    headline: 'The token is valid but lacks a permission (403).',
    advice: 'It needs at least the read:projects scope. Ask your administrator to add it.',
  },
  'not-the-api': {
    headline: 'Something answered, but it is not the Production Data API.',
    advice: 'Check the address: it should be the API’s base URL, usually ending in /api/v1.',
  },
  'rate-limited': {
    headline: 'The server’s rate limit was reached.',
    advice: 'Wait a minute and test again.',
  },
  'server-error': {
    headline: 'The server failed while answering.',
    advice: 'Try again later; if it persists, give your administrator the request id below.',
  },
};

function reference(status?: number, requestId?: string): string | null {
  const parts: string[] = [];
  if (status !== undefined && status > 0) parts.push(`HTTP ${status}`);
  if (requestId) parts.push(`request ${requestId}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function verdictOfTest(result: ConnectionTestResult): ConnectionVerdict {
  if (result.ok) {
    const count = result.projectCount;
    return {
      ok: true,
      // A service whose list pages carry no total cannot say how many.
      headline:
        count === null
          ? 'Connected: the server does not say how many projects the token can see.'
          : `Connected: the token can see ${count.toLocaleString('en-US')} project${count === 1 ? '' : 's'}.`,
      advice: null,
      detail: `${result.baseUrl} answered in ${result.latencyMs.toLocaleString('en-US')} ms.`,
      reference: null,
    };
  }
  const known = PROBLEMS[result.problem];
  return {
    ok: false,
    headline: known.headline,
    advice: known.advice,
    detail: result.message,
    reference: reference(result.status, result.requestId),
  };
}

function isProblem(code: string | undefined): code is ConnectionTestProblem {
  return (CONNECTION_TEST_PROBLEMS as readonly string[]).includes(code ?? '');
}

/** The form's own check of the address, before anything is sent (same rules as the core). */
export function verdictOfAddress(check: Exclude<BaseUrlCheck, { ok: true }>): ConnectionVerdict {
  // The form already shows check.message under the address field.
  return {
    ...verdictOfTest({ ok: false, problem: check.problem, message: check.message }),
    detail: null,
  };
}

/** A failed save: the test's problem when the core ran it, else the error's own words. */
export function verdictOfError(error: IpcError): ConnectionVerdict {
  const code = error.details?.code;
  if (isProblem(code)) {
    return verdictOfTest({
      ok: false,
      problem: code,
      message: error.message,
      ...(error.details?.status === undefined ? {} : { status: error.details.status }),
      ...(error.details?.requestId === undefined ? {} : { requestId: error.details.requestId }),
    });
  }
  const issues = error.details?.issues ?? [];
  return {
    ok: false,
    headline:
      error.type === 'validation' && issues.length > 0
        ? issues.map((issue) => `${fieldName(issue.path)}: ${issue.message}`).join(' · ')
        : error.message,
    advice: null,
    detail: null,
    reference: reference(error.details?.status, error.details?.requestId),
  };
}

const FIELD_NAMES: Record<string, string> = {
  name: 'Name',
  baseUrl: 'Address',
  token: 'Token',
};

function fieldName(path: string): string {
  return FIELD_NAMES[path] ?? path;
}
