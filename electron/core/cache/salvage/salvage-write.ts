import type Database from 'better-sqlite3';
import type { CacheDb } from '../migrate.js';
import type { Row } from './read-damaged.js';
import type { Salvaged } from './salvage-read.js';

/** What came back from a damaged cache, in the counts the notice gives. */
export interface SalvageCounts {
  /** Queued operations restored, and the wells and days of production they touch. */
  operations: number;
  wells: number;
  days: number;
  connections: number;
  importMappings: number;
  /** Projects whose decline settings came back. */
  declineSettings: number;
  /** Decline fits the person edited that came back. */
  editedFits: number;
  /** Entries of the fit history of the wells that came back (cache migration 11). */
  fitHistory: number;
  /** Dismissed data-quality findings that came back. */
  dismissals: number;
  /** Well events made here, not yet on the server, that came back. */
  events: number;
  /** Operations seen in the damaged file that could not be restored. */
  lost: number;
  /** Restored operations some of whose days could not be read. */
  partlyRead: number;
  /** Nothing the damaged file held of these tables is missing. */
  complete: boolean;
}

/** A row the schema refuses (damage can garble a value) is left out; any other failure aborts. */
function isRefusedRow(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(CONSTRAINT|MISMATCH)/.test(code);
}

class Inserter {
  private readonly statements = new Map<string, Database.Statement>();
  constructor(private readonly db: CacheDb) {}

  /** True if the row went in. */
  insert(table: string, row: Row): boolean {
    const columns = Object.keys(row);
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    try {
      statement.run(row);
      return true;
    } catch (error) {
      if (isRefusedRow(error)) return false;
      throw error;
    }
  }
}

const pairKey = (a: unknown, b: unknown) => `${String(a)}\n${String(b)}`;

/**
 * Copies what was salvaged into a fresh, migrated cache, in one transaction:
 * all of it or, if the disk fails meanwhile, none. Lists the server fills
 * again are marked as never fetched (only the rows the edits name are here).
 * Operations keep their seq, so each well's changes still go out in order.
 */
export function writeSalvaged(db: CacheDb, salvaged: Salvaged): SalvageCounts {
  return db
    .transaction(() => {
      const inserter = new Inserter(db);
      const connections = new Set<string>();
      for (const row of salvaged.connections) {
        if (inserter.insert('connections', { ...row, projects_fetched_at: null }))
          connections.add(String(row.id));
      }
      const projects = new Set<string>();
      for (const row of salvaged.projects) {
        if (!connections.has(String(row.connection_id))) continue;
        const copy = 'wells_fetched_at' in row ? { ...row, wells_fetched_at: null } : row;
        if (inserter.insert('projects', copy)) projects.add(pairKey(row.connection_id, row.id));
      }
      const wellNames = new Map<string, unknown>();
      const wells = new Set<string>();
      for (const row of salvaged.wells) {
        wellNames.set(pairKey(row.connection_id, row.id), row.name);
        if (
          projects.has(pairKey(row.connection_id, row.project_id)) &&
          inserter.insert('wells', row)
        )
          wells.add(pairKey(row.connection_id, row.id));
      }

      let operations = 0;
      let days = 0;
      let lost = salvaged.unreadableOperations;
      let partlyRead = 0;
      const editedWells = new Set<string>();
      for (const op of salvaged.operations) {
        const seq = Number(op.seq);
        const records = salvaged.records.get(seq) ?? [];
        const usable =
          connections.has(String(op.connection_id)) &&
          (op.kind !== 'upsert-records' || records.length > 0);
        // The well's name, for when the cache no longer has the well (cache migration 4).
        const named =
          'well_name' in op && op.well_name == null
            ? { ...op, well_name: wellNames.get(pairKey(op.connection_id, op.well_id)) ?? null }
            : op;
        if (!usable || !inserter.insert('outbox', named)) {
          lost += 1;
          continue;
        }
        let restored = 0;
        for (const record of records) if (inserter.insert('outbox_records', record)) restored += 1;
        if (op.kind === 'upsert-records' && restored === 0) {
          // An upsert with no day to send is no change at all.
          db.prepare('DELETE FROM outbox WHERE seq = ?').run(seq);
          lost += 1;
          continue;
        }
        operations += 1;
        editedWells.add(pairKey(op.connection_id, op.well_id));
        days += restored;
        if (salvaged.partlyRead.has(seq) || restored < records.length) partlyRead += 1;
      }
      let importMappings = 0;
      for (const row of salvaged.importMappings)
        if (inserter.insert('import_mappings', row)) importMappings += 1;
      // The person's own analysis: settings and dismissals per project of a connection kept,
      // edited fits with their well. Production versions start again from nothing, so a
      // fit compares its fingerprint once the well's production is back (staleness.ts).
      const ofConnection = (rows: readonly Row[], table: string) =>
        rows.filter(
          (row) => connections.has(String(row.connection_id)) && inserter.insert(table, row),
        ).length;
      const declineSettings = ofConnection(salvaged.declineSettings, 'decline_settings');
      const dismissals = ofConnection(salvaged.dismissals, 'quality_dismissed');
      const events = ofConnection(salvaged.events, 'well_events');
      ofConnection(salvaged.eventCategories, 'event_categories');
      const editedFits = salvaged.editedFits.filter(
        (row) =>
          wells.has(pairKey(row.connection_id, row.well_id)) &&
          inserter.insert('decline_fits', row),
      ).length;
      const fitHistory = salvaged.fitHistory.filter(
        (row) =>
          wells.has(pairKey(row.connection_id, row.well_id)) &&
          inserter.insert('decline_fit_history', row),
      ).length;

      return {
        operations,
        wells: editedWells.size,
        days,
        connections: connections.size,
        importMappings,
        declineSettings,
        editedFits,
        fitHistory,
        dismissals,
        events,
        lost,
        partlyRead,
        complete: salvaged.complete && lost === 0 && partlyRead === 0,
      };
    })
    .immediate();
}
