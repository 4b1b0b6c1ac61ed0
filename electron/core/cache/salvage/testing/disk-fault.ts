import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Damage as a failing disk does it: whole pages of the file overwritten with
 * garbage. The pages are found with SQLite's dbstat table, so a test can hit
 * exactly one table's pages (the production cache) and leave another's (the
 * outbox) intact, or the other way round. The file must be checkpointed
 * (closed by its last connection) so the pages are in the file itself.
 */

/** The b-tree pages of `table` (its own, not its indexes'), in tree order. */
export function pagesOf(file: string, table: string, pageType?: 'leaf' | 'internal'): number[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT pageno FROM dbstat WHERE name = ? ${pageType ? 'AND pagetype = ?' : ''} ORDER BY path`,
      )
      .pluck()
      .all(...(pageType ? [table, pageType] : [table])) as number[];
    return rows;
  } finally {
    db.close();
  }
}

/** How many rows (cells) a leaf page holds. */
export function cellsOn(file: string, page: number): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT ncell FROM dbstat WHERE pageno = ?').pluck().get(page) as number;
  } finally {
    db.close();
  }
}

export function pageSizeOf(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('page_size', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/** Overwrites the given pages (1-based, as SQLite numbers them) with a byte pattern. */
export function scribbleOverPages(file: string, pages: readonly number[], pattern = 0x5a): void {
  const pageSize = pageSizeOf(file);
  const bytes = readFileSync(file);
  for (const page of pages) bytes.fill(pattern, (page - 1) * pageSize, page * pageSize);
  writeFileSync(file, bytes);
}

/** Overwrites the whole file, header first: nothing in it is SQLite any more. */
export function scribbleOverEverything(file: string, pattern = 0x5a): void {
  const bytes = readFileSync(file);
  bytes.fill(pattern);
  writeFileSync(file, bytes);
}
