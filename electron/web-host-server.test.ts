import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from './core/create-core.js';
import { FileSecretStore } from './core/secret-store.js';
import { startWebHost, type WebHost } from './web-host-server.js';

let dir: string;
let core: Core;
let host: WebHost;
let cookie = '';

/** Raw requests, so the test controls the Host header and cookies exactly. */
function request(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(host.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-web-host-'));
  const staticDir = join(dir, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Flowline</title>');
  writeFileSync(join(dir, 'outside.txt'), 'secret file');
  core = await createCore({
    dataDir: join(dir, 'data'),
    secretStore: new FileSecretStore(join(dir, 'data')),
    log: () => undefined,
  });
  host = await startWebHost({ core, staticDir });
});

afterAll(async () => {
  await host.close();
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('web host', () => {
  it('refuses everything without the session cookie', async () => {
    expect((await request('/')).status).toBe(401);
    const rpc = await request('/rpc/projects-list', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rpc.status).toBe(401);
    expect((await request('/events')).status).toBe(401);
  });

  it('exchanges the one-time secret for an HttpOnly SameSite cookie, once', async () => {
    const launch = new URL(host.launchUrl);
    expect((await request('/session?key=wrong')).status).toBe(403);
    const first = await request(`${launch.pathname}${launch.search}`);
    expect(first.status).toBe(302);
    const setCookie = first.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    cookie = setCookie.split(';')[0] as string;
    expect((await request(`${launch.pathname}${launch.search}`)).status).toBe(403);
  });

  it('refuses a foreign Host header even with the cookie (DNS rebinding)', async () => {
    const response = await request('/', { headers: { host: 'evil.example', cookie } });
    expect(response.status).toBe(403);
  });

  it('serves the renderer with a strict Content-Security-Policy, and nothing outside it', async () => {
    const page = await request('/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Flowline</title>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toMatch(/https?:/);
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2Foutside.txt']) {
      const response = await request(path, { headers: { cookie } });
      expect(response.body).not.toContain('secret file');
    }
  });

  it('relays handlers, with arguments validated by the core and JSON required', async () => {
    const call = (name: string, body: string, type = 'application/json') =>
      request(`/rpc/${name}`, { method: 'POST', headers: { cookie, 'content-type': type }, body });
    const ok = await call('connections-list', '{}');
    expect(JSON.parse(ok.body)).toMatchObject({ ok: true, result: { connections: [] } });
    const bad = JSON.parse(
      (await call('wells-list', '{"projectId": 5, "sort": {"column": "colour"}}')).body,
    );
    expect(bad.ok).toBe(false);
    expect(bad.error.type).toBe('validation');
    expect(bad.error.message).toMatch(/projectId|sort/);
    const unknown = JSON.parse((await call('format-disk', '{}')).body);
    expect(unknown).toMatchObject({ ok: false, error: { type: 'not-found' } });
    expect((await call('connections-list', '{}', 'text/plain')).status).toBe(415);
    const malformed = JSON.parse((await call('connections-list', '{oops')).body);
    expect(malformed).toMatchObject({ ok: false, error: { type: 'validation' } });
  });

  it('never takes a path: files-grant is refused and import sources are text only', async () => {
    const call = (name: string, args: unknown) =>
      request(`/rpc/${name}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      }).then((response) => JSON.parse(response.body));
    const outside = join(dir, 'outside.txt');
    expect(await call('files-grant', { path: outside })).toEqual({
      ok: false,
      error: {
        type: 'forbidden',
        message:
          'The handler files-grant is for Flowline itself and cannot be called from the page',
      },
    });
    const byPath = await call('import-preview', {
      projectId: 'prj_1',
      source: { kind: 'path', path: outside },
      columns: [{ index: 0, target: 'date' }],
    });
    expect(byPath).toMatchObject({ ok: false, error: { type: 'validation' } });
    expect(byPath.error.details.issues[0].path).toBe('source.kind');
    const forged = await call('import-preview', {
      projectId: 'prj_1',
      source: { kind: 'file', handle: outside },
    });
    expect(forged).toMatchObject({ ok: false, error: { type: 'validation' } });
    expect(JSON.stringify([byPath, forged])).not.toContain('secret file');
  });

  it("refuses /rpc and /events from another site's page, even with the cookie", async () => {
    const { port } = new URL(host.url);
    const rpc = (headers: Record<string, string>) =>
      request('/rpc/connections-list', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: `http://127.0.0.1:${Number(port) + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of foreign) {
      const response = await rpc(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toMatch(/^Forbidden: a request from another (site|origin)/);
    }
    const events = await request('/events', {
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(events.status).toBe(403);
    // The app's own page: same origin (a browser sends both headers), or a tool sending neither.
    const own: Array<Record<string, string>> = [
      { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' },
      { origin: `http://localhost:${port}` },
      {},
    ];
    for (const headers of own) {
      expect((await rpc(headers)).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('streams core events as server-sent events', async () => {
    const { port } = new URL(host.url);
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/events',
          headers: { cookie, host: `127.0.0.1:${port}` },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
            if (text.includes('event: cache-changed')) {
              req.destroy();
              resolve(text);
            }
          });
          setTimeout(
            () => core.events.emit('cache-changed', { connectionId: 'con_1', kind: 'projects' }),
            50,
          );
        },
      );
      req.on('error', reject);
    });
    expect(received).toContain('data: {"connectionId":"con_1","kind":"projects"}');
  });
});
