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

    // The first import sends its header and waits: it holds the server's one slot.
    const held = httpRequest({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: path(projectId, wellId),
      headers: {
        authorization: `Bearer ${first}`,
        'content-type': 'text/csv',
        'transfer-encoding': 'chunked',
      },
    });
    const heldAnswer = new Promise<{ status: number; body: string }>((done, fail) => {
      held.on('error', fail);
      held.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body }));
      });
    });
    held.write('date,oil_rate\n');

    const importSecond = () =>
      fetch(`${server.origin}${path(otherWell.projectId, otherWell.wellId)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${second}`, 'content-type': 'text/csv' },
        body: 'date,oil_rate\n2024-01-01,1\n',
      });
    // Until the first import's handler runs, the second may still get in (and writes its row).
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 200 && !refused; attempt++) {
      const response = await importSecond();
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(200);
    }
    expect(refused?.headers.get('retry-after')).toBe('10');
    expect(((await refused!.json()) as { error: { message: string } }).error.message).toContain(
      '1 at a time on this server',
    );

    held.end('2024-01-01,5\n');
    expect(await heldAnswer).toEqual({
      status: 200,
      body: JSON.stringify({ inserted: 1, updated: 0, total: 1 }),
    });
    expect((await importSecond()).status).toBe(200);
    const stored = await api(
      server,
      first,
      'GET',
      `/projects/${projectId}/wells/${wellId}/production?from=2024-01-01&to=2024-01-01`,
    );
    expect((stored.json as { data: unknown[] }).data).toHaveLength(1);
  });
});
