import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWebHost, ROOT } from '#scripts/build-desktop.mjs';
import { startWebHost, type RunningWebHost } from '../../e2e/support/web-host.js';

/**
 * The browser host as `npm run web` runs it: one bundle (scripts/build-desktop.mjs --web-host)
 * started by Node without tsx. It starts, signs a browser in with the link it prints, and its
 * core answers the page.
 */

let base: string;
let dataDir: string;
let host: RunningWebHost;

beforeAll(async () => {
  // Inside the repository, so the bundle resolves node_modules (better-sqlite3) like the app.
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  base = mkdtempSync(join(ROOT, 'dist', '.test-web-host-'));
  const renderer = join(base, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Flowline</title>');
  const bundle = await bundleWebHost({ outDir: join(base, 'web-host'), quiet: true });
  dataDir = mkdtempSync(join(tmpdir(), 'flowline-bundle-'));
  process.env.FLOWLINE_RENDERER_DIR = renderer;
  try {
    host = await startWebHost(dataDir, { bundle, args: ['--demo-offline'] });
  } finally {
    delete process.env.FLOWLINE_RENDERER_DIR;
  }
}, 60_000);

afterAll(async () => {
  await host?.stop();
  rmSync(base, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled browser host', () => {
  it('signs a browser in with the printed link, and its core answers the page', async () => {
    const signIn = await fetch(host.launchUrl, { redirect: 'manual' });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    const page = await signIn.text();
    const key = /<meta name="flowline-page-key" content="([\w-]+)">/.exec(page)?.[1] ?? '';
    expect(key).toMatch(/^[\w-]{43}$/);
    const origin = new URL(host.launchUrl).origin;
    const answer = await fetch(`${origin}/rpc/connections-list`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: cookie,
        'Sec-Fetch-Site': 'same-origin',
        'X-Flowline-Key': key,
      },
      body: '{}',
    });
    expect(answer.status).toBe(200);
    // Started with --demo-offline: the demo workspace is there, its server unreachable.
    const reply = (await answer.json()) as {
      ok: boolean;
      result: { connections: Array<{ name: string }> };
    };
    expect(reply.ok).toBe(true);
    expect(reply.result.connections.map((connection) => connection.name)).toEqual([
      'Demo workspace',
    ]);
  });
});
