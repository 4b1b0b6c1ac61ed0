import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  createAppRequestHandler,
  isAppUrl,
  resolveAppFile,
} from './app-protocol.js';
import { DESKTOP_CSP } from './csp.js';

let root: string;

beforeAll(() => {
  const parent = mkdtempSync(join(tmpdir(), 'flowline-protocol-'));
  root = join(parent, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Flowline</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(parent, 'secret.txt'), 'outside');
});

afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

describe('flowline://app', () => {
  it('recognises our origin only', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('flowline://app.evil/x')).toBe(false);
    expect(isAppUrl('https://app/x')).toBe(false);
    expect(isAppUrl('::')).toBe(false);
  });

  it('maps assets under the renderer folder, and routes to index.html', () => {
    expect(resolveAppFile('flowline://app/assets/app.js', root)).toEqual({
      ok: true,
      file: join(root, 'assets', 'app.js'),
      spaFallback: false,
    });
    expect(resolveAppFile('flowline://app/', root)).toMatchObject({
      ok: true,
      file: join(root, 'index.html'),
    });
    expect(resolveAppFile('flowline://app/projects/p1/wells', root)).toMatchObject({
      file: join(root, 'index.html'),
      spaFallback: true,
    });
  });

  it.each(['flowline://app/%2e%2e/secret.txt', 'flowline://app/assets/%2E%2E/%2E%2E/secret.txt'])(
    'keeps %s inside the renderer folder (the URL parser drops the dot segments)',
    (url) => {
      const resolved = resolveAppFile(url, root);
      expect(resolved).toMatchObject({ ok: true, file: join(root, 'secret.txt') });
    },
  );

  it.each([
    'flowline://app/..%2fsecret.txt',
    'flowline://app/a%5c..%5c..%5csecret.txt',
    'flowline://app/a%00.js',
    'flowline://other/index.html',
    'file:///etc/passwd',
  ])('refuses %s', (url) => {
    expect(resolveAppFile(url, root).ok).toBe(false);
  });

  it('serves files with their type and our CSP; 404 for missing assets; GET only', async () => {
    const handler = createAppRequestHandler(root);
    const page = await handler(new Request(APP_ENTRY_URL.replace('flowline:', 'http:')));
    expect(page.status).toBe(403); // not our scheme
    const asset = await handler(fakeRequest('flowline://app/assets/app.js'));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('content-security-policy')).toBe(DESKTOP_CSP);
    expect(await asset.text()).toBe('console.log(1)');
    const route = await handler(fakeRequest('flowline://app/projects/p1'));
    expect(await route.text()).toContain('<title>Flowline</title>');
    expect(route.headers.get('content-security-policy')).toBe(DESKTOP_CSP);
    expect((await handler(fakeRequest('flowline://app/assets/missing.js'))).status).toBe(404);
    const outside = await handler(fakeRequest('flowline://app/%2e%2e/secret.txt'));
    expect(outside.status).toBe(404);
    expect(await outside.text()).not.toContain('outside');
    expect((await handler(fakeRequest('flowline://app/..%2fsecret.txt'))).status).toBe(403);
    expect((await handler(fakeRequest('flowline://app/index.html', 'POST'))).status).toBe(405);
  });
});

/** Node's Request refuses unknown schemes; Electron hands the handler exactly these fields. */
function fakeRequest(url: string, method = 'GET'): Request {
  return { url, method } as Request;
}
