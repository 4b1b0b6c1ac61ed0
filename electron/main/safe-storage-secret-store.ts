import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { FileSecretStore, type SecretStore } from '#core/secret-store.js';

/**
 * API tokens in the desktop app: encrypted at rest with Electron's safeStorage (macOS
 * Keychain, Windows DPAPI, the Secret Service or KWallet on Linux). Lives in the main
 * process (safeStorage exists nowhere else); the core, in its utility process, reaches it
 * through the main process and the renderer never at all.
 */

/** What we use of Electron's safeStorage (injected, so this runs in tests without Electron). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means a hard-coded key, i.e. no real protection. */
  getSelectedStorageBackend?(): string;
}

export const SAFE_STORAGE_FILE = 'secrets.safe.json';
/** FileSecretStore's file name (the web host's, and this app's fallback). */
export const PLAIN_SECRETS_FILE = 'secrets.json';

type EncryptedFile = Record<string, string>; // id → base64 of the encrypted token

export class SafeStorageSecretStore implements SecretStore {
  readonly warning = null;
  readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    dataDir: string,
    private readonly safeStorage: SafeStorageLike,
    private readonly onUnreadable: (id: string, error: unknown) => void = () => undefined,
    fileName = SAFE_STORAGE_FILE,
  ) {
    this.file = join(dataDir, fileName);
  }

  async get(id: string): Promise<string | null> {
    await this.queue;
    const encrypted = this.read()[id];
    if (encrypted === undefined) return null;
    try {
      return this.safeStorage.decryptString(Buffer.from(encrypted, 'base64'));
    } catch (error) {
      // The keystore changed (another machine, a reset keyring): the user signs in again.
      this.onUnreadable(id, error);
      return null;
    }
  }

  set(id: string, token: string): Promise<void> {
    return this.update((secrets) => {
      secrets[id] = this.safeStorage.encryptString(token).toString('base64');
    });
  }

  delete(id: string): Promise<void> {
    return this.update((secrets) => {
      delete secrets[id];
    });
  }

  /** Encrypts every token of a plain secrets file, then removes that file. */
  async importPlainFile(plainFile: string): Promise<number> {
    if (!existsSync(plainFile)) return 0;
    let imported = 0;
    let readable = false;
    return this.update((secrets) => {
      if (!existsSync(plainFile)) return;
      const plain = JSON.parse(readFileSync(plainFile, 'utf8')) as unknown;
      if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) return;
      readable = true;
      for (const [id, token] of Object.entries(plain)) {
        if (typeof token !== 'string' || secrets[id] !== undefined) continue;
        secrets[id] = this.safeStorage.encryptString(token).toString('base64');
        imported += 1;
      }
    }).then(() => {
      if (readable) rmSync(plainFile, { force: true });
      return imported;
    });
  }

  private read(): EncryptedFile {
    if (!existsSync(this.file)) return {};
    const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${this.file} is not a JSON object of encrypted tokens`);
    }
    return parsed as EncryptedFile;
  }

  private update(change: (secrets: EncryptedFile) => void): Promise<void> {
    const next = this.queue.then(() => {
      const secrets = this.read();
      change(secrets);
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(secrets, null, 2), { mode: 0o600, flush: true });
      chmodSync(temporary, 0o600);
      renameSync(temporary, this.file);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

export type SafeStorageVerdict = { usable: true } | { usable: false; reason: string };

/** Call after app 'ready' (safeStorage answers false before it on some platforms). */
export function safeStorageVerdict(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): SafeStorageVerdict {
  let available: boolean;
  try {
    available = safeStorage.isEncryptionAvailable();
  } catch {
    available = false;
  }
  if (!available) return { usable: false, reason: 'the system keystore is not available' };
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') {
    return {
      usable: false,
      reason: 'no keyring (GNOME Keyring, KWallet or another Secret Service) is running',
    };
  }
  return { usable: true };
}

export function fallbackWarning(reason: string): string {
  return (
    `API tokens are saved without encryption because ${reason}: they are in a file only your ` +
    `user account can read (${PLAIN_SECRETS_FILE} in the data folder), and anyone who can read ` +
    'your files or their backups can use them.'
  );
}

export interface ChosenSecretStore {
  store: SecretStore;
  /** Null when tokens are encrypted at rest. */
  warning: string | null;
}

/**
 * The app's secret store: safeStorage when it gives real protection (tokens a previous run
 * had to keep in the plain file are moved in and that file removed); otherwise the plain
 * FileSecretStore, with a warning the UI shows and the log records.
 */
export async function chooseSecretStore(
  dataDir: string,
  safeStorage: SafeStorageLike,
  log: (level: 'info' | 'warn', message: string) => void,
  platform: NodeJS.Platform = process.platform,
): Promise<ChosenSecretStore> {
  const verdict = safeStorageVerdict(safeStorage, platform);
  if (verdict.usable) {
    const store = new SafeStorageSecretStore(dataDir, safeStorage, (id) =>
      log('warn', `The saved token of connection ${id} could not be decrypted; sign in again.`),
    );
    try {
      const moved = await store.importPlainFile(join(dataDir, PLAIN_SECRETS_FILE));
      if (moved > 0) log('info', `Moved ${moved} saved token(s) into the system keystore.`);
    } catch (error) {
      log(
        'warn',
        `Could not move plain saved tokens into the keystore: ${(error as Error).message}`,
      );
    }
    return { store, warning: null };
  }
  const warning = fallbackWarning(verdict.reason);
  log('warn', warning);
  const file = new FileSecretStore(dataDir, PLAIN_SECRETS_FILE);
  const store: SecretStore = {
    warning,
    get: (id) => file.get(id),
    set: (id, token) => file.set(id, token),
    delete: (id) => file.delete(id),
  };
  return { store, warning };
}
