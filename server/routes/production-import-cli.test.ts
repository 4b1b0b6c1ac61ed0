/**
 * The `serve` flags that bound the CSV imports at once, through the real CLI: a bad value
 * stops the server before it listens, a good one is the limit its 429s name.
 */
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  api,
  createTokenCli,
  killAllChildren,
  projectAndWell,
  runCli,
  startServe,
  tempDir,
} from '../process-tests/testing/spawn-server.js';

describe('serve --imports-per-token, --imports-per-server', () => {
  const temp = tempDir();
  const db = join(temp.dir, 'server.db');
  afterAll(async () => {
    await killAllChildren();
    temp.cleanup();
  });

  it.each([
    ['--imports-per-token', '0'],
    ['--imports-per-server', 'two'],
    ['--imports-per-server', '1.5'],
  ])('refuses %s %s before listening', async (flag, value) => {
    const result = await runCli(['serve', '--db', db, '--port', '0', flag, value]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${flag} must be a whole number ≥ 1, got ${value}`);
  });

  it('answers 429 for an import over --imports-per-server, and admits it once the first ends', async () => {
    const first = await createTokenCli(db, 'first', ['--plan', 'enterprise']);
    const second = await createTokenCli(db, 'second', ['--plan', 'enterprise']);
    const server = await startServe([
      ...['--db', db, '--port', '0', '--log-level', 'warn'],
      ...['--imports-per-server', '1'],
    ]);
    const { projectId, wellId } = await projectAndWell(server, first);
    const otherWell = await projectAndWell(server, second);
    const path = (project: string, well: string) =>
      `/api/v1/projects/${project}/wells/${well}/production/import`;

    // Two imports send their header and hold their bodies open. Whichever the server reaches
    // first holds its one slot until its body ends, so the other is refused, whatever the
    // order they arrive in: no race for the test to win.
    const openImport = (token: string, target: { projectId: string; wellId: string }) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: path(target.projectId, target.wellId),
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'text/csv',
          'transfer-encoding': 'chunked',
        },
      });
      const answer = new Promise<{ status: number; retryAfter?: string; body: string }>(
        (done, fail) => {
          request.on('error', fail);
          request.on('response', (response) => {
            let body = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              done({
                status: response.statusCode ?? 0,
                retryAfter: response.headers['retry-after'] as string | undefined,
                body,
              }),
            );
          });
        },
      );
      request.write('date,oil_rate\n');
      return { request, answer };
    };
    const a = openImport(first, { projectId, wellId });
    const b = openImport(second, otherWell);

    const refusedIndex = await Promise.race([a.answer.then(() => 0), b.answer.then(() => 1)]);
    const [refusedImport, heldImport] = refusedIndex === 0 ? [a, b] : [b, a];
    const refused = await refusedImport.answer;
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('10');
    expect((JSON.parse(refused.body) as { error: { message: string } }).error.message).toContain(
      '1 at a time on this server',
    );
    refusedImport.request.destroy();

    heldImport.request.end('2024-01-01,5\n');
    expect(await heldImport.answer).toMatchObject({
      status: 200,
      body: JSON.stringify({ inserted: 1, updated: 0, total: 1 }),
    });
    // The slot is free again: an import of the refused one's well now goes in.
    const refusedTarget = refusedImport === a ? { projectId, wellId } : otherWell;
    const refusedToken = refusedImport === a ? first : second;
    const again = await fetch(
      `${server.origin}${path(refusedTarget.projectId, refusedTarget.wellId)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${refusedToken}`, 'content-type': 'text/csv' },
        body: 'date,oil_rate\n2024-01-01,5\n',
      },
    );
    expect(again.status).toBe(200);
    const stored = await api(
      server,
      first,
      'GET',
      `/projects/${projectId}/wells/${wellId}/production?from=2024-01-01&to=2024-01-01`,
    );
    expect((stored.json as { data: unknown[] }).data).toHaveLength(1);
  });
});
