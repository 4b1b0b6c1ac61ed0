import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FILE_SECRET_STORE_WARNING } from '#core/secret-store.js';
import {
  chooseSecretStore,
  PLAIN_SECRETS_FILE,
  SAFE_STORAGE_FILE,
  SafeStorageSecretStore,
  safeStorageVerdict,
  type SafeStorageLike,
} from './safe-storage-secret-store.js';

/** Stands in for Electron's safeStorage: a reversible transform that hides the text. */
function fakeSafeStorage(overrides: Partial<SafeStorageLike> = {}): SafeStorageLike {
  return {
    isEncryptionAvailable: () => true,
    encryptString: (text) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`),
    decryptString: (data) => {
      const text = data.toString();
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(text.slice(4), 'hex').toString();
    },
    getSelectedStorageBackend: () => 'gnome_libsecret',
    ...overrides,
  };
}

let dir: string;
const TOKEN = 'fl_live_0123456789abcdef';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'flowline-safe-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SafeStorageSecretStore', () => {
  it('keeps tokens encrypted at rest, owner-only, and gives them back', async () => {
    const store = new SafeStorageSecretStore(dir, fakeSafeStorage());
    await store.set('con_1', TOKEN);
    await store.set('con_2', 'other');
    expect(await store.get('con_1')).toBe(TOKEN);
    const onDisk = readFileSync(join(dir, SAFE_STORAGE_FILE), 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    expect(statSync(join(dir, SAFE_STORAGE_FILE)).mode & 0o777).toBe(0o600);
    await store.delete('con_1');
    expect(await store.get('con_1')).toBeNull();
    expect(await store.get('con_2')).toBe('other');
    expect(store.warning).toBeNull();
  });

  it('answers null (sign in again) when a token cannot be decrypted', async () => {
    const unreadable: string[] = [];
    writeFileSync(
      join(dir, SAFE_STORAGE_FILE),
      JSON.stringify({ con_1: Buffer.from('garbage').toString('base64') }),
    );
    const store = new SafeStorageSecretStore(dir, fakeSafeStorage(), (id) => unreadable.push(id));
    expect(await store.get('con_1')).toBeNull();
    expect(unreadable).toEqual(['con_1']);
  });

  it('serialises concurrent writes', async () => {
    const store = new SafeStorageSecretStore(dir, fakeSafeStorage());
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(`con_${i}`, `t${i}`)));
    for (let i = 0; i < 20; i += 1) expect(await store.get(`con_${i}`)).toBe(`t${i}`);
  });
});

describe('safeStorageVerdict', () => {
  it('is usable when the OS keystore encrypts', () => {
    expect(safeStorageVerdict(fakeSafeStorage(), 'darwin')).toEqual({ usable: true });
    expect(safeStorageVerdict(fakeSafeStorage(), 'linux')).toEqual({ usable: true });
  });

  it("is not when encryption is unavailable, or Linux's 'basic_text' (a hard-coded key) is all there is", () => {
    expect(
      safeStorageVerdict(fakeSafeStorage({ isEncryptionAvailable: () => false })),
    ).toMatchObject({ usable: false });
    const basic = fakeSafeStorage({ getSelectedStorageBackend: () => 'basic_text' });
    expect(safeStorageVerdict(basic, 'linux')).toMatchObject({
      usable: false,
      reason: expect.stringMatching(/keyring/),
    });
    expect(
      safeStorageVerdict(
        fakeSafeStorage({
          isEncryptionAvailable: () => {
            throw new Error('not ready');
          },
        }),
      ),
    ).toMatchObject({ usable: false });
  });
});

describe('chooseSecretStore', () => {
  it('uses safeStorage, moving tokens a previous run kept in the plain file', async () => {
    writeFileSync(join(dir, PLAIN_SECRETS_FILE), JSON.stringify({ con_old: TOKEN }), {
      mode: 0o600,
    });
    const logs: string[] = [];
    const chosen = await chooseSecretStore(
      dir,
      fakeSafeStorage(),
      (_level, message) => logs.push(message),
      'linux',
    );
    expect(chosen.warning).toBeNull();
    expect(chosen.store).toBeInstanceOf(SafeStorageSecretStore);
    expect(await chosen.store.get('con_old')).toBe(TOKEN);
    expect(existsSync(join(dir, PLAIN_SECRETS_FILE))).toBe(false);
    expect(readFileSync(join(dir, SAFE_STORAGE_FILE), 'utf8')).not.toContain(TOKEN);
    expect(logs.join('\n')).toMatch(/Moved 1 saved token/);
  });

  it('falls back to the plain file only without a keystore, with a warning the UI shows', async () => {
    const logs: Array<[string, string]> = [];
    const chosen = await chooseSecretStore(
      dir,
      fakeSafeStorage({ isEncryptionAvailable: () => false }),
      (level, message) => logs.push([level, message]),
      'linux',
    );
    expect(chosen.warning).toMatch(
      /without encryption because the system keystore is not available/,
    );
    expect(chosen.warning).not.toBe(FILE_SECRET_STORE_WARNING);
    expect(chosen.store.warning).toBe(chosen.warning);
    expect(logs).toEqual([['warn', chosen.warning]]);
    await chosen.store.set('con_1', TOKEN);
    expect(await chosen.store.get('con_1')).toBe(TOKEN);
    expect(statSync(join(dir, PLAIN_SECRETS_FILE)).mode & 0o777).toBe(0o600);
  });
});
