/**
 * A request body is judged by its rate, not only by a total: a trickle is cut soon
 * after the grace, while a steady slow upload finishes even when it takes longer than
 * the request timeout. The servers run with the thresholds shrunk by `serve` flags.
 * What the tests count is what they control: bytes sent and the pacing between them,
 * each far from the threshold (a two-hundredth of it for the trickle, forty times
 * it for the upload), so a slow or busy machine does not change the verdict.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates/iso-day.js';
import { openConnection, parseResponse, type RawConnection } from './testing/raw-socket.js';
import {
  api,
  createTokenCli,
  killAllChildren,
  projectAndWell,
  runCli,
  startServe,
  tempDir,
  type ServerProcess,
} from './testing/spawn-server.js';

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/** The CSV import's request line and headers, for a body of `length` bytes. */
function importHead(ids: { projectId: string; wellId: string }, token: string, length: number) {
  return (
    `POST /api/v1/projects/${ids.projectId}/wells/${ids.wellId}/production/import HTTP/1.1\r\n` +
    `Host: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: text/csv\r\n` +
    `Content-Length: ${length}\r\nConnection: close\r\n\r\n`
  );
}

/** `rows` days of production from 1990-01-01, as the CSV import takes them. */
function csv(rows: number): string {
  const lines = ['date,oil_rate,water_rate,gas_rate'];
  for (let i = 0; i < rows; i++) lines.push(`${addDays('1990-01-01', i)},${100 + (i % 50)},20,300`);
  return `${lines.join('\n')}\n`;
}

/** How many days from 1990 on have an oil rate stored for the well. */
async function storedDays(
  server: ServerProcess,
  token: string,
  ids: { projectId: string; wellId: string },
): Promise<number> {
  const path = `/projects/${ids.projectId}/wells/${ids.wellId}/production?from=1990-01-01&to=2030-12-31&fields=oil_rate`;
  const read = await api(server, token, 'GET', path);
  expect(read.status).toBe(200);
  const rows = (read.json as { data: Array<{ oil_rate: number | null }> }).data;
  return rows.filter((row) => row.oil_rate !== null).length;
}

describe('the minimum body rate', () => {
  const temp = tempDir();
  const db = join(temp.dir, 'server.db');
  let token: string;

  const start = (flags: {
    requestMs: number;
    minRate: number;
    windowMs: number;
    graceMs: number;
  }): Promise<ServerProcess> =>
    startServe([
      ...['--db', db, '--port', '0', '--log-level', 'warn'],
      ...['--headers-timeout-ms', '1000', '--idle-timeout-ms', '60000'],
      ...['--request-timeout-ms', String(flags.requestMs)],
      ...['--min-body-rate', String(flags.minRate)],
      ...['--body-rate-window-ms', String(flags.windowMs)],
      ...['--body-rate-grace-ms', String(flags.graceMs)],
    ]);

  beforeAll(async () => {
    token = await createTokenCli(db, 'uploader', ['--plan', 'enterprise']);
  }, 30_000);

  afterAll(async () => {
    await killAllChildren();
    temp.cleanup();
  });

  it('cuts a trickling body with 408 soon after the grace, long before the request timeout, and stores nothing', async () => {
    // The request timeout is a minute: only the rate can cut within seconds.
    const server = await start({
      requestMs: 60_000,
      minRate: 1024,
      windowMs: 1_000,
      graceMs: 1_000,
    });
    const ids = await projectAndWell(server, token);
    const body = csv(20);
    const connection = await openConnection(server.port);
    await connection.write(importHead(ids, token, body.length));
    // A byte every 200 ms (5 bytes/s, a two-hundredth of the minimum): the body would take minutes.
    const sent = await trickle(connection, body, 200);

    expect(connection.isClosed()).toBe(true);
    // Grace + window is 2 s, 10 bytes at this pace; 30 bytes leaves 4 s for a busy machine.
    expect(sent).toBeLessThanOrEqual(30);
    const response = parseResponse(connection.received());
    expect(response.status).toBe(408);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: 408, error: 'Request Timeout' });
    expect(await storedDays(server, token, ids)).toBe(0);
    server.signal('SIGTERM');
    await server.exited;
  }, 60_000);

  it('lets a steady slow upload finish although it takes several request timeouts, and stores it', async () => {
    // The request timeout is one second; the upload takes at least five.
    const requestMs = 1_000;
    const server = await start({ requestMs, minRate: 1024, windowMs: 2_000, graceMs: 1_000 });
    const ids = await projectAndWell(server, token);
    const rows = 10_000;
    const body = csv(rows);
    const chunks = 50;
    const pauseMs = 100;
    const connection = await openConnection(server.port);
    await connection.write(importHead(ids, token, body.length));
    const started = Date.now();
    // 220 KB in 50 chunks of 4.4 KB every 100 ms: some 44 KB/s, forty times the minimum.
    // A window of 2 s needs 2 KB, half a chunk, so a pause of almost 2 s would still pass.
    expect(body.length).toBeGreaterThan(200_000);
    const size = Math.ceil(body.length / chunks);
    for (let at = 0; at < body.length; at += size) {
      expect(await connection.write(body.slice(at, at + size))).toBe(true);
      await sleep(pauseMs);
    }
    await connection.closed;
    expect(Date.now() - started).toBeGreaterThan(4 * requestMs);

    const response = parseResponse(connection.received());
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ inserted: rows, updated: 0, total: rows });
    expect(await storedDays(server, token, ids)).toBe(rows);
    server.signal('SIGTERM');
    await server.exited;
  }, 60_000);

  it.concurrent.for([
    {
      args: ['--min-body-rate', '1.5'],
      mentions: '--min-body-rate must be a whole number of bytes per second ≥ 0',
    },
    {
      args: ['--body-rate-window-ms', '0'],
      mentions: '--body-rate-window-ms must be a whole number of milliseconds ≥ 1',
    },
    {
      args: ['--body-rate-grace-ms', 'soon'],
      mentions: '--body-rate-grace-ms must be a whole number of milliseconds ≥ 0',
    },
  ])(
    'serve refuses $args with exit code 2 and a message',
    { timeout: 30_000 },
    async ({ args, mentions }, { expect }) => {
      const result = await runCli(['serve', '--db', db, '--port', '0', ...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(mentions);
    },
  );
});

/** Writes `text` one character every `everyMs` until it is sent or the server closes; returns how many were sent. */
async function trickle(connection: RawConnection, text: string, everyMs: number): Promise<number> {
  let sent = 0;
  for (const char of text) {
    if (!(await connection.write(char))) break;
    sent++;
    await Promise.race([connection.closed, sleep(everyMs)]);
    if (connection.isClosed()) break;
  }
  return sent;
}
