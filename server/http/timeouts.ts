import type { ServerOptions } from 'node:http';
import { bodyRateChecked, type BodyRate } from './body-rate.js';

/**
 * How long the server waits on a client before closing the connection, so a client
 * that trickles its headers or body, or goes quiet, cannot hold a connection (and the
 * memory of a half-read body) for ever. Every value can be set with a serve flag.
 */
export interface ServerTimeouts {
  /** Until a request's headers have arrived in full; then 408 and the connection closes. */
  headersMs: number;
  /**
   * Until a request, body included, has arrived in full; then 408 and the connection
   * closes. With a minimum body rate (the default) this no longer cuts a body that keeps
   * the rate: it only ends the rate's grace early (see body-rate.ts).
   */
  requestMs: number;
  /** An idle kept-alive connection is closed after this long without a new request. */
  keepAliveMs: number;
  /**
   * A connection with no traffic either way for this long is closed: a stalled upload,
   * or a client that stopped reading its response. Long enough for the slowest handler.
   */
  idleMs: number;
}

/**
 * The desktop client gives up on any call after 30 s, so two minutes for a whole
 * request is generous; a large CSV import over a slow link may take longer, and does
 * as long as its body keeps the minimum rate. Headers come in one packet from any real
 * client. 5 s keep-alive is Node's own default; a proxy in front must close idle
 * connections before that.
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
  idleMs: 120_000,
};

/** The first problem with a set of timeouts, or undefined. */
export function timeoutsProblem(timeouts: ServerTimeouts): string | undefined {
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      return `${name} must be a whole number of milliseconds, at least 1 (got ${value})`;
    }
  }
  if (timeouts.headersMs > timeouts.requestMs) {
    return `the headers timeout (${timeouts.headersMs} ms) cannot be longer than the request timeout (${timeouts.requestMs} ms)`;
  }
  return undefined;
}

/**
 * node:http's own total for a request (0: none). Node counts it from the first byte
 * whatever the body does, so while the body rate is checked the guard applies the
 * request timeout instead, to bodies below the rate only.
 */
export function nodeRequestTimeoutMs(timeouts: ServerTimeouts, bodyRate: BodyRate): number {
  return bodyRateChecked(bodyRate) ? 0 : timeouts.requestMs;
}

/**
 * What node:http needs at creation. Node looks for expired requests only every
 * `connectionsCheckingInterval` (30 s by default, longer than a short timeout), so
 * the check runs at least four times per timeout, and at least every second.
 */
export function httpServerTimeouts(timeouts: ServerTimeouts, bodyRate: BodyRate): ServerOptions {
  const shortest = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: nodeRequestTimeoutMs(timeouts, bodyRate),
    connectionsCheckingInterval: Math.max(1, Math.min(1_000, Math.floor(shortest / 4))),
  };
}
