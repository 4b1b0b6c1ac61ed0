import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP proxy between the core and the real server that injects the failures
 * a field laptop sees: rate limits, server errors, slow answers, connections that drop,
 * and writes whose response is lost after the server applied them (so the client sends
 * them again: duplicate delivery). Test-only.
 */
export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'html'; status: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'reset' }
  /** Forward to the server, then drop the connection before the client hears the answer. */
  | { kind: 'lose-response' };

export interface FaultProxy {
  /** Base URL of the proxied API, ending in /api/v1. */
  url: string;
  /** Faults applied to the next requests, one each, in order. */
  queue(...faults: Fault[]): void;
  /** A fault applied to every request until cleared with null (e.g. a reset = offline). */
  always(fault: Fault | null): void;
  /** Drops the queued faults not used yet. */
  clear(): void;
  /** Requests seen, with the fault (if any) applied to each. */
  log: Array<{ method: string; path: string; fault: Fault['kind'] | null }>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const pending: Fault[] = [];
  let standing: Fault | null = null;
  const log: FaultProxy['log'] = [];

  const server = http.createServer((request, response) => {
    const fault = pending.shift() ?? standing;
    log.push({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      fault: fault?.kind ?? null,
    });
    const forward = () => {
      const outgoing = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: upstream.host },
        },
        (answer) => {
          if (fault?.kind === 'lose-response') {
            answer.resume();
            answer.on('end', () => request.socket.destroy());
            return;
          }
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      outgoing.on('error', () => request.socket.destroy());
      // A delayed request may have been read in full already: pipe would never end the
      // upstream request, leaving the server a connection without one until its headers
      // timeout (which holds up its close by a minute).
      if (request.readableEnded) outgoing.end();
      else request.pipe(outgoing);
    };
    switch (fault?.kind) {
      case undefined:
      case 'lose-response':
        return forward();
      case 'delay':
        // The client may have given up meanwhile (a timeout): then nothing is forwarded.
        return void setTimeout(() => {
          if (!request.socket.destroyed) forward();
        }, fault.ms);
      case 'reset':
        request.resume();
        return void request.socket.destroy();
      case 'html':
        request.resume();
        response.writeHead(fault.status, { 'content-type': 'text/html' });
        return void response.end('<html><body><h1>Bad Gateway</h1></body></html>');
      case 'status':
        request.resume();
        response.writeHead(fault.status, {
          'content-type': 'application/json',
          ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
        });
        return void response.end(
          JSON.stringify({
            error: {
              code: 'INJECTED',
              message: `injected ${fault.status}`,
              requestId: 'req_proxy',
            },
          }),
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    queue: (...faults) => pending.push(...faults),
    always: (fault) => {
      standing = fault;
    },
    clear: () => {
      pending.length = 0;
    },
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
