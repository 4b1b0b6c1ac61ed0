import { READ_ONLY_START_MARK } from '../storage-errors.js';
import type { CacheDb } from './migrate.js';

/**
 * For a cache held in memory because the disk was full at start: what the
 * server sends may be kept there (it is the server's, and comes back next
 * time), but anything only this computer would hold — queued edits, new
 * connections, saved import mappings — is refused, since it would vanish when
 * Flowline closes. TEMP triggers: they live in this connection only.
 */
const GUARDED: ReadonlyArray<[table: string, events: readonly string[]]> = [
  ['outbox', ['INSERT', 'UPDATE']],
  ['outbox_records', ['INSERT', 'UPDATE']],
  ['connections', ['INSERT']],
  ['import_mappings', ['INSERT', 'UPDATE', 'DELETE']],
];

export function refuseLocalOnlyWrites(db: CacheDb): void {
  for (const [table, events] of GUARDED) {
    for (const event of events) {
      db.exec(`CREATE TEMP TRIGGER read_only_${table}_${event.toLowerCase()}
        BEFORE ${event} ON main.${table}
        BEGIN SELECT RAISE(ABORT, '${READ_ONLY_START_MARK}'); END`);
    }
  }
}
