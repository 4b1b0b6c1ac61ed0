/**
 * The rules for an organisation's address, shared by the connection form (to
 * say what is wrong as the user types) and the core (which enforces them).
 *
 * Decision: `/api/v1` is appended when the address does not already end with
 * it, because people paste the organisation's root address; docs/api-v1.md says
 * every base URL ends with the version segment, so nothing else is guessed.
 */

export type BaseUrlProblem = 'bad-url' | 'https-required';

export type BaseUrlCheck =
  { ok: true; baseUrl: string } | { ok: false; problem: BaseUrlProblem; message: string };

const API_SUFFIX = '/api/v1';

/** 127.0.0.0/8, ::1 and localhost: the only hosts plain HTTP may be used with. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  // The URL parser has already normalised IPv4 shorthands (127.1 → 127.0.0.1).
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function problem(kind: BaseUrlProblem, message: string): BaseUrlCheck {
  return { ok: false, problem: kind, message };
}

/** The address as the core stores and uses it, or why it cannot be used. */
export function normaliseBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return problem(
      'bad-url',
      `"${text}" is not a web address; expected something like https://data.example.com/api/v1`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return problem('bad-url', `The address must start with https:// (got ${url.protocol}//)`);
  }
  if (url.username !== '' || url.password !== '') {
    return problem(
      'bad-url',
      'The address must not contain a user name or password; the API token goes in its own field',
    );
  }
  if (url.search !== '' || url.hash !== '') {
    return problem('bad-url', 'The address must not contain a query (?…) or a fragment (#…)');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return problem(
      'https-required',
      `HTTPS is required: plain http:// is only allowed for this computer (localhost, 127.0.0.1, ::1), not ${url.hostname}`,
    );
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(API_SUFFIX)) path += API_SUFFIX;
  return { ok: true, baseUrl: `${url.protocol}//${url.host}${path}` };
}
