import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A scripted HTTP server on 127.0.0.1 for what our real server never does:
 * HTML error pages, truncated JSON, absent or unknown members, connection
 * resets, silence. Each request is answered by the next step of the script
 * (the last step repeats).
 */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Step = (request: IncomingMessage, response: ServerResponse, body: string) => void;

export interface FakeServer {
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startFakeServer(steps: Step[]): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      const step = steps[Math.min(requests.length - 1, steps.length - 1)];
      step?.(request, response, body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Silent steps leave sockets open; end them so close() returns.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON with the given status and extra headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Step {
  return (_request, response) => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
}

/** Answers any text with the given content type. */
export function text(
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): Step {
  return (_request, response) => {
    response.writeHead(status, { 'Content-Type': contentType, ...headers });
    response.end(body);
  };
}

/** Resets the connection after reading the request, before any answer. */
export const reset: Step = (request) => {
  request.socket.destroy();
};

/** Never answers (for timeouts); close() ends the socket. */
export const silence: Step = () => {};

/** Sends headers and half a body, then resets: a body cut off mid-way. */
export const cutMidBody: Step = (request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
  response.write('{"id": "prj_1", "na');
  setTimeout(() => request.socket.destroy(), 10);
};
