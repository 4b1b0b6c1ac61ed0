import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '#core/create-core.js';
import { FileSecretStore } from '#core/secret-store.js';
import type { HandlerReply } from '#shared/desktop/index.js';
import { startWebHost, type WebHost } from './web-host-server.js';

/**
 * The page's own bridge, imported by a path held in a variable: its module is browser code,
 * type-checked under renderer/tsconfig.json (DOM types), not with this Node test.
 */
const WEB_BRIDGE = '#renderer/bridge/web-bridge.js';
async function createWebBridge(): Promise<{
  send(name: string, args: unknown): Promise<HandlerReply<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}> {
  const module = (await import(WEB_BRIDGE)) as { createWebBridge: () => never };
  return module.createWebBridge();
}

/**
 * What the browser host refuses reaches the page as a refusal with the host's reason, not as
 * "offline": the real host (with a small body limit, so a refused body is small to send) and
 * the page's real bridge, its fetch pointed at the host with the session cookie a browser
 * would send.
 */
const LIMIT = 4096;
const realFetch = globalThis.fetch;
let dir: string;
let core: Core;
let host: WebHost;
let cookie = '';
let pageKey = '';

function post(
  path: string,
  headers: Record<string, string>,
  body: string | string[],
): Promise<{ status: number; body: string }> {
  const { port } = new URL(host.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          host: `127.0.0.1:${port}`,
          cookie,
          origin: `http://127.0.0.1:${port}`,
          'x-flowline-key': pageKey,
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    // Several writes without a Content-Length: the body arrives chunked, its size unknown.
    for (const part of Array.isArray(body) ? body : [body]) req.write(part);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-web-refusals-'));
  const staticDir = join(dir, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Flowline</title>');
  core = await createCore({
    dataDir: join(dir, 'data'),
    secretStore: new FileSecretStore(join(dir, 'data')),
    log: () => undefined,
  });
  host = await startWebHost({ core, staticDir, maxRpcBody: LIMIT });
  const session = await fetch(host.launchUrl, { redirect: 'manual' });
  cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string;
  expect(cookie).toMatch(/^flowline_session_\d+=/);
  pageKey = /name="flowline-page-key" content="([\w-]+)"/.exec(await session.text())?.[1] ?? '';
  expect(pageKey).not.toBe('');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

afterAll(async () => {
  await host.close();
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web host refuses with a reason', () => {
  it('answers a body over the limit with 413 and the limit, whether its length is declared or not', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(LIMIT) });
    const declared = await post(
      '/rpc/connections-list',
      { 'content-type': 'application/json', 'content-length': String(big.length) },
      big,
    );
    expect(declared).toEqual({
      status: 413,
      body: `Request too large: the host takes at most ${LIMIT} bytes a request.`,
    });
    const chunked = await post('/rpc/connections-list', { 'content-type': 'application/json' }, [
      big.slice(0, LIMIT / 2),
      big.slice(LIMIT / 2),
    ]);
    expect(chunked.status).toBe(413);
    // The host still answers afterwards.
    const ok = await post('/rpc/connections-list', { 'content-type': 'application/json' }, '{}');
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true });
  });

  it('answers a body that is not JSON with 415 and what to send', async () => {
    const response = await post('/rpc/connections-list', { 'content-type': 'text/plain' }, '{}');
    expect(response.status).toBe(415);
    expect(response.body).toMatch(/must be JSON \(Content-Type: application\/json\)/);
  });
});

