import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCallError, REDACTED } from '#shared/client/index.js';
import { CORE_EVENT_NAMES, type OutboxGetResult } from '#shared/desktop/index.js';
import { toCsv, toJson } from '#renderer/sync/failed-export.js';
import { fromApiError } from './core-errors.js';
import { day } from './sync/testing/sync-fixture.js';
import {
  startScriptedProxy,
  type Answerer,
  type ScriptedProxy,
} from './sync/testing/scripted-proxy.js';
import { startCore, type CoreHarness } from './testing/core-harness.js';
import { startDemoServer, type DemoServer } from './testing/demo-server.js';

/**
 * A server (a real proxy in front of the demo server) that echoes the
 * request's Authorization header and the token, as is, URL-encoded and in
 * base64, in its error messages, bodies and per-record details. None of it
 * may reach the connection test, sync status, events, the outbox, the
 * failed-change exports, the logs or the cache file on disk.
 */

let demo: DemoServer;
let proxy: ScriptedProxy;
let harness: CoreHarness;
const seen: unknown[] = [];

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** What a careless server or debugging proxy says back. */
function echo(headers: Record<string, string | string[] | undefined>): string {
  const authorization = String(headers.authorization ?? '');
  const token = authorization.replace(/^Bearer /, '');
  return [
    `you sent Authorization: ${authorization}`,
    `token=${token}`,
    `as base64 ${base64(token)}`,
    `URL-encoded ${encodeURIComponent(token)}`,
    `headers {"authorization":"${authorization}"}`,
    'and Proxy-Authorization: Basic dXNlcjpodW50ZXIy',
  ].join('; ');
}

const envelope = (code: string, message: string, details?: unknown) =>
  JSON.stringify({
    error: { code, message, requestId: 'req_echo', ...(details ? { details } : {}) },
  });

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [3] });
  proxy = await startScriptedProxy(demo.baseUrl);
  harness = await startCore(
    { baseUrl: proxy.url, token: demo.token },
    { sync: { baseDelayMs: 5, maxDelayMs: 40 } },
  );
  for (const event of CORE_EVENT_NAMES)
    harness.core.events.on(event, (payload) => seen.push(payload));
});

afterAll(async () => {
  await harness.close();
  await proxy.close();
  await demo.close();
});

async function call(name: string, args: unknown): Promise<unknown> {
  const reply = await harness.core.invoke(name, args);
  seen.push(reply);
  return reply;
}

/** The token in every form the server echoed it, and the other credential. */
const secretForms = () => [
  demo.token,
  demo.token.slice(4, 20),
  encodeURIComponent(demo.token),
  base64(demo.token),
  'dXNlcjpodW50ZXIy',
];

