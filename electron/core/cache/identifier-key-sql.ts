import { wellIdentifierKey } from '#shared/wells/well-identifier.js';
import type { CacheDb } from './migrate.js';

/**
 * well_identifier_key(api_number) in the cache's SQL: the wells-list search's key of a
 * stored identifier (wells-list-sql.ts), computed by the very function that keys the search
 * text, so the two cannot drift as two spellings of one rule (one in SQL, one in TypeScript)
 * would. Only the search calls it, on the rows whose name did not match.
 */

/** Keys of identifiers seen, so a keystroke's scan of 20,000 wells parses none of them again. */
const MEMO_LIMIT = 100_000;
const memo = new Map<string, string>();

function keyOf(apiNumber: unknown): string | null {
  if (typeof apiNumber !== 'string') return null;
  let key = memo.get(apiNumber);
  if (key === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    key = wellIdentifierKey(apiNumber);
    memo.set(apiNumber, key);
  }
  return key;
}

/** Registers the function on a connection (each connection has its own functions). */
export function registerIdentifierKey(db: CacheDb): void {
  db.function('well_identifier_key', { deterministic: true }, keyOf);
}
