import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the core keeps API tokens, injected by the host: Electron's
 * safeStorage (OS keystore) in the app, FileSecretStore in the web host and
 * tests. Tokens never enter the cache database and never leave the core.
 */
export interface SecretStore {
  get(id: string): Promise<string | null>;
  set(id: string, token: string): Promise<void>;
  delete(id: string): Promise<void>;
  /** Set when tokens are NOT encrypted at rest: what the UI must tell the user. */
  readonly warning?: string | null;
}

export const FILE_SECRET_STORE_WARNING =
  'API tokens are saved without encryption, in a file only your user account can read ' +
  '(secrets.json in the data folder). Anyone who can read your files or their backups ' +
  'can use them. The desktop app keeps them in the system keystore instead.';

type SecretsFile = Record<string, string>;

/**
 * Tokens in a JSON file created with mode 0600 (owner only). Written whole to
 * a temporary file and renamed over the old one, so a crash leaves the old or
 * the new file, never half of one; writes in this process are serialised.
 */
export class FileSecretStore implements SecretStore {
  readonly warning = FILE_SECRET_STORE_WARNING;
  readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string, fileName = 'secrets.json') {
    this.file = join(dataDir, fileName);
  }

  async get(id: string): Promise<string | null> {
    await this.queue;
    return this.read()[id] ?? null;
  }

  set(id: string, token: string): Promise<void> {
    return this.update((secrets) => {
      secrets[id] = token;
    });
  }

  delete(id: string): Promise<void> {
    return this.update((secrets) => {
      delete secrets[id];
    });
  }

  private read(): SecretsFile {
    if (!existsSync(this.file)) return {};
    const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${this.file} is not a JSON object of tokens`);
    }
    return parsed as SecretsFile;
  }

  private update(change: (secrets: SecretsFile) => void): Promise<void> {
    const next = this.queue.then(() => {
      const secrets = this.read();
      change(secrets);
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(secrets, null, 2), { mode: 0o600, flush: true });
      // mode applies only when the file is created; make sure of it either way.
      chmodSync(temporary, 0o600);
      renameSync(temporary, this.file);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
