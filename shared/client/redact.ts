import { ApiCallError } from './api-call-error.js';

/**
 * What a server (or a proxy in front of it) says in an error can contain the
 * request's own credentials: a debugging proxy that echoes the request
 * headers, a framework that prints `Authorization: Bearer …` in its 401 page.
 * Everything downstream (the connection test, sync status, events, the outbox
 * in the cache, the failed-change CSV, logs) shows or stores that text, so it
 * is cleaned where it enters: every ApiCallError the transport throws.
 */

export const REDACTED = '[redacted]';

/**
 * `Authorization: <value>` / `"authorization":"<value>"` / `authorization=<value>`,
 * with or without a scheme word before the value.
 */
const AUTHORIZATION_VALUE =
  /(\b(?:proxy-)?authorization\b["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token)\s+)?[^\s"',;}\]]+/gi;

/**
 * `Bearer <credential>`: a run of token characters (RFC 6750 b64token) of at
 * least 8, with at least one digit or symbol, so prose such as "a bearer
 * token is required" stays readable.
 */
const BEARER_VALUE = /(\bbearer\s+)(?=[A-Za-z0-9\-._~+/]*[\d\-._~+/])[A-Za-z0-9\-._~+/]{8,}=*/gi;

/**
 * Shorter secrets are not scrubbed by value: replacing every "abc" in a
 * message would make it unreadable and a real API token is far longer.
 */
const MIN_SECRET_LENGTH = 8;

/** Scrubs credential-looking values only: for places that do not know the token. */
export function redactCredentials(text: string): string {
  return text.replace(AUTHORIZATION_VALUE, `$1${REDACTED}`).replace(BEARER_VALUE, `$1${REDACTED}`);
}

/**
 * A scrubber for text that may contain `secrets`: each one as sent, as it
 * looks URL-encoded, and base64-encoded (plain and URL-safe), then any
 * `Authorization:`/`Bearer` value.
 */
export function secretScrubber(secrets: readonly string[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    const base64 = toBase64(secret);
    const unpadded = base64.replace(/=+$/, '');
    for (const form of [
      secret,
      encodeURIComponent(secret),
      base64,
      unpadded,
      unpadded.replace(/\+/g, '-').replace(/\//g, '_'),
    ]) {
      forms.add(form);
    }
  }
  // Longest first, so a form containing another is replaced whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let clean = text;
    for (const form of ordered) clean = clean.split(form).join(REDACTED);
    return redactCredentials(clean);
  };
}

/** The error with every text the server supplied scrubbed; the same object when nothing changes. */
export function redactApiCallError(
  error: ApiCallError,
  scrub: (text: string) => string,
): ApiCallError {
  const init = error.toJSON();
  const clean = {
    ...init,
    code: scrub(init.code),
    message: scrub(init.message),
    ...(init.requestId === undefined ? {} : { requestId: scrub(init.requestId) }),
    ...(init.details === undefined
      ? {}
      : {
          details: init.details.map((detail) => ({
            ...detail,
            path: scrub(detail.path),
            message: scrub(detail.message),
          })),
        }),
  };
  if (JSON.stringify(clean) === JSON.stringify(init)) return error;
  const cause: unknown = (error as { cause?: unknown }).cause;
  return new ApiCallError({ ...clean, ...(cause === undefined ? {} : { cause }) });
}

/** UTF-8 then base64, with what both Node and the browser have (no Buffer). */
function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
