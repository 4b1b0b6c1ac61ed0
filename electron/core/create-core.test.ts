import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from './create-core.js';
import type { CoreLogEntry } from './core-errors.js';
import { FileSecretStore } from './secret-store.js';
import { TEST_CLIENT_TUNING } from './testing/core-harness.js';
import { startDemoServer, type DemoServer } from './testing/demo-server.js';

/** Starting the core on a data folder whose cache file cannot be trusted. */

let demo: DemoServer;
let dataDir: string;

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [1] });
  dataDir = mkdtempSync(join(tmpdir(), 'flowline-core-start-'));
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await demo.close();
});

describe('createCore', () => {
  it('moves a corrupt cache aside, says so, and rebuilds from the server', async () => {
    writeFileSync(join(dataDir, 'cache.db'), 'PK\u0003\u0004 a zip file someone renamed');
    const logs: CoreLogEntry[] = [];
    const core = await createCore({
      dataDir,
      secretStore: new FileSecretStore(dataDir),
      client: TEST_CLIENT_TUNING,
      log: (entry) => logs.push(entry),
      defaultConnection: { name: 'Demo workspace', baseUrl: demo.baseUrl, token: demo.token },
    });
    try {
      const moved = core.cache.movedAside!;
      expect(moved.reason).toMatch(
        /^The offline cache .*cache\.db could not be used because it is not a readable SQLite database/,
      );
      expect(moved.reason).toContain(moved.movedTo);
      expect(readFileSync(moved.movedTo, 'utf8')).toContain('a zip file someone renamed');
      expect(logs).toContainEqual({ level: 'warn', message: moved.reason });

      const projects = await core.handlers['projects-list']({});
      expect(projects).toMatchObject({
        source: 'server',
        data: [{ name: 'Permian Delaware Basin' }],
      });
    } finally {
      await core.close();
    }

    // The next start finds a good cache and moves nothing.
    const again = await createCore({
      dataDir,
      secretStore: new FileSecretStore(dataDir),
      log: () => {},
    });
    expect(again.cache.movedAside).toBeNull();
    expect((await again.handlers['projects-list']({})).source).toBe('cache');
    await again.close();
  });
});
