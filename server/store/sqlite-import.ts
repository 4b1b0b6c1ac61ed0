import Database from 'better-sqlite3';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sqliteBindingOptions } from '#shared-node/sqlite/native-binding.js';
import { notFound } from '../http/api-error.js';
import type { Db } from './database.js';
import { MONTH_RUN, MonthSet, type ImportRows } from './import-rows.js';
import { ProductionRepo, refreshMonths } from './production-repo.js';

/**
 * Turns between a large import and every other write to a SQLite file.
 *
 * The server's one better-sqlite3 connection runs each request's work synchronously, so a
 * transaction on it must not span an await: whatever another request wrote in between would
 * land inside it (and roll back with it), and that request's reads would see rows not yet
 * committed. An import of 500,000 rows in one synchronous transaction, though, holds the event
 * loop for seconds. So an import writes on a connection of its own, in batches, yielding the
 * event loop between them, inside one transaction (BEGIN IMMEDIATE … COMMIT) on that connection:
 *
 * - reads on the shared connection go on, and see the last committed state (WAL), never a
 *   half-written import;
 * - writes on the shared connection wait here, asynchronously, until the import commits or
 *   rolls back. Left to SQLite they would wait for its write lock inside better-sqlite3, which
 *   blocks the thread the import needs to finish: the whole server would stall for the busy
 *   timeout and the write would fail;
 * - imports take turns, the writes queued behind one going first.
 *
 * Writes are synchronous and never hold the gate: a write that finds it free runs at once.
 */
export class WriteGate {
  private holder: Promise<void> | undefined;
  private tail: Promise<void> = Promise.resolve();

  /** True while an import writes: the shared connection's writes must wait (idle()). */
  get busy(): boolean {
    return this.holder !== undefined;
  }

  /** Resolves when no import is writing. */
  async idle(): Promise<void> {
    while (this.holder) await this.holder;
  }

  /** Waits for the imports before, then holds the gate until the returned release is called. */
  async hold(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((done) => (release = done));
    const before = this.tail;
    this.tail = before.then(() => mine);
    await before;
    this.holder = mine;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holder = undefined;
      release();
    };
  }
}

/**
 * Writes an import's rows into the well, all or nothing, as ProductionStore.importRows says.
 * `db` is the server's shared connection: the import opens its own on the same file (see
 * WriteGate), except for an in-memory database (no file to open twice) or one not in WAL mode
 * (openDatabase always sets it), written in one synchronous transaction instead.
 */
export async function importIntoSqlite(
  db: Db,
  gate: WriteGate,
  wellSeq: number,
  rows: ImportRows,
  now: Date,
  signal?: AbortSignal,
): Promise<{ inserted: number; updated: number }> {
  const release = await gate.hold();
  try {
    signal?.throwIfAborted();
    // Only WAL lets the shared connection read while another holds a write transaction; in
    // any other journal mode that read would wait for the lock, synchronously, like a write.
    if (db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal') {
      return db.transaction(() => writeAll(db, wellSeq, rows, now)).immediate();
    }
    const own = new Database(db.name, sqliteBindingOptions(process.env));
    try {
      own.pragma('synchronous = FULL');
      own.pragma('foreign_keys = ON');
      own.pragma('busy_timeout = 5000');
      own.exec('BEGIN IMMEDIATE');
      try {
        const result = await writeAll(own, wellSeq, rows, now, async () => {
          await nextTurn();
          signal?.throwIfAborted();
        });
        own.exec('COMMIT');
        return result;
      } finally {
        if (own.inTransaction) own.exec('ROLLBACK');
      }
    } finally {
      own.close();
    }
  } finally {
    release();
  }
}

function writeAll(
  db: Db,
  wellSeq: number,
  rows: ImportRows,
  now: Date,
): { inserted: number; updated: number };
function writeAll(
  db: Db,
  wellSeq: number,
  rows: ImportRows,
  now: Date,
  between: () => Promise<void>,
): Promise<{ inserted: number; updated: number }>;
/**
 * The import's writes on `db`, inside a transaction the caller opened: the rows batch by batch,
 * then the stored sums of the touched months, a run of months at a time, then the well's
 * first production date and data version. `between` runs after each step (the yield to the
 * event loop); without it everything runs in one go.
 */
function writeAll(
  db: Db,
  wellSeq: number,
  rows: ImportRows,
  now: Date,
  between?: () => Promise<void>,
): { inserted: number; updated: number } | Promise<{ inserted: number; updated: number }> {
  const repo = new ProductionRepo(db);
  if (!repo.hasWell(wellSeq)) throw notFound('Well');
  const months = new MonthSet();
  const steps = function* () {
    let inserted = 0;
    for (const batch of rows.batches()) {
      inserted += repo.importBatch(wellSeq, batch);
      for (const date of batch.dates) months.add(date);
      yield;
    }
    for (const [first, last] of months.runs(MONTH_RUN)) {
      refreshMonths(db, wellSeq, `${first}-01`, `${last}-01`);
      yield;
    }
    repo.finishImport(wellSeq, now);
    return { inserted, updated: rows.count - inserted };
  };
  const run = steps();
  if (!between) {
    for (;;) {
      const step = run.next();
      if (step.done) return step.value;
    }
  }
  return (async () => {
    for (;;) {
      const step = run.next();
      if (step.done) return step.value;
      await between();
    }
  })();
}
