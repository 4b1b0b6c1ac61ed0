import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP proxy in front of the real server that answers chosen
 * requests itself, with any status, headers and body, computed from the
 * request (so it can echo what the client sent, Authorization included).
 * Everything else is forwarded untouched. Test-only.
 */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export type Answerer = (request: {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}) => ScriptedAnswer | null;

export interface ScriptedProxy {
  /** Base URL of the proxied API, ending in /api/v1. */
  url: string;
  /** Answers for the next requests, one each, in order. */
  queue(...answers: ScriptedAnswer[]): void;
  /** Consulted for every request the queue leaves; null from it (or no answerer) forwards. */
  always(answerer: Answerer | null): void;
  /** Requests seen, and whether the proxy answered them itself. */
  log: Array<{ method: string; path: string; answered: number | null }>;
  close(): Promise<void>;
}

export async function startScriptedProxy(target: string): Promise<ScriptedProxy> {
  const upstream = new URL(target);
  const pending: ScriptedAnswer[] = [];
  let standing: Answerer | null = null;
  const log: ScriptedProxy['log'] = [];

  const server = http.createServer((request, response) => {
    const seen = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
    };
    const answer = pending.shift() ?? standing?.(seen) ?? null;
    log.push({ method: seen.method, path: seen.path, answered: answer?.status ?? null });
    if (answer) {
      request.resume();
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        ...answer.headers,
      });
      response.end(answer.body ?? '');
      return;
    }
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    outgoing.on('error', () => request.socket.destroy());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    queue: (...answers) => pending.push(...answers),
    always: (answerer) => {
      standing = answerer;
    },
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
