import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnection, parseResponse } from '../process-tests/testing/raw-socket.js';
import {
  BodyRateMeter,
  bodyRatePeriodMs,
  bodyRateProblem,
  clientAdvanceMs,
  DEFAULT_BODY_RATE,
  installBodyRateGuard,
  type BodyRate,
} from './body-rate.js';

/** Feeds a meter one look per `stepMs`, `bytesAt(ms)` being the body so far; the client time it was cut at, or undefined. */
function cutAt(
  meter: BodyRateMeter,
  stepMs: number,
  untilMs: number,
  bytesAt: (ms: number) => number,
): number | undefined {
  for (let ms = stepMs; ms <= untilMs; ms += stepMs) {
    if (!meter.observe(stepMs, bytesAt(ms))) return ms;
  }
  return undefined;
}

describe('BodyRateMeter', () => {
  const rate = DEFAULT_BODY_RATE;

  it('cuts a body trickling a byte every 2 s once the grace is over, not before', () => {
    const meter = new BodyRateMeter(rate, 120_000);
    expect(cutAt(meter, 1_000, 120_000, (ms) => Math.floor(ms / 2_000))).toBe(10_000);
  });

  it('lets a steady 30 KB/s body run far past the request timeout', () => {
    const meter = new BodyRateMeter(rate, 120_000);
    // A 7 MB CSV at 30 KB/s: about four minutes.
    expect(cutAt(meter, 1_000, 240_000, (ms) => ms * 30)).toBeUndefined();
    expect(meter.clientMs).toBe(240_000);
  });

  it('cuts a body that stops after a fast start once the last window averages below the rate', () => {
    const meter = new BodyRateMeter(rate, 120_000);
    const bytesAt = (ms: number) => Math.min(ms, 60_000) * 30;
    // The window [60 s, 70 s] is the first with nothing in it.
    expect(cutAt(meter, 1_000, 120_000, bytesAt)).toBe(70_000);
  });

  it('judges a body younger than a window on its whole life so far', () => {
    const meter = new BodyRateMeter(
      { minBytesPerSecond: 1_000, windowMs: 10_000, graceMs: 2_000 },
      60_000,
    );
    // 1,500 bytes in 2 s is below 1,000 bytes/s on average, though a window has not passed.
    expect(cutAt(meter, 500, 60_000, () => 1_500)).toBe(2_000);
  });

  it('ends the grace early at the request timeout for a body below the rate, and only for one', () => {
    const slow = new BodyRateMeter(rate, 1_500);
    expect(cutAt(slow, 250, 60_000, (ms) => Math.floor(ms / 100))).toBe(1_500);
    const fast = new BodyRateMeter(rate, 1_500);
    expect(cutAt(fast, 250, 60_000, (ms) => ms * 30)).toBeUndefined();
  });

  it('does not count time the server held the body up', () => {
    const meter = new BodyRateMeter(rate, 120_000);
    expect(meter.observe(1_000, 30_000)).toBe(true);
    // The server stopped reading for ten minutes: no client time passes, nothing arrives.
    for (let i = 0; i < 600; i++) expect(meter.observe(0, 30_000)).toBe(true);
    expect(meter.clientMs).toBe(1_000);
    // The client's own silence still counts: cut after ten seconds of it (the window).
    expect(cutAt(meter, 1_000, 60_000, () => 30_000)).toBe(10_000);
  });
});

describe('clientAdvanceMs', () => {
  it('counts nothing while the socket is paused by the server', () => {
    expect(clientAdvanceMs(250, 250, true)).toBe(0);
  });
  it('counts a look on time, or a little late, in full', () => {
    expect(clientAdvanceMs(250, 250, false)).toBe(250);
    expect(clientAdvanceMs(500, 250, false)).toBe(500);
  });
  it('counts one period of a look the busy event loop delayed', () => {
    expect(clientAdvanceMs(5_000, 250, false)).toBe(250);
  });
});

