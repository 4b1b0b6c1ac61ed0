import { createHash } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '#core/create-core.js';
import { FileSecretStore } from '#core/secret-store.js';
import { LINK_LIFETIME_MS, startWebHost, type WebHost } from './web-host-server.js';

let dir: string;
let staticDir: string;
let core: Core;
let host: WebHost;
let cookie = '';
/** The page key, as the sign-in page hands it to the page. */
let pageKey = '';
/** What the app's own page sends with a request for data, besides the cookie. */
const own = () => ({
  origin: host.url.replace(/\/$/, ''),
  'sec-fetch-site': 'same-origin',
  'x-flowline-key': pageKey,
});

/** Raw requests, so the test controls the Host header and cookies exactly. */
function request(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  to: WebHost = host,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(to.url);
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
  staticDir = join(dir, 'renderer');
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

  it('exchanges the one-time secret for a cookie named after the port and the page key, once', async () => {
    const launch = new URL(host.launchUrl);
    const link = `${launch.pathname}${launch.search}`;
    const wrong = await request('/session?key=wrong');
    expect(wrong).toMatchObject({
      status: 403,
      body: expect.stringMatching(/^This link is wrong\./),
    });
    const first = await request(link);
    expect(first.status).toBe(200);
    const setCookie = first.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(new RegExp(`^flowline_session_${launch.port}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    cookie = setCookie.split(';')[0] as string;
    pageKey = /<meta name="flowline-page-key" content="([\w-]+)">/.exec(first.body)?.[1] ?? '';
    expect(pageKey).toMatch(/^[\w-]{43}$/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    // The sign-in page's one script may run (its hash is in the policy), and nothing else.
    const script = /<script>([\s\S]*)<\/script>/.exec(first.body)?.[1] ?? '';
    expect(script).toContain('location.replace');
    const hash = createHash('sha256').update(script).digest('base64');
    expect(first.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );

    // Another browser (no cookie) cannot use it again.
    const again = await request(link);
    expect(again.status).toBe(403);
    expect(again.body).toMatch(/^This link has already been used .* Restart `npm run web`/);
    expect(again.headers['set-cookie']).toBeUndefined();
    // The browser that used it, opening it again, gets the app (and its key again).
    const reopened = await request(link, { headers: { cookie } });
    expect(reopened.status).toBe(200);
    expect(reopened.headers['set-cookie']).toBeUndefined();
    expect(reopened.body).toContain(`content="${pageKey}"`);
    // Signed in, any other /session address just opens the app.
    const elsewhere = await request('/session?key=wrong', { headers: { cookie } });
    expect(elsewhere).toMatchObject({ status: 302, headers: { location: '/' } });
    expect(elsewhere.body).not.toContain(pageKey);
  });

  it('the cookie alone opens the renderer but never hands out the page key', async () => {
    for (const path of ['/', '/index.html', '/no-such-page']) {
      const page = await request(path, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.body).not.toContain(pageKey);
    }
  });

  it('lets the link sign in for five minutes after the host starts, and not after', async () => {
    let clock = Date.parse('2026-03-01T08:00:00Z');
    const timed = await startWebHost({ core, staticDir, events: [], now: () => clock });
    try {
      const launch = new URL(timed.launchUrl);
      const link = `${launch.pathname}${launch.search}`;
      clock += LINK_LIFETIME_MS + 1;
      const expired = await request(link, {}, timed);
      expect(expired.status).toBe(403);
      expect(expired.body).toBe(
        'This link has expired: it works for 5 minutes after `npm run web` prints it. Restart `npm run web` for a new one.',
      );
      expect(expired.headers['set-cookie']).toBeUndefined();
    } finally {
      await timed.close();
    }
    clock = Date.parse('2026-03-01T08:00:00Z');
    const fresh = await startWebHost({ core, staticDir, events: [], now: () => clock });
    try {
      const launch = new URL(fresh.launchUrl);
      clock += LINK_LIFETIME_MS; // the last moment it is still good
      const used = await request(`${launch.pathname}${launch.search}`, {}, fresh);
      expect(used.status).toBe(200);
      expect(used.headers['set-cookie']?.[0]).toMatch(/^flowline_session_\d+=/);
    } finally {
      await fresh.close();
    }
  });

  it('answers a malformed %-escape in the path with 400, signed in or not', async () => {
    for (const path of ['/%E0%A4%A', '/assets/%zz', '/rpc/%E0%A4%A', '/events%', '/session%zz']) {
      for (const headers of [{}, { cookie, ...own() }]) {
        const response = await request(path, { headers });
        expect(response.status, path).toBe(400);
        expect(response.body).toBe('Bad request: the path has a malformed %-escape.');
      }
    }
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
      request(`/rpc/${name}`, {
        method: 'POST',
        headers: { cookie, ...own(), 'content-type': type },
        body,
      });
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
        headers: { cookie, ...own(), 'content-type': 'application/json' },
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

  it("refuses /rpc and /events from another site's page, even with the cookie and the key", async () => {
    const { port } = new URL(host.url);
    const rpc = (headers: Record<string, string>) =>
      request('/rpc/connections-list', {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'x-flowline-key': pageKey,
          ...headers,
        },
        body: '{}',
      });
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: `http://127.0.0.1:${Number(port) + 1}` },
      // The same host under its other name is another origin too.
      { origin: `http://localhost:${port}` },
      { origin: `http://127.0.0.1:${port}/` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-site', origin: `http://127.0.0.1:${port}` },
    ];
    for (const headers of foreign) {
      const response = await rpc(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toMatch(/^Forbidden: a request from another (site|origin)/);
    }
    const events = await request('/events', {
      headers: { cookie, 'x-flowline-key': pageKey, 'sec-fetch-site': 'cross-site' },
    });
    expect(events.status).toBe(403);
    // The app's own page: a browser sends Sec-Fetch-Site, and Origin with every POST.
    const ownPage: Array<Record<string, string>> = [
      { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      { origin: `http://127.0.0.1:${port}` },
    ];
    for (const headers of ownPage) {
      expect((await rpc(headers)).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('refuses the data to a replayed cookie: without Origin and Sec-Fetch-Site, or the page key', async () => {
    const rpc = (headers: Record<string, string>) =>
      request('/rpc/projects-list', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const { 'x-flowline-key': key, ...browserSays } = own();
    expect(key).toBe(pageKey);

    // What a program that caught the cookie on another port sends: the cookie, nothing more.
    const bare = await rpc({});
    expect(bare.status).toBe(403);
    expect(bare.body).toBe(
      "Forbidden: the request does not say where it comes from (no Origin or Sec-Fetch-Site header): only Flowline's own page may call the host.",
    );
    expect((await rpc({ 'x-flowline-key': pageKey })).status).toBe(403);
    // Forging a browser's headers is not enough: the page key is what it cannot have.
    const noKey = await rpc(browserSays);
    expect(noKey).toEqual({
      status: 403,
      headers: expect.anything(),
      body: 'Forbidden: the request does not carry the page key (X-Flowline-Key): open Flowline with the link `npm run web` printed.',
    });
    for (const wrong of ['', 'x', `${pageKey.slice(0, -1)}A`, pageKey.toUpperCase()]) {
      if (wrong === pageKey) continue;
      const response = await rpc({ ...browserSays, 'x-flowline-key': wrong });
      expect(response.status, wrong).toBe(403);
      expect(response.body).toMatch(/^Forbidden: the request carries a wrong page key/);
    }
    for (const headers of [{}, browserSays, { ...browserSays, 'x-flowline-key': 'x' }]) {
      const events = await request('/events', { headers: { cookie, ...headers } });
      expect(events.status, JSON.stringify(headers)).toBe(403);
    }
    // The key without the cookie is not signed in.
    expect((await rpc({ ...own(), cookie: '' })).status).toBe(401);
    // And the page, with all of it, is answered by the core (no workspace yet: its reply says so).
    const answered = await rpc(own());
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ ok: false, error: { type: 'not-found' } });
  });

  it('streams core events as server-sent events', async () => {
    const { port } = new URL(host.url);
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/events',
          headers: { cookie, host: `127.0.0.1:${port}`, ...own() },
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
