import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchLike } from '#shared/client/index.js';
import type { CacheChanged } from '#shared/desktop/index.js';
import { createCore, type Core, type CoreOptions } from '../create-core.js';
import type { CoreLogEntry } from '../core-errors.js';
import { FileSecretStore } from '../secret-store.js';
import type { DemoServer } from './demo-server.js';

/**
 * A core on a fresh data folder, connected to a server like the host's demo
 * workspace. Its fetch is the real one, wrapped to record every request and
 * to cut the network on demand (a refused connection, as when the laptop is
 * offline); the server itself is never faked.
 */
export interface CoreHarness {
  core: Core;
  dataDir: string;
  secrets: FileSecretStore;
  /** "GET /api/v1/projects?limit=200", … in order. */
  requests: string[];
  events: CacheChanged[];
  logs: CoreLogEntry[];
  setOffline(offline: boolean): void;
  /** Closes the core, keeping the data folder (for reopen tests). */
  closeCore(): Promise<void>;
  reopen(options?: Partial<CoreOptions>): Promise<Core>;
  close(): Promise<void>;
}

export const TEST_CLIENT_TUNING = {
  timeoutMs: 10_000,
  retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10 },
};

export function refusedConnection(): TypeError {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1'), {
    code: 'ECONNREFUSED',
  });
  return new TypeError('fetch failed', { cause });
}

export async function startCore(
  server: Pick<DemoServer, 'baseUrl' | 'token'> | null,
  options: Partial<CoreOptions> = {},
): Promise<CoreHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowline-core-'));
  const secrets = new FileSecretStore(dataDir);
  const requests: string[] = [];
  const events: CacheChanged[] = [];
  const logs: CoreLogEntry[] = [];
  let offline = false;
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    requests.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (offline) throw refusedConnection();
    return globalThis.fetch(input, init);
  };
  const open = async (extra: Partial<CoreOptions> = {}) => {
    const core = await createCore({
      dataDir,
      secretStore: secrets,
      fetch,
      client: TEST_CLIENT_TUNING,
      log: (entry) => logs.push(entry),
      ...(server
        ? {
            defaultConnection: {
              name: 'Demo workspace',
              baseUrl: server.baseUrl,
              token: server.token,
            },
          }
        : {}),
      ...options,
      ...extra,
    });
    core.events.on('cache-changed', (change) => events.push(change));
    return core;
  };
  const harness: CoreHarness = {
    core: await open(),
    dataDir,
    secrets,
    requests,
    events,
    logs,
    setOffline: (value) => {
      offline = value;
    },
    closeCore: () => harness.core.close(),
    reopen: async (extra) => {
      await harness.core.close();
      harness.core = await open(extra);
      return harness.core;
    },
    close: async () => {
      await harness.core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