describe('bodyRateProblem and bodyRatePeriodMs', () => {
  it('accepts the defaults and a check turned off', () => {
    expect(bodyRateProblem(DEFAULT_BODY_RATE)).toBeUndefined();
    expect(
      bodyRateProblem({ ...DEFAULT_BODY_RATE, minBytesPerSecond: 0, graceMs: 0 }),
    ).toBeUndefined();
  });
  it.for([
    [{ minBytesPerSecond: -1 }, 'minBytesPerSecond must be a whole number, at least 0 (got -1)'],
    [{ windowMs: 0 }, 'windowMs must be a whole number, at least 1 (got 0)'],
    [{ graceMs: 1.5 }, 'graceMs must be a whole number, at least 0 (got 1.5)'],
  ] as const)('refuses %o', ([change, message]) => {
    expect(bodyRateProblem({ ...DEFAULT_BODY_RATE, ...change })).toBe(message);
  });
  it('looks four times a window or timeout, at most every second', () => {
    expect(bodyRatePeriodMs(DEFAULT_BODY_RATE, 120_000)).toBe(1_000);
    expect(bodyRatePeriodMs({ ...DEFAULT_BODY_RATE, windowMs: 1_000 }, 120_000)).toBe(250);
    expect(bodyRatePeriodMs(DEFAULT_BODY_RATE, 400)).toBe(100);
  });
});

describe('installBodyRateGuard on a real server', () => {
  let server: Server | undefined;
  afterEach(async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    running.closeAllConnections();
    await new Promise((done) => running.close(done));
  });

  /** A server that reads each body after `readAfterMs`, answers its length, and answers a cut as node:http answers a timeout. */
  async function start(rate: BodyRate, totalMs: number, readAfterMs = 0) {
    const errors: Array<string | undefined> = [];
    const cuts: number[] = [];
    server = createServer((req: IncomingMessage, res) => {
      setTimeout(() => {
        let length = 0;
        req.on('data', (chunk: Buffer) => (length += chunk.length));
        req.on('end', () => res.end(String(length)));
      }, readAfterMs);
    });
    server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
      errors.push(error.code);
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    });
    installBodyRateGuard(server, rate, totalMs, { onCut: (cut) => cuts.push(cut.bytes) });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    return { port: (server.address() as AddressInfo).port, errors, cuts };
  }

  const rate: BodyRate = { minBytesPerSecond: 1_000, windowMs: 200, graceMs: 200 };
  const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

  it('cuts a trickle with a request-timeout client error and closes the connection', async () => {
    const { port, errors, cuts } = await start(rate, 60_000);
    const connection = await openConnection(port);
    await connection.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n');
    let sent = 0;
    // 20 bytes/s, a fiftieth of the minimum; the whole body would take 50 s.
    while (sent < 1_000 && (await connection.write('a'))) {
      sent++;
      await Promise.race([connection.closed, sleep(50)]);
    }
    expect(connection.isClosed()).toBe(true);
    expect(sent).toBeLessThan(1_000);
    expect(parseResponse(connection.received()).status).toBe(408);
    expect(errors).toEqual(['ERR_HTTP_REQUEST_TIMEOUT']);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toBeLessThanOrEqual(sent);
  }, 20_000);

  it('lets a body the server is slow to read wait, however long the wait', async () => {
    // The handler reads nothing for a second, five windows: the socket is paused, not slow.
    const { port, errors } = await start(rate, 200, 1_000);
    const connection = await openConnection(port);
    const body = 'b'.repeat(4 * 1024 * 1024);
    await connection.write(
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    await connection.closed;
    const response = parseResponse(connection.received());
    expect(response.status).toBe(200);
    expect(response.body).toBe(String(body.length));
    expect(errors).toEqual([]);
  }, 20_000);

  it('lets a steady body above the rate run past the request timeout', async () => {
    const { port, errors } = await start(rate, 200);
    const connection = await openConnection(port);
    const chunks = 20;
    const chunk = 'c'.repeat(2_000);
    await connection.write(
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${chunks * chunk.length}\r\nConnection: close\r\n\r\n`,
    );
    // 2,000 bytes every 50 ms (40 KB/s, forty times the minimum) for a second, five timeouts.
    for (let i = 0; i < chunks; i++) {
      expect(await connection.write(chunk)).toBe(true);
      await sleep(50);
    }
    await connection.closed;
    const response = parseResponse(connection.received());
    expect(response.status).toBe(200);
    expect(response.body).toBe(String(chunks * chunk.length));
    expect(errors).toEqual([]);
  }, 20_000);
});
