import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore } from './create-core.js';
import { openCache } from './cache/open-cache.js';
import { FileSecretStore } from './secret-store.js';
import { startDemoServer, type DemoServer } from './testing/demo-server.js';

/**
 * The cache (an organisation's production data and queued edits) and the
 * tokens are readable by their owner only, whatever the umask: files 0600,
 * the data folder 0700 when Flowline creates it. (The umask of these tests'
 * process is the usual 022, which would give 0644 and 0755.)
 */

let root: string;
let demo: DemoServer;
const modeOf = (path: string) => statSync(path).mode & 0o777;

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'flowline-modes-'));
  demo = await startDemoServer({ wellCounts: [1, 0, 0] });
});
afterEach(async () => {
  rmSync(root, { recursive: true, force: true });
  await demo.close();
});

describe('file modes', () => {
  it('creates the data folder 0700, and cache.db, its -wal and -shm, and the secrets file 0600', async () => {
    const dataDir = join(root, 'new', 'Flowline');
    const core = await createCore({
      dataDir,
      secretStore: new FileSecretStore(dataDir),
      defaultConnection: { name: 'Demo workspace', baseUrl: demo.baseUrl, token: demo.token },
    });
    try {
      await core.handlers['projects-list']({ refresh: 'await' });
      expect(modeOf(dataDir)).toBe(0o700);
      for (const name of ['cache.db', 'cache.db-wal', 'cache.db-shm', 'secrets.json']) {
        expect(existsSync(join(dataDir, name)), name).toBe(true);
        expect(modeOf(join(dataDir, name)), name).toBe(0o600);
      }
    } finally {
      await core.close();
    }
  });

  it('tightens a cache an earlier version left readable to others', () => {
    const file = join(root, 'cache.db');
    openCache(file).db.close();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '');
    chmodSync(`${file}-wal`, 0o644);
    const { db } = openCache(file);
    db.close();
    expect(modeOf(file)).toBe(0o600);
  });

  it('gives a cache rebuilt from a damaged one the same mode', () => {
    const file = join(root, 'cache.db');
    writeFileSync(file, 'not a database at all'.repeat(400), { mode: 0o644 });
    const { db, report } = openCache(file);
    db.close();
    expect(report.movedAside).not.toBeNull();
    expect(modeOf(file)).toBe(0o600);
  });
});
