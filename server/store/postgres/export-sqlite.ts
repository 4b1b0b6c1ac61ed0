import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { sqliteBindingOptions } from '#shared-node/sqlite/native-binding.js';
import type { Db } from '../database.js';
import { describeDatabase } from '../database-url.js';
import { MIGRATIONS } from '../migrations/index.js';
import { StoreUnavailableError } from '../store-unavailable.js';
import {
  columnNames,
  DATA_TABLES,
  EXPORT_TABLES,
  pgOrder,
  TableDigest,
  unstorableColumn,
  type ExportTable,
} from './export-tables.js';
import { migratePostgres } from './pg-migrate.js';
import { createPool, PgDatabase, type PgSession } from './pg-session.js';

/** A refusal the person can act on: the CLI prints its message alone. */
export class ExportError extends Error {}

export interface TableCheck {
  name: string;
  sqliteRows: number;
  postgresRows: number;
  sqliteSha256: string;
  postgresSha256: string;
}

export interface ExportSummary {
  tables: TableCheck[];
  ms: number;
}

export interface ExportOptions {
  /** What to do when the target already holds data: refuse (default), empty it first, or leave it. */
  whenNotEmpty?: 'refuse' | 'replace' | 'skip';
}

/** Rows per INSERT and per FETCH: large enough to amortise a round trip, small in memory. */
const BATCH = 5_000;
/** Taken for the whole export, so two exports (or two `serve --demo`) into one database queue. */
const EXPORT_LOCK = 7_340_912;

/**
 * Copies every table of the SQLite server database `sourceFile` into the PostgreSQL database
 * at `targetUrl` (migrated first), in one PostgreSQL transaction: the copy is read back, counted
 * and hashed against the source before it commits, so a mismatch or a failure leaves the target
 * as it was. The source is opened read-only and read in one snapshot, so a server may keep
 * running on it. Returns undefined when the target held data and `whenNotEmpty` is 'skip'.
 */
export async function exportSqliteToPostgres(
  sourceFile: string,
  targetUrl: string,
  options: ExportOptions = {},
): Promise<ExportSummary | undefined> {
  const started = performance.now();
  const source = openSource(sourceFile);
  const target = new PgDatabase(createPool(targetUrl));
  try {
    await migratePostgres(target).catch((error: unknown) => {
      throw unreachable(error, targetUrl);
    });
    const tables = await target.transaction(async (tx) => {
      await tx.run('SELECT pg_advisory_xact_lock($1)', [EXPORT_LOCK]);
      const holding = await tablesWithRows(tx);
      if (holding.length > 0) {
        if (options.whenNotEmpty === 'skip') return undefined;
        if (options.whenNotEmpty !== 'replace') {
          throw new ExportError(
            `${describeDatabase(targetUrl)} already holds data (${holding.join(', ')}); export into an empty database, or pass --replace to delete what it holds first`,
          );
        }
      }
      await tx.run(`TRUNCATE ${[...DATA_TABLES, 'meta', 'rate_limit_buckets'].join(', ')}`);
      // The wells' and events' change triggers (migrations 6, 7) would count every copied row
      // as a new change and overwrite the copied counts; off for the copy only, inside this
      // transaction, so a failed export leaves them on (ALTER TABLE is transactional).
      await tx.run('ALTER TABLE wells DISABLE TRIGGER USER');
      await tx.run('ALTER TABLE well_events DISABLE TRIGGER USER');
      source.exec('BEGIN');
      try {
        const checks: TableCheck[] = [];
        for (const table of EXPORT_TABLES) checks.push(await copyTable(source, tx, table));
        await tx.run('ALTER TABLE wells ENABLE TRIGGER USER');
        await tx.run('ALTER TABLE well_events ENABLE TRIGGER USER');
        return checks;
      } finally {
        source.exec('COMMIT');
      }
    });
    return tables && { tables, ms: performance.now() - started };
  } catch (error) {
    throw unreachable(error, targetUrl);
  } finally {
    source.close();
    await target.pool.end();
  }
}

function unreachable(error: unknown, url: string): unknown {
  return error instanceof StoreUnavailableError
    ? new ExportError(`cannot reach PostgreSQL at ${describeDatabase(url)}: ${error.message}`)
    : error;
}

/** The source, read-only, after checking it is a Flowline server database this version reads. */
function openSource(file: string): Db {
  if (!existsSync(file)) throw new ExportError(`no SQLite database at ${file}`);
  let db: Db;
  let version: number | null;
  try {
    db = new Database(file, {
      readonly: true,
      fileMustExist: true,
      ...sqliteBindingOptions(process.env),
    });
  } catch (error) {
    throw new ExportError(`cannot open ${file}: ${(error as Error).message}`);
  }
  try {
    version = db.prepare('SELECT max(id) FROM schema_migrations').pluck().get() as number | null;
  } catch {
    db.close();
    throw new ExportError(`${file} is not a Flowline server database (no schema_migrations)`);
  }
  const known = Math.max(...MIGRATIONS.map((m) => m.id));
  if (version === null || version < known) {
    db.close();
    throw new ExportError(
      `${file} is at schema version ${version ?? 0}, this version needs ${known}: run \`npm run server -- migrate --db ${file}\` first`,
    );
  }
  if (version > known) {
    db.close();
    throw new ExportError(
      `${file} was written by a newer Flowline (schema version ${version}); export it with that version`,
    );
  }
  return db;
}

