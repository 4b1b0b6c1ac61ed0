import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { Principal } from '../auth/scopes.js';
import { openDatabase, type Db } from './database.js';
import { IMPORT_BATCH, type ImportBatch, type ImportRows } from './import-rows.js';
import { sqliteStore } from './sqlite-store.js';
import { WriteGate } from './sqlite-import.js';
import type { Store } from './store.js';

/**
 * The SQLite import's own connection (sqlite-import.ts): while it writes, between its batches,
 * the shared connection still answers reads, which see only what was committed, and holds its
 * writes until the import is done.
 */

const principal: Principal = {
  userId: 1,
  userName: 'importer',
  plan: 'enterprise',
  scopes: new Set(['admin']),
  tokenId: 1,
};

function batch(index: number, oil: number): ImportBatch {
  return {
    size: IMPORT_BATCH,
    dates: Array.from({ length: IMPORT_BATCH }, (_, i) =>
      addDays('2000-01-01', index * IMPORT_BATCH + i),
    ),
    values: new Float64Array(IMPORT_BATCH * PRODUCTION_FIELDS.length).fill(oil),
  };
}

/** `count` batches; `during(index)` runs as the store asks for batch `index`, mid-import. */
function rowsOf(count: number, during: (index: number) => void = () => undefined): ImportRows {
  return {
    count: count * IMPORT_BATCH,
    *batches() {
      for (let index = 0; index < count; index++) {
        during(index);
        yield batch(index, 3);
      }
    },
  };
}

async function wellIn(store: Store, name: string): Promise<number> {
  const project = await store.projects.create(principal, {
    name: `Project of ${name}`,
    description: '',
    timezone: 'UTC',
    unitSystem: 'imperial',
  });
  const well = await store.wells.create(project.id, {
    name,
    apiNumber: null,
    type: 'producer',
    status: 'active',
    latitude: null,
    longitude: null,
    spudDate: null,
    lateralLengthFt: null,
    perfTopFt: null,
    perfBottomFt: null,
  });
  return well.seq;
}

describe('SQLite import on its own connection', () => {
  let dir: string;
  let db: Db;
  let store: Store;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'flowline-sqlite-import-'));
    db = openDatabase(join(dir, 'server.db'));
    db.prepare(
      "INSERT INTO users (id, name, plan, created_at) VALUES (1, 'importer', 'enterprise', '')",
    ).run();
    store = sqliteStore(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers reads between batches with what was committed, and holds writes until it commits', async () => {
    const importing = await wellIn(store, 'Importing');
    const other = await wellIn(store, 'Other');
    let seenDuring: number | undefined;
    let written: Promise<unknown> | undefined;
    let writtenDuring = false;
    const rows = rowsOf(4, (index) => {
      if (index === 2) {
        // Two batches are in the import's open transaction by now.
        void store.production.read(importing, '0001-01-01', '9999-12-31').then((found) => {
          seenDuring = found.length;
        });
        written = store.production
          .upsert(other, [{ date: '2024-01-01', oil_rate: 1 }])
          .then(() => (writtenDuring = true));
      }
      if (index === 3) expect(writtenDuring).toBe(false);
    });
    const result = await store.production.importRows(importing, rows);
    expect(result).toEqual({ inserted: 4 * IMPORT_BATCH, updated: 0 });
    expect(seenDuring).toBe(0);
    await written;
    expect(writtenDuring).toBe(true);
    expect((await store.production.read(importing, '0001-01-01', '9999-12-31')).length).toBe(
      4 * IMPORT_BATCH,
    );
    expect((await store.production.read(other, '2024-01-01', '2024-01-01')).length).toBe(1);
  });

  it('lets the event loop turn between its batches', async () => {
    const seq = await wellIn(store, 'Turns');
    let turns = 0;
    let running = true;
    const ticker = (async () => {
      while (running) {
        turns++;
        await nextTurn();
      }
    })();
    let turnsBeforeLast = 0;
    const batches = 6;
    await store.production.importRows(
      seq,
      rowsOf(batches, (index) => {
        if (index === batches - 1) turnsBeforeLast = turns;
      }),
    );
    running = false;
    await ticker;
    // One turn of the ticker at least after each batch but the last.
    expect(turnsBeforeLast).toBeGreaterThanOrEqual(batches - 1);
  });

  it('rolls back on a well that is gone, and a later write runs at once', async () => {
    await expect(store.production.importRows(9_999, rowsOf(2))).rejects.toThrow(/Well not found/);
    expect(db.prepare('SELECT COUNT(*) FROM production').pluck().get()).toBe(0);
    const seq = await wellIn(store, 'After');
    await store.production.upsert(seq, [{ date: '2024-01-01', oil_rate: 1 }]);
    expect(db.prepare('SELECT COUNT(*) FROM production').pluck().get()).toBe(1);
  });

  it.each([
    ['an in-memory database', ':memory:', 'memory'],
    ['a file in rollback-journal mode', 'journal.db', 'delete'],
  ])('writes %s in one synchronous transaction', async (_label, file, mode) => {
    const other = openDatabase(file === ':memory:' ? file : join(dir, file));
    try {
      other.pragma('journal_mode = DELETE');
      expect(other.pragma('journal_mode', { simple: true })).toBe(mode);
      other
        .prepare(
          "INSERT INTO users (id, name, plan, created_at) VALUES (1, 'importer', 'enterprise', '')",
        )
        .run();
      const otherStore = sqliteStore(other);
      const seq = await wellIn(otherStore, 'Single');
      let turns = 0;
      const ticker = setImmediate(() => turns++);
      expect(await otherStore.production.importRows(seq, rowsOf(3))).toEqual({
        inserted: 3 * IMPORT_BATCH,
        updated: 0,
      });
      clearImmediate(ticker);
      // No turn of the event loop inside: nothing else could run on the connection meanwhile.
      expect(turns).toBe(0);
      expect(other.prepare('SELECT COUNT(*) FROM production').pluck().get()).toBe(3 * IMPORT_BATCH);
    } finally {
      other.close();
    }
  });
});

describe('WriteGate', () => {
  it('lets the writes queued behind an import go before the next import', async () => {
    const gate = new WriteGate();
    const order: string[] = [];
    const releaseFirst = await gate.hold();
    expect(gate.busy).toBe(true);
    const write = gate.idle().then(() => order.push('write'));
    const second = gate.hold().then((release) => {
      order.push('second import');
      return release;
    });
    await nextTurn();
    expect(order).toEqual([]);
    releaseFirst();
    releaseFirst(); // a second call changes nothing
    const releaseSecond = await second;
    await write;
    expect(order).toEqual(['write', 'second import']);
    expect(gate.busy).toBe(true);
    releaseSecond();
    expect(gate.busy).toBe(false);
  });
});
