/**
 * Spellings of private paths sent byte for byte to a real server over a bare socket
 * (no client normalises them): each one is refused without a valid token, before its
 * body is read, and counts against the client address's rate limit like any other
 * request without a token.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openConnection,
  parseResponse,
  rawExchange,
  type RawResponseText,
} from './testing/raw-socket.js';
import {
  createTokenCli,
  killAllChildren,
  startServe,
  tempDir,
  type ServerProcess,
} from './testing/spawn-server.js';

const SPELLINGS = [
  '/%61pi/v1/projects',
  '/api/%761/projects',
  '/api/v1/%70rojects',
  '/%61%70%69/%76%31/%70%72%6F%6A%65%63%74%73',
  '/API/v1/projects',
  '//api/v1/projects',
  '/api//v1/projects',
  '/api/v1/./projects',
  '/api/v1/x/../projects',
  '/api%2Fv1/projects',
  '/api/v1/projects/',
  '/api/v1/projects?/healthz',
  '/api/v1/projects;/healthz',
  '/healthz/../api/v1/projects',
];

function send(
  server: ServerProcess,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawResponseText> {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== '') lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return rawExchange(server.port, `${lines.join('\r\n')}\r\n\r\n${body}`);
}

describe('encoded and odd spellings of private paths, on a real server', () => {
  const temp = tempDir();
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    const db = join(temp.dir, 'server.db');
    token = await createTokenCli(db, 'speller', ['--plan', 'enterprise']);
    server = await startServe(['--db', db, '--port', '0', '--log-level', 'warn']);
  }, 60_000);

  afterAll(async () => {
    await killAllChildren();
    temp.cleanup();
  });

  it('refuses every spelling without a valid token (401 where a token would be served, else 404), rate-limit headers on each', async () => {
    let served = 0;
    for (const path of SPELLINGS) {
      const withToken = await send(server, 'GET', path, { Authorization: `Bearer ${token}` });
      // A route that finds nothing (/projects/ is /projects/:id with an empty id) is a
      // 404 too; only "No resource at" means no route matched.
      const routed = !withToken.body.includes('"No resource at ');
      if (routed) served++;
      const refused: Array<Record<string, string>> = [
        {},
        { Authorization: 'Bearer flw_notARealToken' },
      ];
      for (const auth of refused) {
        const response = await send(server, 'GET', path, auth);
        expect(response.status, path).toBe(routed ? 401 : 404);
        expect(response.headers['x-ratelimit-limit'], path).toBe('60');
        expect(response.headers['cache-control'], path).toBe('no-store');
      }
    }
    // The percent-encoded spellings at least do reach the projects list.
    expect(served).toBeGreaterThanOrEqual(4);
  });

  it('answers a malformed JSON body with a bad token 401, without reading it', async () => {
    for (const path of SPELLINGS.slice(0, 4)) {
      const response = await send(
        server,
        'POST',
        path,
        { Authorization: 'Bearer flw_notARealToken', 'Content-Type': 'application/json' },
        `{"name": ${'['.repeat(50_000)}`,
      );
      expect(response.status, path).toBe(401);
      expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('closes the connection after refusing a request whose body has not arrived, instead of waiting to read it', async () => {
    for (const path of ['/%61pi/v1/projects', '/API/v1/projects']) {
      const connection = await openConnection(server.port);
      await connection.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          'Content-Length: 1000000\r\n\r\n{"name": "half a body',
      );
      // The request timeout is the default two minutes: only the answer can close it this soon.
      await Promise.race([connection.closed, new Promise((wait) => setTimeout(wait, 10_000))]);
      expect(connection.isClosed(), path).toBe(true);
      const response = parseResponse(connection.received());
      expect(response.status, path).toBe(path.startsWith('/API') ? 404 : 401);
      expect(response.headers.connection).toBe('close');
      // One answer, and nothing after it.
      expect(connection.received().split('HTTP/1.1 ').length - 1).toBe(1);
    }
  });

  it('spends the address budget on encoded spellings too, then answers 429 with Retry-After', async () => {
    let limited: RawResponseText | undefined;
    for (let i = 0; i < 200 && !limited; i++) {
      const response = await send(server, 'GET', SPELLINGS[i % 4] as string);
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(401);
    }
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(limited?.body ?? '{}')).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});