describe('a server that echoes the token', () => {
  it('is scrubbed from every surface before it is shown, stored, logged or exported', async () => {
    const handlers = harness.core.handlers;
    const { data: projects } = await handlers['projects-list']({});
    const projectId = projects[0]!.id;
    const { wells } = (await handlers['wells-list']({ projectId, refresh: 'await' })).data;
    expect(wells.length).toBe(3);
    for (const well of wells) await handlers['wells-get']({ projectId, wellId: well.id });
    const { connections } = await handlers['connections-list']({});
    const connectionId = connections[0]!.id;

    // The connection test: refused with an echo, then a 503 whose JSON is broken right at the token.
    const probes: Answerer[] = [
      (request) => ({ status: 401, body: envelope('UNAUTHORIZED', echo(request.headers)) }),
      (request) => ({
        status: 503,
        body: `{"error": Bearer ${String(request.headers.authorization).slice(7)}}`,
      }),
      (request) => ({ status: 500, body: envelope('INTERNAL_ERROR', echo(request.headers)) }),
    ];
    for (const probe of probes) {
      proxy.always((request) =>
        request.path.startsWith('/api/v1/projects?') ? probe(request) : null,
      );
      const tested = (await call('connections-test', { connectionId })) as {
        result: { ok: boolean; message: string };
      };
      expect(tested.result.ok).toBe(false);
    }
    proxy.always(null);

    // Sync: the conflict read fails with an echo (status, events), then every write is refused with one.
    const [one, two, three] = wells;
    proxy.always((request) =>
      request.method === 'GET' && request.path.includes('/production')
        ? { status: 500, body: envelope('INTERNAL_ERROR', echo(request.headers)) }
        : null,
    );
    await call('records-save', {
      projectId,
      wellId: one!.id,
      records: [day('2024-10-01', { oil_rate: 1 }), day('2024-10-02', { oil_rate: 2 })],
    });
    const waiting = (await call('sync-status', {})) as { result: { phase: string } };
    let status = waiting.result;
    while (status.phase !== 'waiting')
      status = await new Promise((resolve) => {
        const off = harness.core.events.on('sync-status-changed', (next) => {
          off();
          resolve(next);
        });
      });
    expect(JSON.stringify(status)).toContain(REDACTED);
    seen.push(status);

    proxy.always((request) => {
      const text = echo(request.headers);
      if (request.method === 'POST')
        return {
          status: 422,
          body: envelope('UNPROCESSABLE', text, [
            { path: 'records[0].oil_rate', message: text },
            { path: `records[1].${String(request.headers.authorization)}`, message: text },
          ]),
        };
      if (request.method === 'PATCH') return { status: 409, body: envelope('CONFLICT', text) };
      if (request.method === 'DELETE') return { status: 403, body: envelope('FORBIDDEN', text) };
      return null;
    });
    await call('well-update', { projectId, wellId: two!.id, patch: { name: 'Echoed 2H' } });
    await call('records-delete', {
      projectId,
      wellId: three!.id,
      from: '2024-01-01',
      to: '2024-01-31',
    });
    const synced = (await call('sync-now', {})) as { result: { errors: number } };
    expect(synced.result.errors).toBe(3);
    proxy.always(null);

    // The outbox as the page reads it, and the failed-change exports made from it.
    const listed = (await call('outbox-list', {})) as {
      result: { operations: Array<{ seq: number }> };
    };
    const exports: string[] = [];
    for (const op of listed.result.operations) {
      const detail = (await call('outbox-get', { seq: op.seq })) as { result: OutboxGetResult };
      const data = { change: detail.result, wellName: 'Echoed', exportedAt: new Date(0) };
      exports.push(toCsv(data), toJson(data));
    }
    expect(exports.join('\n')).toContain(REDACTED);
    await harness.core.whenIdle();

    const logs = harness.logs.map((entry) => ({
      message: entry.message,
      error:
        entry.error instanceof Error
          ? `${entry.error.message} ${JSON.stringify(entry.error)}`
          : entry.error,
    }));
    const everything = JSON.stringify({ seen, exports, logs });
    // The server's words did arrive (else this test proves nothing), scrubbed.
    expect(everything).toContain('you sent Authorization: [redacted]');
    expect(everything).toContain('as base64 [redacted]');
    expect(everything).toContain('Proxy-Authorization: [redacted]');
    for (const secret of secretForms()) expect(everything).not.toContain(secret);
  });

  it('leaves none in the cache database on disk', async () => {
    await harness.closeCore();
    const files = readdirSync(harness.dataDir).filter((name) => name.startsWith('cache.db'));
    expect(files).toContain('cache.db');
    const bytes = files.map((file) => readFileSync(join(harness.dataDir, file)).toString('latin1'));
    // The rejected changes and their (scrubbed) answers are stored there.
    expect(bytes.join('')).toContain(REDACTED);
    for (const secret of secretForms()) expect(bytes.join('')).not.toContain(secret);
  });

  it('is scrubbed by the core too when an error did not come through the client', () => {
    const error = fromApiError(
      new ApiCallError({
        status: 502,
        code: 'BAD_GATEWAY',
        message: 'upstream said: Authorization: Bearer flw_0123456789abcdef',
        details: [{ path: 'headers', message: 'bearer flw_0123456789abcdef was refused' }],
      }),
    ).toJSON();
    expect(JSON.stringify(error)).not.toContain('flw_0123456789abcdef');
    expect(error.message).toBe(
      'The server failed (HTTP 502): upstream said: Authorization: [redacted]',
    );
    expect(error.details?.issues).toEqual([
      { path: 'headers', message: 'bearer [redacted] was refused' },
    ]);
  });
});