async function tablesWithRows(tx: PgSession): Promise<string[]> {
  const holding: string[] = [];
  for (const name of DATA_TABLES) {
    if (await tx.scalar<boolean>(`SELECT EXISTS (SELECT 1 FROM ${name})`)) holding.push(name);
  }
  return holding;
}

/** Copies one table in key order, then reads the copy back and compares count and hash. */
async function copyTable(source: Db, tx: PgSession, table: ExportTable): Promise<TableCheck> {
  const columns = columnNames(table);
  const read = source
    .prepare(`SELECT ${columns.join(', ')} FROM ${table.name} ORDER BY ${table.key.join(', ')}`)
    .raw();
  const insert = `INSERT INTO ${table.name} (${columns.join(', ')}) SELECT * FROM unnest(${table.columns
    .map(([, type], i) => `$${i + 1}::${type}[]`)
    .join(', ')})`;
  const sqlite = new TableDigest();
  let batch: unknown[][] = columns.map(() => []);
  for (const row of read.iterate() as Iterable<unknown[]>) {
    const column = unstorableColumn(table, row);
    if (column !== undefined) {
      throw new ExportError(
        `${table.name}.${column} of the row ${describeKey(table, row)} holds a NUL character, which PostgreSQL cannot store; change it on the SQLite server first`,
      );
    }
    sqlite.add(row);
    row.forEach((value, i) => batch[i]?.push(value));
    if ((batch[0]?.length ?? 0) >= BATCH) {
      await tx.run(insert, batch);
      batch = columns.map(() => []);
    }
  }
  if ((batch[0]?.length ?? 0) > 0) await tx.run(insert, batch);
  if (table.identity) {
    // Copied ids were given explicitly: the sequence must continue after the largest.
    await tx.run(
      `SELECT setval(pg_get_serial_sequence('${table.name}', '${table.identity}'), COALESCE(max(${table.identity}), 0) + 1, false) FROM ${table.name}`,
    );
  }
  const postgres = await digestTable(tx, table);
  const check: TableCheck = {
    name: table.name,
    sqliteRows: sqlite.rows,
    postgresRows: postgres.rows,
    sqliteSha256: sqlite.digest(),
    postgresSha256: postgres.digest(),
  };
  if (check.sqliteRows !== check.postgresRows || check.sqliteSha256 !== check.postgresSha256) {
    throw new ExportError(
      `${table.name} did not copy exactly (SQLite ${check.sqliteRows} rows, sha256 ${check.sqliteSha256}; PostgreSQL ${check.postgresRows} rows, sha256 ${check.postgresSha256}); nothing was written`,
    );
  }
  return check;
}

function describeKey(table: ExportTable, row: readonly unknown[]): string {
  const names = columnNames(table);
  return table.key.map((key) => `${key}=${JSON.stringify(row[names.indexOf(key)])}`).join(' ');
}

/** The table as PostgreSQL now holds it, read in the key order SQLite used. */
async function digestTable(tx: PgSession, table: ExportTable): Promise<TableDigest> {
  const digest = new TableDigest();
  const cursor = `export_${table.name}`;
  await tx.run(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${columnNames(table).join(', ')} FROM ${table.name} ORDER BY ${pgOrder(table)}`,
  );
  for (;;) {
    const rows = await tx.arrays<unknown[]>(`FETCH ${BATCH} FROM ${cursor}`);
    for (const row of rows) digest.add(row);
    if (rows.length < BATCH) break;
  }
  await tx.run(`CLOSE ${cursor}`);
  return digest;
}

/** The summary the CLI prints: each table's rows on both sides and its hash. */
export function formatExportSummary(summary: ExportSummary): string {
  const lines = summary.tables.map(
    (t) =>
      `  ${t.name.padEnd(18)} ${String(t.sqliteRows).padStart(10)} ${String(t.postgresRows).padStart(10)}  ${t.postgresSha256.slice(0, 16)}  ${t.sqliteSha256 === t.postgresSha256 && t.sqliteRows === t.postgresRows ? 'match' : 'DIFFERENT'}`,
  );
  return [
    `  ${'table'.padEnd(18)} ${'SQLite'.padStart(10)} ${'PostgreSQL'.padStart(10)}  ${'sha256 (first 16)'.padEnd(16)}`,
    ...lines,
    `Copied and verified in ${(summary.ms / 1000).toFixed(1)} s`,
  ].join('\n');
}
