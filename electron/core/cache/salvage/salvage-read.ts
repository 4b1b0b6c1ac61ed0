import Database from 'better-sqlite3';
import type { CacheDb } from '../migrate.js';
import { sqliteBindingOptions } from '#shared-node/sqlite/native-binding.js';
import { columnsOf, isSqliteError, orElse, readAround, readOne, type Row } from './read-damaged.js';

/**
 * What a damaged cache still holds that the server cannot give back: the
 * queued edits (outbox, outbox_records), the connections they belong to, the
 * engineer's saved import mappings, decline settings, the decline fits they
 * edited, the fit history of the wells kept (every fit saved for them, cache
 * migration 11) and the data-quality findings they dismissed, and the projects
 * and wells the edits, edited fits and fits ever edited by hand name (for their
 * names and units until the server is asked again; a fit cannot be kept without
 * its well). Production,
 * coverage and the fits the app computed are not read: the server has the
 * data, and a fit can be made again from it.
 */
export interface Salvaged {
  connections: Row[];
  projects: Row[];
  wells: Row[];
  /** Outbox rows, by seq. */
  operations: Row[];
  /** outbox_records rows, by their operation's seq. */
  records: Map<number, Row[]>;
  importMappings: Row[];
  /** decline_settings rows (cache migration 8). */
  declineSettings: Row[];
  /** decline_fits rows the person edited (origin 'edited'). */
  editedFits: Row[];
  /** decline_fit_history rows of the wells read (`wells`), by id. */
  fitHistory: Row[];
  /** quality_dismissed rows (cache migration 7). */
  dismissals: Row[];
  /** well_events made here and not yet on the server (cache migration 18). */
  events: Row[];
  /** event_categories rows: each project's list of reasons. */
  eventCategories: Row[];
  /** Operations known to exist (from an index or their records) whose row cannot be read. */
  unreadableOperations: number;
  /** Operations some of whose records could not be read. */
  partlyRead: Set<number>;
  /** False when damage stopped any read that mattered: something may be missing. */
  complete: boolean;
}

/** The columns to copy: what the fresh cache has, as far as the damaged file has them too. */
export type WantedColumns = Record<SalvagedTable, readonly string[]>;
export type SalvagedTable =
  | 'connections'
  | 'projects'
  | 'wells'
  | 'outbox'
  | 'outbox_records'
  | 'import_mappings'
  | 'decline_settings'
  | 'decline_fits'
  | 'decline_fit_history'
  | 'quality_dismissed'
  | 'well_events'
  | 'event_categories';

/** Opens the damaged file read-only (its WAL is read, never checkpointed); null if SQLite cannot. */
export function readSalvage(file: string, wanted: WantedColumns): Salvaged | null {
  let db: CacheDb;
  try {
    db = new Database(file, {
      ...sqliteBindingOptions(process.env),
      readonly: true,
      fileMustExist: true,
    });
  } catch (error) {
    if (isSqliteError(error)) return null;
    throw error;
  }
  try {
    return orElse(() => {
      // A file whose header or schema page is gone answers nothing at all.
      db.prepare('SELECT name FROM sqlite_master').all();
      return readTables(db, wanted);
    }, null);
  } finally {
    db.close();
  }
}

