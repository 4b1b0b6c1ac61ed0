/**
 * A client cannot hold a connection open by sending slowly or not at all: the
 * server closes it once the headers, the whole request, an idle kept-alive
 * connection or a silent connection have taken longer than the configured timeout.
 * The servers here run with short timeouts (flags of `serve`); what the tests count
 * is what they control: how many bytes they managed to send before the server closed
 * the connection, never how long it took.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openConnection, parseResponse, type RawConnection } from './testing/raw-socket.js';
import {
  createTokenCli,
  killAllChildren,
  runCli,
  startServe,
  tempDir,
  type ServerProcess,
} from './testing/spawn-server.js';

/** Writes `text` one character every `everyMs` until it is sent or the server closes; returns how many were sent. */
async function trickle(connection: RawConnection, text: string, everyMs: number): Promise<number> {
  let sent = 0;
  for (const char of text) {
    if (!(await connection.write(char))) break;
    sent++;
    await Promise.race([connection.closed, new Promise((wait) => setTimeout(wait, everyMs))]);
    if (connection.isClosed()) break;
  }
  return sent;
}

/** Waits for the server to close the connection, for at most `patienceMs`; true if it did. */
async function closedWithin(connection: RawConnection, patienceMs: number): Promise<boolean> {
  await Promise.race([connection.closed, new Promise((wait) => setTimeout(wait, patienceMs))]);
  return connection.isClosed();
}

describe('timeouts on slow or silent clients', () => {
  const temp = tempDir();
  const db = join(temp.dir, 'server.db');
  let token: string;
  let server: ServerProcess;
  /** A server with short timeouts; `idleMs` long unless idleness is what is tested. */
  const start = (timeouts: { headersMs: number; requestMs: number; idleMs: number }) =>
    startServe([
      ...['--db', db, '--port', '0', '--log-level', 'warn'],
      ...['--headers-timeout-ms', String(timeouts.headersMs)],
      ...['--request-timeout-ms', String(timeouts.requestMs)],
      ...['--idle-timeout-ms', String(timeouts.idleMs)],
      ...['--keep-alive-timeout-ms', '500'],
    ]);

  afterAll(async () => {
    await killAllChildren();
    temp.cleanup();
  });

  it('answers 408 and closes the connection when a body trickles in a byte at a time', async () => {
    token = await createTokenCli(db, 'slow-writer', ['--plan', 'enterprise']);
    server = await start({ headersMs: 500, requestMs: 1_500, idleMs: 60_000 });
    const body = JSON.stringify({ name: 'Slow', description: 'x'.repeat(300) });
    const connection = await openConnection(server.port);
    await connection.write(
      `POST /api/v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // At 100 ms a byte, the whole body would take over 30 s.
    const sent = await trickle(connection, body, 100);
    expect(connection.isClosed()).toBe(true);
    expect(sent).toBeLessThan(body.length);
    expect(parseResponse(connection.received()).status).toBe(408);

    // The server itself is fine, and a prompt client is served as usual.
    const created = await fetch(`${server.api}/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Prompt' }),
    });
    expect(created.status).toBe(201);
  }, 60_000);

  it('answers 408 and closes the connection when the headers trickle in', async () => {
    const connection = await openConnection(server.port);
    const headers = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'y'.repeat(300)}\r\n\r\n`;
    const sent = await trickle(connection, headers, 100);
    expect(connection.isClosed()).toBe(true);
    expect(sent).toBeLessThan(headers.length);
    expect(parseResponse(connection.received()).status).toBe(408);
  }, 60_000);

  it('closes a connection that never sends a byte', async () => {
    const connection = await openConnection(server.port);
    expect(await closedWithin(connection, 30_000)).toBe(true);
  }, 60_000);

  it('closes a kept-alive connection left idle after its response', async () => {
    const connection = await openConnection(server.port);
    await connection.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await closedWithin(connection, 30_000)).toBe(true);
    const response = parseResponse(connection.received());
    expect(response.status).toBe(200);
    expect(response.headers.connection).toBe('keep-alive');
  }, 60_000);

  it('closes a connection that goes quiet in the middle of its body', async () => {
    server.signal('SIGTERM');
    await server.exited;
    // Only the idle timeout is short: the request timeout cannot be what closes it.
    server = await start({ headersMs: 60_000, requestMs: 60_000, idleMs: 500 });
    const connection = await openConnection(server.port);
    await connection.write(
      `POST /api/v1/projects HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
    );
    expect(await closedWithin(connection, 30_000)).toBe(true);
  }, 60_000);

  it.concurrent.for([
    { args: ['--request-timeout-ms', '0'], mentions: '--request-timeout-ms' },
    { args: ['--idle-timeout-ms', 'soon'], mentions: '--idle-timeout-ms' },
    {
      args: ['--headers-timeout-ms', '5000', '--request-timeout-ms', '1000'],
      mentions: '--headers-timeout-ms (5000) cannot be longer than --request-timeout-ms (1000)',
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
