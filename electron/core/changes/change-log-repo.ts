import type { ChangeSource, ChangeState } from '#shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import type { CacheDb } from '../cache/migrate.js';

/**
 * The change_log table (cache migration 15): one row per value changed on this computer.
 * Values are kept as the outbox keeps them (imperial numbers, text for well members).
 */

/** One action on one well: a save, an import's rows of that well, a delete, a well change. */
export interface ChangeAction {
  connectionId: string;
  projectId: string;
  wellId: string;
  wellName: string;
  batch: number;
  at: string;
  actor: string;
  source: ChangeSource;
  sourceLabel: string | null;
}

/** A value as stored: an imperial number, or text for a well's members. */
export type StoredValue = number | string | null;

/** [field, before, after]. */
export type ValueChange = [field: string, before: StoredValue, after: StoredValue];

/** A day's values changed (or a well's members: date null), and the operation carrying them. */
export interface ChangeEntry {
  date: string | null;
  values: ValueChange[];
  oldUnknown: boolean;
  /** The day held no record before (known only when oldUnknown is false). */
  newDay: boolean;
  outboxSeq: number;
}

export interface StoredChange {
  id: number;
  projectId: string;
  batch: number;
  at: string;
  actor: string;
  source: ChangeSource;
  sourceLabel: string | null;
  wellId: string;
  wellName: string;
  date: string | null;
  values: ValueChange[];
  oldUnknown: boolean;
  state: ChangeState;
  settledAt: string | null;
}

export interface ChangeFilter {
  projectId: string;
  wellId?: string;
  sources?: readonly ChangeSource[];
  field?: string;
  /** ISO instants, inclusive: when the change was made. */
  madeFrom?: string;
  madeTo?: string;
  batch?: number;
}

/** A row of one action, as taking it back needs it. */
export interface ActionRow {
  id: number;
  projectId: string;
  wellId: string;
  source: ChangeSource;
  sourceLabel: string | null;
  date: string | null;
  values: ValueChange[];
  oldUnknown: boolean;
  newDay: boolean;
}

/** A later change of a day, which stops an undo. */
export interface LaterChange {
  date: string;
  source: ChangeSource;
  sourceLabel: string | null;
  at: string;
}

export interface SettledActionRow {
  batch: number;
  projectId: string;
  wellId: string;
  wellName: string;
  source: ChangeSource;
  sourceLabel: string | null;
  values: number;
  days: number;
  at: string;
  settledAt: string;
}

const COLUMNS = `id, project_id AS projectId, batch, at, actor, source, source_label AS sourceLabel,
  well_id AS wellId, well_name AS wellName, date, changes, old_unknown AS oldUnknown, COALESCE(outcome, 'pending') AS state,
  settled_at AS settledAt`;

type RawChange = Omit<StoredChange, 'oldUnknown' | 'values'> & {
  oldUnknown: number;
  changes: string;
};

export class ChangeLogRepo {
  private readonly statements;

