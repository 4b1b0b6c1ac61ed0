import type { CacheDb } from '../migrate.js';

/**
 * Reading what is left of a damaged SQLite file. A damaged page makes every
 * statement that reaches it fail with SQLITE_CORRUPT, but the pages around it
 * still read: a scan in b-tree order gets the rows before the damage, the same
 * scan backwards gets the rows after it, and a lookup by key gets any row whose
 * path avoids it. Every failure here is caught per statement, never per file.
 */

export type Row = Record<string, unknown>;

export interface DamagedRead {
  rows: Row[];
  /** False when damage stopped a read: rows may be missing. */
  complete: boolean;
}

/** Any failure SQLite reports (damage shows as CORRUPT, NOTADB, IOERR, even ERROR). */
export function isSqliteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

/** Runs `read`; a SQLite failure gives `fallback` instead (anything else is a bug: thrown). */
export function orElse<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    if (!isSqliteError(error)) throw error;
    return fallback;
  }
}

/** The table's column names in the damaged file; empty if its schema cannot be read. */
export function columnsOf(db: CacheDb, table: string): string[] {
  return orElse(
    () => (db.pragma(`table_info(${table})`) as Array<{ name: string }>).map((c) => c.name),
    [],
  );
}

export interface AroundQuery {
  /** `SELECT … FROM … [WHERE …]`, without ORDER BY. */
  select: string;
  params?: readonly unknown[];
  /** The b-tree's own order (`rowid`, or the primary key of a WITHOUT ROWID table). */
  order: readonly string[];
  /** Columns that identify a row, to merge the two directions. */
  key: readonly string[];
}

/** Every row of the query that can be reached from either end of the b-tree. */
export function readAround(db: CacheDb, query: AroundQuery): DamagedRead {
  const params = query.params ?? [];
  const forwards: Row[] = [];
  const scan = (direction: 'ASC' | 'DESC', into: Row[]): boolean =>
    orElse(() => {
      const orderBy = query.order.map((column) => `${column} ${direction}`).join(', ');
      for (const row of db.prepare(`${query.select} ORDER BY ${orderBy}`).iterate(...params)) {
        into.push(row as Row);
      }
      return true;
    }, false);
  if (scan('ASC', forwards)) return { rows: forwards, complete: true };

  const backwards: Row[] = [];
  scan('DESC', backwards);
  const keyOf = (row: Row) => JSON.stringify(query.key.map((column) => row[column]));
  const seen = new Set(forwards.map(keyOf));
  const rows = [...forwards];
  for (const row of backwards.reverse()) {
    if (!seen.has(keyOf(row))) rows.push(row);
  }
  return { rows, complete: false };
}

/** One row by its key, or null when it is not there or cannot be read. */
export function readOne(db: CacheDb, select: string, params: readonly unknown[]): Row | null {
  return orElse(() => (db.prepare(select).get(...params) as Row | undefined) ?? null, null);
}
