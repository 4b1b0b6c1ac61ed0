import type { z } from 'zod';
import { formatPath } from '../api/index.js';
import { ApiCallError, CLIENT_ERROR_CODES } from './api-call-error.js';
import { apiErrorEnvelopeSchema } from './response-schemas.js';
import { parseRetryAfter } from './retry-policy.js';

/** A response whose body has been read in full (inside the attempt's timeout). */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

type JsonBody = { ok: true; value: unknown } | { ok: false; problem: string };

/** `application/json`, `application/problem+json`, with or without parameters. */
function isJsonMediaType(mediaType: string): boolean {
  return /^application\/([\w.+-]+\+)?json$/i.test(mediaType);
}

/**
 * The body as JSON, or what is wrong with it in words a log reader can act on.
 * A missing Content-Type is forgiven when the body parses; a non-JSON one is
 * not (a proxy's HTML page can contain something JSON.parse would accept).
 */
export function readJsonBody(raw: RawResponse): JsonBody {
  const contentType = raw.headers.get('content-type');
  const mediaType = contentType?.split(';')[0]?.trim() ?? '';
  if (contentType !== null && !isJsonMediaType(mediaType)) {
    return {
      ok: false,
      problem: `expected JSON but got ${mediaType || 'an empty Content-Type'} (status ${raw.status})`,
    };
  }
  if (raw.text.trim() === '') {
    return { ok: false, problem: `expected JSON but the body is empty (status ${raw.status})` };
  }
  try {
    return { ok: true, value: JSON.parse(raw.text) as unknown };
  } catch (error) {
    // V8 quotes a few characters of the body around the fault (`Unexpected
    // token 'B', "{"a": Bearer flw"... is not valid JSON`): that excerpt may be
    // a credential the server echoed, cut where no scrubber would recognise it.
    const reason = (error instanceof Error ? error.message : String(error)).replace(/, ".*$/s, '');
    return {
      ok: false,
      problem: `the body is not valid JSON, perhaps truncated (status ${raw.status}): ${reason}`,
    };
  }
}

/** First problem of a failed parse, with a count of the rest. */
export function describeIssues(issues: ReadonlyArray<z.core.$ZodIssue>): string {
  const first = issues[0];
  if (!first) return 'unknown problem';
  const where = formatPath(first.path, '');
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${where === '' ? 'body' : where}: ${first.message}${more}`;
}

function headerRequestId(raw: RawResponse): string | undefined {
  return raw.headers.get('x-request-id') ?? undefined;
}

/** A 2xx body, validated; anything else than the contract is INVALID_RESPONSE. */
export function parseSuccess<S extends z.ZodType>(raw: RawResponse, schema: S): z.output<S> {
  const body = readJsonBody(raw);
  if (!body.ok) throw invalidResponse(raw, body.problem);
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    throw invalidResponse(
      raw,
      `the response does not match the API contract (status ${raw.status}): ${describeIssues(parsed.error.issues)}`,
    );
  }
  return parsed.data;
}

/**
 * An ApiCallError for a non-2xx response: from the error envelope when there is
 * one, else INVALID_RESPONSE with the real status (a proxy's 502 page, say),
 * which still lets the retry policy see a 502.
 */
export function errorFromResponse(raw: RawResponse, now: number): ApiCallError {
  const retryAfterMs = parseRetryAfter(
    raw.headers.get('retry-after'),
    now,
    raw.headers.get('date'),
  );
  const common = {
    status: raw.status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
  const body = readJsonBody(raw);
  let problem: string;
  if (body.ok) {
    const envelope = apiErrorEnvelopeSchema.safeParse(body.value);
    if (envelope.success) {
      const { code, message, requestId, details } = envelope.data.error;
      const id = requestId ?? headerRequestId(raw);
      return new ApiCallError({
        ...common,
        code,
        message,
        ...(id == null ? {} : { requestId: id }),
        ...(details == null ? {} : { details }),
      });
    }
    problem = `expected the error envelope {"error": {"code", "message"}} (status ${raw.status}): ${describeIssues(envelope.error.issues)}`;
  } else {
    problem = body.problem;
  }
  const id = headerRequestId(raw);
  return new ApiCallError({
    ...common,
    code: CLIENT_ERROR_CODES.INVALID_RESPONSE,
    message: problem,
    ...(id === undefined ? {} : { requestId: id }),
  });
}

function invalidResponse(raw: RawResponse, message: string): ApiCallError {
  const id = headerRequestId(raw);
  return new ApiCallError({
    status: raw.status,
    code: CLIENT_ERROR_CODES.INVALID_RESPONSE,
    message,
    ...(id === undefined ? {} : { requestId: id }),
  });
}
