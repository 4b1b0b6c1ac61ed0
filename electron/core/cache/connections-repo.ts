import type { ConnectionKind } from '#shared/desktop/index.js';
import type { CacheDb } from './migrate.js';

/** The connections table. Tokens are not here: they live in the SecretStore. */

export interface ConnectionRow {
  id: string;
  name: string;
  baseUrl: string;
  kind: ConnectionKind;
  createdAt: string;
  lastContactAt: string | null;
  isCurrent: boolean;
  projectsFetchedAt: string | null;
}

const COLUMNS = `id, name, base_url AS baseUrl, kind, created_at AS createdAt,
  last_contact_at AS lastContactAt, is_current AS isCurrent, projects_fetched_at AS projectsFetchedAt`;

type RawRow = Omit<ConnectionRow, 'isCurrent'> & { isCurrent: number };

const toRow = (raw: RawRow): ConnectionRow => ({ ...raw, isCurrent: raw.isCurrent === 1 });

export class ConnectionsRepo {
  private readonly statements;

  constructor(private readonly db: CacheDb) {
    this.statements = {
      list: db.prepare(`SELECT ${COLUMNS} FROM connections ORDER BY created_at, id`),
      get: db.prepare(`SELECT ${COLUMNS} FROM connections WHERE id = ?`),
      current: db.prepare(`SELECT ${COLUMNS} FROM connections WHERE is_current = 1`),
      demo: db.prepare(
        `SELECT ${COLUMNS} FROM connections WHERE kind = 'demo' ORDER BY created_at LIMIT 1`,
      ),
      insert: db.prepare(
        `INSERT INTO connections (id, name, base_url, kind, created_at, last_contact_at)
         VALUES (@id, @name, @baseUrl, @kind, @createdAt, @lastContactAt)`,
      ),
      updateAddress: db.prepare('UPDATE connections SET name = ?, base_url = ? WHERE id = ?'),
      clearCurrent: db.prepare('UPDATE connections SET is_current = 0 WHERE is_current = 1'),
      setCurrent: db.prepare('UPDATE connections SET is_current = 1 WHERE id = ?'),
      touch: db.prepare('UPDATE connections SET last_contact_at = ? WHERE id = ?'),
      remove: db.prepare('DELETE FROM connections WHERE id = ?'),
      unsynced: db.prepare('SELECT COUNT(*) FROM outbox WHERE connection_id = ?').pluck(),
    };
  }

  list(): ConnectionRow[] {
    return (this.statements.list.all() as RawRow[]).map(toRow);
  }

  get(id: string): ConnectionRow | undefined {
    const raw = this.statements.get.get(id) as RawRow | undefined;
    return raw && toRow(raw);
  }

  current(): ConnectionRow | undefined {
    const raw = this.statements.current.get() as RawRow | undefined;
    return raw && toRow(raw);
  }

  demo(): ConnectionRow | undefined {
    const raw = this.statements.demo.get() as RawRow | undefined;
    return raw && toRow(raw);
  }

  insert(row: Omit<ConnectionRow, 'isCurrent' | 'projectsFetchedAt'>): void {
    this.statements.insert.run(row);
  }

  updateAddress(id: string, name: string, baseUrl: string): void {
    this.statements.updateAddress.run(name, baseUrl, id);
  }

  /** Makes `id` the only current connection (none when null). */
  setCurrent(id: string | null): void {
    this.db.transaction(() => {
      this.statements.clearCurrent.run();
      if (id !== null) this.statements.setCurrent.run(id);
    })();
  }

  touchContact(id: string, at: string): void {
    this.statements.touch.run(at, id);
  }

  /** Deletes the connection and, by cascade, everything cached and queued for it. */
  remove(id: string): boolean {
    return this.statements.remove.run(id).changes > 0;
  }

  /** Operations in the outbox the server has not accepted yet. */
  unsyncedCount(id: string): number {
    return this.statements.unsynced.get(id) as number;
  }
}
