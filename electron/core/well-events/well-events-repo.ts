import type { WellEvent } from '#shared/api/index.js';
import { STANDARD_EVENT_CATEGORIES, type WellEventState } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';

/** An event as the cache keeps it (cache migration 18). */
export interface StoredEvent {
  id: string;
  projectId: string;
  wellId: string;
  startDate: string;
  endDate: string | null;
  category: string;
  note: string;
  updatedAt: string;
  state: WellEventState;
  error: string | null;
}

const COLUMNS = `id, project_id AS projectId, well_id AS wellId, start_date AS startDate,
  end_date AS endDate, category, note, updated_at AS updatedAt, state, error`;

/** Filters of a list: a project's events, or one well's, overlapping from..to. */
export interface EventFilter {
  wellId?: string;
  from?: string;
  to?: string;
}

/** Well events and each project's list of reasons, on this computer. */
export class WellEventsRepo {
  constructor(private readonly db: CacheDb) {}

  /** Events not deleted here, by start date. */
  list(connectionId: string, projectId: string, filter: EventFilter = {}): StoredEvent[] {
    return this.db
      .prepare(
        `SELECT ${COLUMNS} FROM well_events
         WHERE connection_id = @connectionId AND project_id = @projectId AND state <> 'deleted'
           AND (@wellId IS NULL OR well_id = @wellId)
           AND (@to IS NULL OR start_date <= @to)
           AND (@from IS NULL OR end_date IS NULL OR end_date >= @from)
         ORDER BY start_date, id`,
      )
      .all({
        connectionId,
        projectId,
        wellId: filter.wellId ?? null,
        from: filter.from ?? null,
        to: filter.to ?? null,
      }) as StoredEvent[];
  }

  get(connectionId: string, projectId: string, id: string): StoredEvent | undefined {
    return this.db
      .prepare(
        `SELECT ${COLUMNS} FROM well_events WHERE connection_id = ? AND project_id = ? AND id = ?`,
      )
      .get(connectionId, projectId, id) as StoredEvent | undefined;
  }

  put(connectionId: string, event: StoredEvent): void {
    this.db
      .prepare(
        `INSERT INTO well_events (connection_id, project_id, id, well_id, start_date, end_date,
           category, note, updated_at, state, error)
         VALUES (@connectionId, @projectId, @id, @wellId, @startDate, @endDate, @category, @note,
           @updatedAt, @state, @error)
         ON CONFLICT (connection_id, project_id, id) DO UPDATE SET well_id = excluded.well_id,
           start_date = excluded.start_date, end_date = excluded.end_date,
           category = excluded.category, note = excluded.note, updated_at = excluded.updated_at,
           state = excluded.state, error = excluded.error`,
      )
      .run({ connectionId, ...event });
  }

  remove(connectionId: string, projectId: string, id: string): void {
    this.db
      .prepare('DELETE FROM well_events WHERE connection_id = ? AND project_id = ? AND id = ?')
      .run(connectionId, projectId, id);
  }

  setState(
    connectionId: string,
    projectId: string,
    id: string,
    state: WellEventState,
    error: string | null,
  ): void {
    this.db
      .prepare(
        `UPDATE well_events SET state = ?, error = ?
         WHERE connection_id = ? AND project_id = ? AND id = ?`,
      )
      .run(state, error, connectionId, projectId, id);
  }

  /** Events changed or deleted here and not yet sent, oldest change first. */
  toSend(connectionId: string): StoredEvent[] {
    return this.db
      .prepare(
        `SELECT ${COLUMNS} FROM well_events
         WHERE connection_id = ? AND state IN ('pending', 'deleted') AND error IS NULL
         ORDER BY updated_at, id`,
      )
      .all(connectionId) as StoredEvent[];
  }

  /** Events waiting for the server (refused ones included, until changed again). */
  waitingCount(connectionId: string): number {
    return this.db
      .prepare(
        `SELECT COUNT(*) FROM well_events WHERE connection_id = ? AND state IN ('pending', 'deleted')`,
      )
      .pluck()
      .get(connectionId) as number;
  }

  hasWorkToSend(connectionId: string): boolean {
    return (
      this.db
        .prepare(
          `SELECT 1 FROM well_events WHERE connection_id = ? AND state IN ('pending', 'deleted')
           LIMIT 1`,
        )
        .get(connectionId) !== undefined
    );
  }

  /**
   * The server's events of a project replace those kept as synced: gone from the server, gone
   * here; new or changed there, written here. An event changed or deleted here and not yet
   * sent stays as it is: the person's change goes out next, and wins.
   */
  mergeFromServer(connectionId: string, projectId: string, events: readonly WellEvent[]): number {
    const held = new Map(
      this.db
        .prepare(`SELECT id, state FROM well_events WHERE connection_id = ? AND project_id = ?`)
        .all(connectionId, projectId)
        .map((row) => {
          const { id, state } = row as { id: string; state: WellEventState };
          return [id, state] as const;
        }),
    );
    let changed = 0;
    const onServer = new Set<string>();
    for (const event of events) {
      onServer.add(event.id);
      const state = held.get(event.id);
      if (state === 'pending' || state === 'deleted') continue;
      const before = state === undefined ? undefined : this.get(connectionId, projectId, event.id);
      const next: StoredEvent = {
        id: event.id,
        projectId,
        wellId: event.wellId,
        startDate: event.startDate,
        endDate: event.endDate,
        category: event.category,
        note: event.note,
        updatedAt: event.updatedAt,
        state: 'synced',
        error: null,
      };
      if (before && sameEvent(before, next)) continue;
      this.put(connectionId, next);
      changed += 1;
    }
    for (const [id, state] of held) {
      if (state === 'synced' && !onServer.has(id)) {
        this.remove(connectionId, projectId, id);
        changed += 1;
      }
    }
    return changed;
  }

  /** The project's list of reasons: its own when edited, else the standard list. */
  categories(connectionId: string, projectId: string): string[] {
    const row = this.db
      .prepare('SELECT categories FROM event_categories WHERE connection_id = ? AND project_id = ?')
      .pluck()
      .get(connectionId, projectId) as string | undefined;
    return row === undefined ? [...STANDARD_EVENT_CATEGORIES] : (JSON.parse(row) as string[]);
  }

  saveCategories(connectionId: string, projectId: string, categories: readonly string[]): void {
    this.db
      .prepare(
        `INSERT INTO event_categories (connection_id, project_id, categories) VALUES (?, ?, ?)
         ON CONFLICT (connection_id, project_id) DO UPDATE SET categories = excluded.categories`,
      )
      .run(connectionId, projectId, JSON.stringify(categories));
  }
}

function sameEvent(a: StoredEvent, b: StoredEvent): boolean {
  return (
    a.wellId === b.wellId &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.category === b.category &&
    a.note === b.note &&
    a.state === b.state
  );
}
