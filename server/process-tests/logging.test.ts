/**
 * Request logs are JSON lines tied to each request's id, and no token, valid or
 * not, well-formed or not, ever reaches stdout or stderr.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createTokenCli,
  killAllChildren,
  startServe,
  tempDir,
  type ServerProcess,
} from './testing/spawn-server.js';

interface Sent {
  status: number;
  requestId: string | null;
  body: string;
}

async function send(
  server: ServerProcess,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Sent> {
  const response = await fetch(`${server.api}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body,
  });
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    body: await response.text(),
  };
}

describe('server logs', () => {
  const temp = tempDir();
  afterEach(killAllChildren);
  afterAll(() => temp.cleanup());

  it.each(['info', 'trace'])(
    'at --log-level %s, log every request as JSON with its requestId and never a token',
    async (level) => {
      const file = join(temp.dir, `${level}.db`);
      const token = await createTokenCli(file, 'logged-user', ['--plan', 'enterprise']);
      const unknown = `flw_${randomBytes(32).toString('base64url')}`;
      const server = await startServe(['--db', file, '--port', '0', '--log-level', level]);

      const sent: Sent[] = [];
      sent.push(await send(server, '/projects', { authorization: `Bearer ${token}` }));
      sent.push(
        await send(
          server,
          '/projects',
          { authorization: `Bearer ${token}` },
          JSON.stringify({ name: 'Logged' }),
        ),
      );
      sent.push(
        await send(
          server,
          '/projects',
          { authorization: `Bearer ${token}` },
          JSON.stringify({ name: '' }),
        ),
      );
      sent.push(
        await send(server, '/projects', { authorization: `Bearer ${token}` }, '{"name": broken'),
      );
      sent.push(
        await send(server, '/projects/prj_doesNotExist', { authorization: `Bearer ${token}` }),
      );
      sent.push(await send(server, '/projects', { authorization: `bearer ${token}` }));
      sent.push(await send(server, '/projects', { authorization: `Bearer ${unknown}` }));
      sent.push(await send(server, '/projects', { authorization: `Token ${token}` }));
      sent.push(await send(server, '/projects', { authorization: `Bearer ${token}!` }));
      sent.push(await send(server, '/projects', { authorization: token }));
      sent.push(
        await send(server, '/projects', { 'x-api-key': token, cookie: `session=${token}` }),
      );
      sent.push(await send(server, '/nowhere', { authorization: `Bearer ${token}` }));
      // A client that wrongly puts its token in the URL must not leak it into the logs either.
      sent.push(await send(server, `/projects?access_token=${token}`, {}));

      expect(sent.map((response) => response.status)).toEqual([
        200, 201, 400, 400, 404, 200, 401, 401, 401, 401, 401, 404, 401,
      ]);
      for (const response of sent) {
        expect(response.requestId).toMatch(/^req_/);
        expect(response.body).not.toContain(token);
        expect(response.body).not.toContain(unknown);
      }

      server.signal('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });

      const output = `${server.stdout()}\n${server.stderr()}`;
      expect(output).not.toContain(token);
      expect(output).not.toContain(unknown);
      // Not even a recognisable piece of either.
      expect(output).not.toContain(token.slice(4, 24));
      expect(output).not.toContain(unknown.slice(4, 24));

      const lines = server
        .stdout()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map(
          (line) =>
            JSON.parse(line) as { requestId?: string; msg?: string; req?: { url?: string } },
        );
      for (const { requestId } of sent) {
        const own = lines.filter((line) => line.requestId === requestId);
        expect(own.map((line) => line.msg)).toEqual(
          expect.arrayContaining(['incoming request', 'request completed']),
        );
      }
    },
    60_000,
  );
});
