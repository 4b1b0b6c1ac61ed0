import autocannon from 'autocannon';
import { config } from './config.js';

/** One autocannon run against one GET path, reduced to the numbers the table shows. */

export interface LoadResult {
  path: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Anything but a 2xx, and transport errors/timeouts: a clean run has all zeros. */
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  path: string;
  token: string;
  connections?: number;
  seconds?: number;
  /** When set, request n goes to varyPath(n) instead of `path` (defeats the response cache). */
  varyPath?: (n: number) => string;
}

function run(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  const vary = options.varyPath;
  let n = 0;
  return autocannon({
    url: `${options.url}${options.path}`,
    connections: options.connections ?? config.connections,
    duration: seconds,
    headers: { authorization: `Bearer ${options.token}` },
    ...(vary
      ? {
          requests: [
            { setupRequest: (request: autocannon.Request) => ({ ...request, path: vary(n++) }) },
          ],
        }
      : {}),
  });
}

/** A short unmeasured run first: the JIT, SQLite's page cache and keep-alive sockets warm up. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  await run(options, config.warmupSeconds);
  const seconds = options.seconds ?? config.loadSeconds;
  const result = await run(options, seconds);
  return {
    path: options.path,
    connections: result.connections,
    seconds: result.duration,
    requests: result.requests.total,
    // Total over wall time, not autocannon's per-second samples, so a slow last second counts.
    rps: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