  constructor(
    private readonly db: CacheDb,
    /** Who makes the changes recorded here (the computer's user). */
    readonly actor: string,
  ) {
    this.statements = {
      // The id its first row will take: unique without an index or a counter of its own.
      nextBatch: db.prepare('SELECT COALESCE(MAX(id), 0) + 1 FROM change_log').pluck(),
      insert: db.prepare(
        `INSERT INTO change_log (connection_id, project_id, well_id, well_name, batch, at, actor,
           source, source_label, date, changes, old_unknown, new_day, outbox_seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertEvent: db.prepare(
        `INSERT INTO change_log (connection_id, project_id, well_id, well_name, batch, at, actor,
           source, source_label, date, changes, event_id, outcome, settled_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'event', ?, NULL, ?, ?, ?, ?)`,
      ),
      settleEvent: db.prepare(
        `UPDATE change_log SET outcome = ?, settled_at = ?
         WHERE connection_id = ? AND event_id = ? AND outcome IS NULL`,
      ),
      repoint: db.prepare(
        `UPDATE change_log SET outbox_seq = ?
         WHERE connection_id = ? AND outbox_seq = ? AND outcome IS NULL
           AND date BETWEEN ? AND ?`,
      ),
      discard: db.prepare(
        `UPDATE change_log SET outcome = 'discarded', settled_at = ?
         WHERE connection_id = ? AND outbox_seq = ? AND outcome IS NULL`,
      ),
      // An action's rows start at its number (nextBatch): the primary key finds them.
      action: db.prepare(
        `SELECT id, project_id AS projectId, well_id AS wellId, source, source_label AS sourceLabel,
           date, changes, old_unknown AS oldUnknown, new_day AS newDay
         FROM change_log WHERE connection_id = ? AND id >= ? AND batch = ? ORDER BY id`,
      ),
      later: db.prepare(
        `SELECT date, source, source_label AS sourceLabel, at FROM change_log
         WHERE connection_id = ? AND well_id = ? AND id > ? AND date BETWEEN ? AND ?
         ORDER BY id`,
      ),
      settled: db.prepare(
        `SELECT batch, project_id AS projectId, well_id AS wellId, well_name AS wellName, source,
           source_label AS sourceLabel, SUM(json_array_length(changes)) AS "values",
           COUNT(DISTINCT date) AS days,
           MIN(at) AS at, MAX(settled_at) AS settledAt
         FROM change_log WHERE connection_id = ? AND outcome = 'synced'
         GROUP BY batch, well_id ORDER BY settledAt DESC, batch DESC LIMIT ?`,
      ),
    };
  }

  /** A new action's number; call inside the transaction that records it. */
  nextBatch(): number {
    return this.statements.nextBatch.get() as number;
  }

  record(action: ChangeAction, entries: readonly ChangeEntry[]): void {
    const { insert } = this.statements;
    const a = action;
    for (const entry of entries) {
      insert.run(
        a.connectionId,
        a.projectId,
        a.wellId,
        a.wellName,
        a.batch,
        a.at,
        a.actor,
        a.source,
        a.sourceLabel,
        entry.date,
        JSON.stringify(entry.values),
        entry.oldUnknown ? 1 : 0,
        entry.newDay ? 1 : 0,
        entry.outboxSeq,
      );
    }
  }

  /**
   * A well event made, changed or deleted here (its id is what settles it: events travel
   * outside the outbox). `local`: the server has no events, so nothing is waiting.
   */
  recordEvent(
    action: Omit<ChangeAction, 'batch' | 'source'>,
    eventId: string,
    values: readonly ValueChange[],
    local: boolean,
  ): void {
    const a = action;
    this.statements.insertEvent.run(
      a.connectionId,
      a.projectId,
      a.wellId,
      a.wellName,
      this.nextBatch(),
      a.at,
      a.actor,
      a.sourceLabel,
      JSON.stringify(values),
      eventId,
      local ? 'local' : null,
      local ? a.at : null,
    );
  }

  /** The server took the event's changes (synced) or has no events (local). */
  settleEvent(
    connectionId: string,
    eventId: string,
    outcome: 'synced' | 'local',
    at: string,
  ): void {
    this.statements.settleEvent.run(outcome, at, connectionId, eventId);
  }

  /**
   * Days of an operation that a later one now carries (a delete dropped them from a
   * pending upsert): their changes settle with the later operation.
   */
  repoint(connectionId: string, fromSeq: number, range: DateInterval, toSeq: number): void {
    this.statements.repoint.run(toSeq, connectionId, fromSeq, range.from, range.to);
  }

  /** Before an operation is removed unsent: its changes never reached the server. */
  discard(connectionId: string, seq: number, at: string): void {
    this.statements.discard.run(at, connectionId, seq);
  }

  /** Newest first; `before` pages on. */
  list(
    connectionId: string,
    filter: ChangeFilter,
    page: { before?: number; limit: number },
  ): { rows: StoredChange[]; total: number } {
    const { where, params } = whereOf(connectionId, filter);
    const total = this.db
      .prepare(`SELECT COUNT(*) FROM change_log WHERE ${where}`)
      .pluck()
      .get(...params) as number;
    const paged = page.before === undefined ? where : `${where} AND id < ?`;
    const pagedParams = page.before === undefined ? params : [...params, page.before];
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM change_log WHERE ${paged} ORDER BY id DESC LIMIT ?`)
      .all(...pagedParams, page.limit) as RawChange[];
    return { rows: rows.map(toStoredChange), total };
  }

  /** Every row of one action, in the order written. */
  action(connectionId: string, batch: number): ActionRow[] {
    const rows = this.statements.action.all(connectionId, batch, batch) as Array<
      Omit<ActionRow, 'values' | 'oldUnknown' | 'newDay'> & {
        changes: string;
        oldUnknown: number;
        newDay: number;
      }
    >;
    return rows.map(({ changes, oldUnknown, newDay, ...row }) => ({
      ...row,
      values: JSON.parse(changes) as ValueChange[],
      oldUnknown: oldUnknown === 1,
      newDay: newDay === 1,
    }));
  }

  /** Changes of a well's days in a span made after row `afterId`. */
  laterChanges(
    connectionId: string,
    wellId: string,
    afterId: number,
    span: DateInterval,
  ): LaterChange[] {
    return this.statements.later.all(
      connectionId,
      wellId,
      afterId,
      span.from,
      span.to,
    ) as LaterChange[];
  }

  /** The latest actions the server accepted, one per action and well. */
  recentSettled(connectionId: string, limit: number): SettledActionRow[] {
    return this.statements.settled.all(connectionId, limit) as SettledActionRow[];
  }
}

function toStoredChange({ changes, oldUnknown, ...row }: RawChange): StoredChange {
  return { ...row, values: JSON.parse(changes) as ValueChange[], oldUnknown: oldUnknown === 1 };
}

function whereOf(
  connectionId: string,
  filter: ChangeFilter,
): { where: string; params: Array<string | number> } {
  const clauses = ['connection_id = ?', 'project_id = ?'];
  const params: Array<string | number> = [connectionId, filter.projectId];
  if (filter.wellId !== undefined) {
    clauses.push('well_id = ?');
    params.push(filter.wellId);
  }
  if (filter.sources !== undefined) {
    clauses.push(`source IN (${filter.sources.map(() => '?').join(', ')})`);
    params.push(...filter.sources);
  }
  if (filter.field !== undefined) {
    clauses.push('EXISTS (SELECT 1 FROM json_each(changes) WHERE value ->> 0 = ?)');
    params.push(filter.field);
  }
  if (filter.madeFrom !== undefined) {
    clauses.push('at >= ?');
    params.push(filter.madeFrom);
  }
  if (filter.madeTo !== undefined) {
    clauses.push('at <= ?');
    params.push(filter.madeTo);
  }
  if (filter.batch !== undefined) {
    clauses.push('batch = ?');
    params.push(filter.batch);
  }
  return { where: clauses.join(' AND '), params };
}