describe('the page’s bridge reports what the host refused as refused', () => {
  /**
   * The bridge's relative fetches, sent to the host as the page's browser would send them
   * (the cookie, and Sec-Fetch-Site), with the page key in the page's storage as the sign-in
   * page leaves it (`key`: null for none).
   */
  function pageFetch(extra: Record<string, string> = {}, key: string | null = pageKey) {
    const stored = new Map(key === null ? [] : [['flowline-page-key', key]]);
    vi.stubGlobal('localStorage', { getItem: (name: string) => stored.get(name) ?? null });
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) =>
      realFetch(new URL(input, `${host.url.replace(/\/?$/, '/')}`), {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          cookie,
          'sec-fetch-site': 'same-origin',
          ...extra,
        },
      }),
    );
  }

  it('relays a reply when nothing is refused', async () => {
    pageFetch();
    const reply = await (await createWebBridge()).send('connections-list', {});
    expect(reply).toMatchObject({ ok: true, result: { connections: [] } });
  });

  it('a body over the limit: refused (413) with the host’s reason', async () => {
    pageFetch();
    const reply = await (
      await createWebBridge()
    ).send('connections-test', {
      baseUrl: `https://example.com/${'x'.repeat(LIMIT)}`,
      token: 't',
    });
    expect(reply).toEqual({
      ok: false,
      error: {
        type: 'refused',
        message: `The Flowline host refused the request (413): Request too large: the host takes at most ${LIMIT} bytes a request.`,
        details: { status: 413 },
      },
    });
  });

  it('a request from another site: refused (403) with the host’s reason', async () => {
    pageFetch({ 'sec-fetch-site': 'cross-site' });
    const reply = await (await createWebBridge()).send('connections-list', {});
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.type).toBe('refused');
    expect(reply.error.message).toMatch(
      /^The Flowline host refused the request \(403\): Forbidden: a request from another site/,
    );
  });

  it('without the page key, or with another launch’s: refused (403), saying to open the link', async () => {
    for (const key of [null, 'an-earlier-launch']) {
      pageFetch({}, key);
      const reply = await (await createWebBridge()).send('connections-list', {});
      expect(reply).toMatchObject({
        ok: false,
        error: { type: 'refused', details: { status: 403 } },
      });
      if (reply.ok) return;
      expect(reply.error.message).toMatch(
        /^The Flowline host refused the request \(403\): Forbidden: the request (does not carry|carries a wrong) (the )?page key .*open Flowline with the link `npm run web` printed\.$/,
      );
    }
  });

  it('a malformed %-escape: refused (400) with the host’s reason', async () => {
    pageFetch();
    const reply = await (await createWebBridge()).send('%E0%A4%A', {});
    expect(reply).toEqual({
      ok: false,
      error: {
        type: 'refused',
        message:
          'The Flowline host refused the request (400): Bad request: the path has a malformed %-escape.',
        details: { status: 400 },
      },
    });
  });

  it('streams core events to the page’s listeners, with the key; none without it', async () => {
    const requests: Array<Promise<Response>> = [];
    const watch = () => {
      const inner = globalThis.fetch;
      vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
        const response = inner(input, init);
        requests.push(response);
        return response;
      });
    };
    pageFetch({}, null);
    watch();
    const keyless: unknown[] = [];
    (await createWebBridge()).on('cache-changed', (payload) => keyless.push(payload));
    expect(await requests[0]!.then((response) => response.status)).toBe(403);

    pageFetch();
    watch();
    const received: unknown[] = [];
    const stop = (await createWebBridge()).on('cache-changed', (payload) => received.push(payload));
    expect(await requests[1]!.then((response) => response.status)).toBe(200);
    // Emitted until one arrives: the stream registers with the host just after its headers.
    for (let n = 0; received.length === 0; n++) {
      core.events.emit('cache-changed', { connectionId: `con_${n}`, kind: 'projects' });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(received[0]).toEqual({
      connectionId: expect.stringMatching(/^con_\d+$/),
      kind: 'projects',
    });
    expect(keyless).toEqual([]);
    stop();
  });

  it('a host that is not running: offline', async () => {
    vi.stubGlobal('fetch', () => realFetch('http://127.0.0.1:9/rpc/connections-list'));
    const reply = await (await createWebBridge()).send('connections-list', {});
    expect(reply).toMatchObject({ ok: false, error: { type: 'offline' } });
  });
});
