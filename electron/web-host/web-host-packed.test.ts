import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePackedBody, PACKED_BODY_TYPE } from '#shared/desktop/index.js';
import { startWebHost, type HostedCore, type WebHost } from './web-host-server.js';

/** The browser host sends a reply holding typed arrays as a packed body, others as JSON. */

let dir: string;
let host: WebHost;
let cookie = '';
let pageKey = '';
const calls: Array<[string, unknown]> = [];

const core: HostedCore = {
  invokeFromRenderer: (name, args) => {
    calls.push([name, args]);
    if (name === 'production-columns') {
      return Promise.resolve({
        ok: true,
        result: {
          data: {
            days: new Int32Array([1, 2]),
            values: { oil_rate: new Float64Array([NaN, 2.5]) },
          },
          source: 'cache',
        },
      });
    }
    return Promise.resolve({ ok: true, result: { plain: [1, 2] } });
  },
  events: { on: () => () => undefined },
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-web-host-packed-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Flowline</title>');
  mkdirSync(join(dir, 'assets'));
  host = await startWebHost({ core, staticDir: dir, events: [] });
  const session = await fetch(host.launchUrl, { redirect: 'manual' });
  cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  pageKey = /name="flowline-page-key" content="([\w-]+)"/.exec(await session.text())?.[1] ?? '';
});

afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const rpc = (name: string) =>
  fetch(`${host.url}rpc/${name}`, {
    method: 'POST',
    // As the app's page sends it: the cookie, its origin and its page key.
    headers: {
      'content-type': 'application/json',
      cookie,
      origin: host.url.replace(/\/$/, ''),
      'x-flowline-key': pageKey,
    },
    body: JSON.stringify({ projectId: 'p' }),
  });

describe('web host replies', () => {
  it('sends typed arrays as a packed body the page decodes into the same arrays', async () => {
    const response = await rpc('production-columns');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(PACKED_BODY_TYPE);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const reply = decodePackedBody(await response.arrayBuffer()) as {
      result: { data: { days: Int32Array; values: { oil_rate: Float64Array } } };
    };
    expect(reply.result.data.days).toEqual(new Int32Array([1, 2]));
    expect(Array.from(reply.result.data.values.oil_rate)).toEqual([NaN, 2.5]);
  });

  it('keeps JSON for every other reply', async () => {
    const response = await rpc('projects-list');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: true, result: { plain: [1, 2] } });
    expect(calls.map(([name]) => name)).toEqual(['production-columns', 'projects-list']);
  });
});
