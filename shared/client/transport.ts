import type { z } from 'zod';
import {
  ApiCallError,
  CLIENT_ERROR_CODES,
  abortErrorFrom,
  isApiCallError,
  throwIfAborted,
} from './api-call-error.js';
import type { AdaptiveRateLimiter } from './rate-limiter.js';
import { readCountHeader } from './rate-limiter.js';
import { errorFromResponse, parseSuccess, type RawResponse } from './read-response.js';
import { redactApiCallError } from './redact.js';
import {
  boundedDelay,
  isCertainlyUnsent,
  isRetryable,
  retryDelay,
  type AttemptFailure,
  type RetryMode,
  type RetryOptions,
} from './retry-policy.js';
import { sleepUnlessWoken, type Wakeup } from './wakeup.js';

/**
 * One API call: limiter turn → fetch with a timeout → read the whole body →
 * success, or decide whether to retry. Everything time- or chance-dependent is
 * injected so tests need no real waiting.
 */

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TransportConfig {
  baseUrl: string;
  token: string;
  fetch: FetchLike;
  timeoutMs: number;
  retry: RetryOptions;
  sleep: Sleep;
  random: () => number;
  now: () => number;
  limiter: AdaptiveRateLimiter | null;
  /** Fired by ApiClient.retryNow: retry waits in progress end at once. */
  wakeup: Wakeup;
  /** Cleans server-supplied text of the token (see redact.ts). */
  scrub: (text: string) => string;
}

export type QueryValue = string | number | undefined;

export interface RequestSpec<S extends z.ZodType | null> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under the base URL, already percent-encoded, starting with '/'. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with its media type (a CSV upload); instead of `body`. */
  textBody?: { contentType: string; text: string };
  /** Schema of the 2xx body, or null for 204-style answers whose body is ignored. */
  schema: S;
  mode: RetryMode;
  signal?: AbortSignal | undefined;
}

export type SpecOutput<S extends z.ZodType | null> = S extends z.ZodType ? z.output<S> : void;

type Attempt = { raw: RawResponse } | { error: ApiCallError; failure: AttemptFailure };

export function buildUrl(
  baseUrl: string,
  path: string,
  query: Record<string, QueryValue> = {},
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search === '' ? '' : `?${search}`}`;
}

/**
 * The request, and every failure of it with the server's words scrubbed of
 * the token: this is where what a server says enters the app.
 */
export async function send<S extends z.ZodType | null>(
  config: TransportConfig,
  spec: RequestSpec<S>,
): Promise<SpecOutput<S>> {
  try {
    return await sendAttempts(config, spec);
  } catch (error) {
    throw isApiCallError(error) ? redactApiCallError(error, config.scrub) : error;
  }
}

async function sendAttempts<S extends z.ZodType | null>(
  config: TransportConfig,
  spec: RequestSpec<S>,
): Promise<SpecOutput<S>> {
  const url = buildUrl(config.baseUrl, spec.path, spec.query);
  const headers: Record<string, string> = {
    Authorization: `Bearer ${config.token}`,
    Accept: 'application/json',
  };
  // Serialised once: every attempt sends the very same bytes.
  let body: string | undefined;
  if (spec.textBody !== undefined) {
    headers['Content-Type'] = spec.textBody.contentType;
    body = spec.textBody.text;
  } else if (spec.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(spec.body);
  }
  const init: RequestInit = {
    method: spec.method,
    headers,
    ...(body === undefined ? {} : { body }),
  };

  for (let attempt = 1; ; attempt++) {
    throwIfAborted(spec.signal);
    const sentAt = config.limiter
      ? await config.limiter.acquire(spec.signal, config.retry.maxRetryAfterMs)
      : config.now();
    const outcome = await attemptOnce(config, url, init, spec.signal);
    let error: ApiCallError;
    let failure: AttemptFailure;
    if ('raw' in outcome) {
      const { raw } = outcome;
      if (raw.status >= 200 && raw.status < 300) {
        tellLimiter(config, raw, sentAt, undefined);
        return (spec.schema === null ? undefined : parseSuccess(raw, spec.schema)) as SpecOutput<S>;
      }
      error = errorFromResponse(raw, config.now());
      tellLimiter(config, raw, sentAt, error.retryAfterMs);
      failure = { kind: 'status', status: raw.status };
    } else {
      ({ error, failure } = outcome);
    }
    if (attempt >= config.retry.maxAttempts || !isRetryable(failure, spec.mode)) throw error;
    if (error.retryAfterMs !== undefined && error.retryAfterMs > config.retry.maxRetryAfterMs)
      throw error;
    await sleepUnlessWoken(
      config.sleep,
      retryDelay(attempt - 1, error.retryAfterMs, config.retry, config.random),
      spec.signal,
      config.wakeup,
    );
  }
}

function tellLimiter(
  config: TransportConfig,
  raw: RawResponse,
  sentAt: number,
  retryAfterMs: number | undefined,
): void {
  if (!config.limiter) return;
  const limit = readCountHeader(raw.headers, 'x-ratelimit-limit');
  const remaining = readCountHeader(raw.headers, 'x-ratelimit-remaining');
  config.limiter.observe({
    status: raw.status,
    sentAt,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(limit === undefined ? {} : { limit }),
    ...(remaining === undefined ? {} : { remaining }),
  });
}

/**
 * One fetch, bounded by `timeoutMs` until the body is read in full (a stalled
 * body is as much a timeout as a stalled connect). A caller's abort is thrown
 * as an AbortError and ends everything; timeouts and network failures become
 * ApiErrors for the retry loop to judge.
 */
async function attemptOnce(
  config: TransportConfig,
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
): Promise<Attempt> {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  // An abort that came while we waited for the limiter fires no event any more.
  if (signal?.aborted) throw abortErrorFrom(signal);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  try {
    const response = await config.fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { raw: { status: response.status, headers: response.headers, text } };
  } catch (cause) {
    if (signal?.aborted) throw abortErrorFrom(signal);
    if (timedOut) {
      return {
        failure: { kind: 'timeout' },
        error: new ApiCallError({
          status: 0,
          code: CLIENT_ERROR_CODES.TIMEOUT,
          message: `No complete response within ${config.timeoutMs} ms (${init.method} ${url})`,
        }),
      };
    }
    return {
      failure: { kind: 'network', unsent: isCertainlyUnsent(cause) },
      error: new ApiCallError({
        status: 0,
        code: CLIENT_ERROR_CODES.NETWORK_ERROR,
        message: `Network error on ${init.method} ${url}: ${describeCause(cause)}`,
        cause,
      }),
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** "fetch failed" says little; Node keeps the useful part (ECONNRESET, …) in `cause`. */
function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = (error as { cause?: unknown }).cause;
  if (inner instanceof Error) {
    const code = (inner as { code?: unknown }).code;
    return `${error.message} (${typeof code === 'string' ? `${code}: ` : ''}${inner.message})`;
  }
  return error.message;
}

/**
 * The default sleep: setTimeout that an abort cuts short with an AbortError.
 * Bounded like every retry wait, so the timer never overflows.
 */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortErrorFrom(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortErrorFrom(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, boundedDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
