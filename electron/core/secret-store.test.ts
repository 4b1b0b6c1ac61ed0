import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_SECRET_STORE_WARNING, FileSecretStore } from './secret-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('FileSecretStore', () => {
  it('keeps tokens in a file only the user can read, and says it is not encrypted', async () => {
    const store = new FileSecretStore(dir);
    expect(await store.get('a')).toBeNull();
    await store.set('a', 'flw_token_a');
    await store.set('b', 'flw_token_b');
    expect(await store.get('a')).toBe('flw_token_a');
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
    expect(JSON.parse(readFileSync(store.file, 'utf8'))).toEqual({ b: 'flw_token_b' });
    expect(store.warning).toBe(FILE_SECRET_STORE_WARNING);
    expect(store.warning).toMatch(/without encryption/);
  });

  it('loses no write when many happen at once', async () => {
    const store = new FileSecretStore(dir);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(`c${i}`, `t${i}`)));
    const again = new FileSecretStore(dir);
    for (let i = 0; i < 20; i++) expect(await again.get(`c${i}`)).toBe(`t${i}`);
  });
});