function readTables(db: CacheDb, wanted: WantedColumns): Salvaged {
  const list = (table: SalvagedTable) => {
    const present = new Set(columnsOf(db, table));
    return wanted[table].filter((column) => present.has(column));
  };
  const columns = {
    connections: list('connections'),
    projects: list('projects'),
    wells: list('wells'),
    outbox: list('outbox'),
    outbox_records: list('outbox_records'),
    import_mappings: list('import_mappings'),
    decline_settings: list('decline_settings'),
    decline_fits: list('decline_fits'),
    decline_fit_history: list('decline_fit_history'),
    quality_dismissed: list('quality_dismissed'),
    well_events: list('well_events'),
    event_categories: list('event_categories'),
  };
  const select = (table: SalvagedTable) => `SELECT ${columns[table].join(', ')} FROM ${table}`;
  let complete = true;
  /** A whole table (or its rows `where` picks); one an older cache does not have yet reads as empty. */
  const whole = (
    table: SalvagedTable,
    order: readonly string[],
    key: readonly string[],
    where = '',
  ) => {
    if (columns[table].length === 0) return [];
    const read = readAround(db, { select: `${select(table)}${where}`, order, key });
    complete &&= read.complete;
    return read.rows;
  };

  const connections = whole('connections', ['rowid'], ['id']);
  const { operations, unreadable } =
    columns.outbox.length === 0
      ? { operations: [], unreadable: 0 }
      : readOperations(db, select('outbox'), () => (complete = false));
  const records = readRecords(db, select('outbox_records'), operations);
  complete &&= records.partlyRead.size === 0 && unreadable === 0;

  const fitKey = ['connection_id', 'well_id', 'stream'];
  const editedFits = whole('decline_fits', fitKey, fitKey, " WHERE origin = 'edited'");
  // A fit edited by hand and since replaced (a Forecast all run told to) is still the
  // person's work: its well is kept for its history even without an edited fit now.
  const history = whole('decline_fit_history', ['id'], ['id']);
  const handEdits = history.filter((row) => row.source === 'manual-edit');

  const projects: Row[] = [];
  const wells: Row[] = [];
  const named = new Map<string, Row>();
  const wellKey = (row: Row) => `${String(row.connection_id)}\n${String(row.well_id)}`;
  for (const row of [...operations, ...editedFits, ...handEdits]) named.set(wellKey(row), row);
  const fitHistory = history.filter((row) => named.has(wellKey(row)));
  const projectKeys = new Set<string>();
  for (const op of named.values()) {
    const projectKey = `${String(op.connection_id)}\n${String(op.project_id)}`;
    if (!projectKeys.has(projectKey)) {
      projectKeys.add(projectKey);
      const project = readOne(db, `${select('projects')} WHERE connection_id = ? AND id = ?`, [
        op.connection_id,
        op.project_id,
      ]);
      if (project) projects.push(project);
    }
    const well = readOne(db, `${select('wells')} WHERE connection_id = ? AND id = ?`, [
      op.connection_id,
      op.well_id,
    ]);
    if (well) wells.push(well);
  }
  const importMappings = whole('import_mappings', ['header_key'], ['header_key']);
  const projectKey = ['connection_id', 'project_id'];
  const declineSettings = whole('decline_settings', projectKey, projectKey);
  const dismissalKey = [...projectKey, 'finding_key'];
  const dismissals = whole('quality_dismissed', dismissalKey, dismissalKey);
  // Events the server has are read again from it; those it has not are the person's work.
  const eventKey = [...projectKey, 'id'];
  const events = whole('well_events', eventKey, eventKey, " WHERE state <> 'synced'");
  const eventCategories = whole('event_categories', projectKey, projectKey);

  return {
    connections,
    projects,
    wells,
    operations,
    records: records.bySeq,
    importMappings,
    declineSettings,
    editedFits,
    fitHistory,
    dismissals,
    events,
    eventCategories,
    unreadableOperations: unreadable,
    partlyRead: records.partlyRead,
    complete,
  };
}

/**
 * The outbox: a scan from both ends, then every seq the two indexes or the
 * records still name, looked up one by one.
 */
function readOperations(
  db: CacheDb,
  selectOutbox: string,
  damaged: () => void,
): { operations: Row[]; unreadable: number } {
  const scanned = readAround(db, { select: selectOutbox, order: ['seq'], key: ['seq'] });
  const bySeq = new Map(scanned.rows.map((row) => [Number(row.seq), row]));
  if (scanned.complete) return { operations: scanned.rows, unreadable: 0 };
  damaged();

  const named = new Set<number>();
  const seqsFrom = (select: string, order: readonly string[]) => {
    for (const row of readAround(db, { select, order, key: order }).rows)
      named.add(Number(row.seq));
  };
  seqsFrom('SELECT connection_id, well_id, seq FROM outbox INDEXED BY outbox_by_well', [
    'connection_id',
    'well_id',
    'seq',
  ]);
  seqsFrom('SELECT connection_id, state, seq FROM outbox INDEXED BY outbox_by_state', [
    'connection_id',
    'state',
    'seq',
  ]);
  seqsFrom('SELECT outbox_seq AS seq, date FROM outbox_records', ['seq', 'date']);
  let unreadable = 0;
  for (const seq of named) {
    if (bySeq.has(seq)) continue;
    const row = readOne(db, `${selectOutbox} WHERE seq = ?`, [seq]);
    if (row) bySeq.set(seq, row);
    else unreadable += 1;
  }
  const operations = [...bySeq.values()].sort((a, b) => Number(a.seq) - Number(b.seq));
  return { operations, unreadable };
}

/** The records of the operations: the whole table if it reads, else operation by operation. */
function readRecords(
  db: CacheDb,
  selectRecords: string,
  operations: readonly Row[],
): { bySeq: Map<number, Row[]>; partlyRead: Set<number> } {
  const bySeq = new Map<number, Row[]>();
  const partlyRead = new Set<number>();
  const add = (row: Row) => {
    const seq = Number(row.outbox_seq);
    const rows = bySeq.get(seq);
    if (rows) rows.push(row);
    else bySeq.set(seq, [row]);
  };
  const whole = readAround(db, {
    select: selectRecords,
    order: ['outbox_seq', 'date'],
    key: ['outbox_seq', 'date'],
  });
  if (whole.complete) {
    for (const row of whole.rows) add(row);
    return { bySeq, partlyRead };
  }
  for (const op of operations) {
    if (op.kind !== 'upsert-records') continue;
    const seq = Number(op.seq);
    const read = readAround(db, {
      select: `${selectRecords} WHERE outbox_seq = ?`,
      params: [seq],
      order: ['date'],
      key: ['date'],
    });
    for (const row of read.rows) add(row);
    if (!read.complete) partlyRead.add(seq);
  }
  return { bySeq, partlyRead };
}
