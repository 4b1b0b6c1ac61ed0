import type { UnitSystem } from '#shared/api/index.js';
import type { IpcError, OutboxKind, OutboxState } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';

/** The outbox table: one row per operation, in the order the engineer made them. */

export interface OutboxOp {
  seq: number;
  connectionId: string;
  projectId: string;
  wellId: string;
  kind: OutboxKind;
  /** JSON; its shape depends on `kind` (see payloads.ts). */
  payload: string;
  state: OutboxState;
  error: string | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
}

/** Copied by triggers when the cache drops the well or project (cache migration 4). */
export interface RememberedNames {
  wellName: string | null;
  unitSystem: UnitSystem | null;
}

export interface OutboxCounts {
  /** Waiting to be accepted, including those being sent now. */
  pending: number;
  syncing: number;
  errors: number;
  conflicts: number;
}

const COLUMNS = `seq, connection_id AS connectionId, project_id AS projectId, well_id AS wellId,
  kind, payload, state, error, attempts, created_at AS createdAt, updated_at AS updatedAt`;

export class OutboxRepo {
  private readonly statements;

  constructor(private readonly db: CacheDb) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO outbox (connection_id, project_id, well_id, kind, payload, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      get: db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE connection_id = ? AND seq = ?`),
      remembered: db.prepare(
        `SELECT well_name AS wellName, unit_system AS unitSystem FROM outbox
         WHERE connection_id = ? AND seq = ?`,
      ),
      ofWell: db.prepare(
        `SELECT ${COLUMNS} FROM outbox WHERE connection_id = ? AND well_id = ? ORDER BY seq`,
      ),
      list: db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE connection_id = ? ORDER BY seq`),
      wellUpdates: db.prepare(
        `SELECT ${COLUMNS} FROM outbox
         WHERE connection_id = ? AND project_id = ? AND kind = 'update-well' ORDER BY seq`,
      ),
      counts: db.prepare(
        `SELECT state, COUNT(*) AS n FROM outbox WHERE connection_id = ? GROUP BY state`,
      ),
      // The first operation of every well: only a pending one may be sent (per-well FIFO).
      heads: db.prepare(
        `SELECT ${COLUMNS} FROM outbox o
         WHERE connection_id = ? AND seq = (SELECT MIN(seq) FROM outbox
           WHERE connection_id = o.connection_id AND well_id = o.well_id)
         ORDER BY seq`,
      ),
      hasProductionEdits: db
        .prepare(
          `SELECT 1 FROM outbox WHERE connection_id = ? AND well_id = ? AND kind != 'update-well' LIMIT 1`,
        )
        .pluck(),
      connectionsWithWork: db
        .prepare("SELECT DISTINCT connection_id FROM outbox WHERE state IN ('pending', 'syncing')")
        .pluck(),
      setState: db.prepare(
        'UPDATE outbox SET state = ?, error = ?, updated_at = ? WHERE connection_id = ? AND seq = ?',
      ),
      failAttempt: db.prepare(
        `UPDATE outbox SET state = ?, error = ?, attempts = attempts + 1, updated_at = ?
         WHERE connection_id = ? AND seq = ?`,
      ),
      setPayload: db.prepare(
        'UPDATE outbox SET payload = ?, updated_at = ? WHERE connection_id = ? AND seq = ?',
      ),
      remove: db.prepare('DELETE FROM outbox WHERE connection_id = ? AND seq = ?'),
      // Counted as an attempt: it may have reached the server before the crash.
      resetSyncing: db.prepare(
        "UPDATE outbox SET state = 'pending', attempts = attempts + 1 WHERE state = 'syncing'",
      ),
    };
  }

  insert(
    op: Pick<OutboxOp, 'connectionId' | 'projectId' | 'wellId' | 'kind' | 'payload'>,
    at: string,
  ): number {
    const result = this.statements.insert.run(
      op.connectionId,
      op.projectId,
      op.wellId,
      op.kind,
      op.payload,
      at,
      at,
    );
    return Number(result.lastInsertRowid);
  }

  get(connectionId: string, seq: number): OutboxOp | undefined {
    return this.statements.get.get(connectionId, seq) as OutboxOp | undefined;
  }

  remembered(connectionId: string, seq: number): RememberedNames {
    return (
      (this.statements.remembered.get(connectionId, seq) as RememberedNames | undefined) ?? {
        wellName: null,
        unitSystem: null,
      }
    );
  }

  ofWell(connectionId: string, wellId: string): OutboxOp[] {
    return this.statements.ofWell.all(connectionId, wellId) as OutboxOp[];
  }

  list(connectionId: string): OutboxOp[] {
    return this.statements.list.all(connectionId) as OutboxOp[];
  }

  wellUpdates(connectionId: string, projectId: string): OutboxOp[] {
    return this.statements.wellUpdates.all(connectionId, projectId) as OutboxOp[];
  }

  counts(connectionId: string): OutboxCounts {
    const counts: OutboxCounts = { pending: 0, syncing: 0, errors: 0, conflicts: 0 };
    for (const { state, n } of this.statements.counts.all(connectionId) as Array<{
      state: OutboxState;
      n: number;
    }>) {
      if (state === 'pending' || state === 'syncing') counts.pending += n;
      if (state === 'syncing') counts.syncing += n;
      if (state === 'error') counts.errors += n;
      if (state === 'conflict') counts.conflicts += n;
    }
    return counts;
  }

  /** The first operation of each well, oldest first. */
  heads(connectionId: string): OutboxOp[] {
    return this.statements.heads.all(connectionId) as OutboxOp[];
  }

  /** The fast path of production reads: most wells have no edits at all. */
  hasProductionEdits(connectionId: string, wellId: string): boolean {
    return this.statements.hasProductionEdits.get(connectionId, wellId) !== undefined;
  }

  connectionsWithWork(): string[] {
    return this.statements.connectionsWithWork.all() as string[];
  }

  setState(connectionId: string, seq: number, state: OutboxState, at: string): void {
    this.statements.setState.run(state, null, at, connectionId, seq);
  }

  /** An attempt that ended without the server accepting it. */
  failAttempt(
    connectionId: string,
    seq: number,
    state: OutboxState,
    error: IpcError | null,
    at: string,
  ): void {
    const text = error === null ? null : JSON.stringify(error);
    this.statements.failAttempt.run(state, text, at, connectionId, seq);
  }

  setPayload(connectionId: string, seq: number, payload: string, at: string): void {
    this.statements.setPayload.run(payload, at, connectionId, seq);
  }

  remove(connectionId: string, seq: number): boolean {
    return this.statements.remove.run(connectionId, seq).changes > 0;
  }

  /** After a crash or a kill, nothing is being sent: those operations go out again. */
  resetSyncing(): number {
    return this.statements.resetSyncing.run().changes;
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }
}
