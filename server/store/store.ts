import type { UnitSystem } from '#shared/api/index.js';
import type { TokenLookup, CreateTokenOptions } from '../auth/token-store.js';
import type { Principal } from '../auth/scopes.js';
import type { RateDecision, RateLimit } from '../rate-limit/gcra.js';
import type { ImportRows } from './import-rows.js';
import type { MonthItem, PackedMonth } from '../serialize/monthly-sums.js';
import type { RawRow, StoredRecordInput } from './production-repo.js';
import type { WellRecentRates } from './production-latest-repo.js';
import type { ProjectChangesRow } from './project-changes.js';
import type { EventFields, EventKey, EventScope } from './events-repo.js';
import type { ProjectAccess, ProjectKey, ProjectRow } from './projects-repo.js';
import type { WellFields, WellFilters, WellKey, WellRow } from './wells-repo.js';
import type { ProductionField, ProductionRecord, WellEvent } from '#shared/api/index.js';

export type { ProjectAccess, ProjectKey, ProjectRow, WellFields, WellFilters, WellKey, WellRow };
export type { EventFields, EventKey, EventScope };

/**
 * The one storage interface routes, authentication and the CLI call, whatever the engine:
 * SQLite (one process, the zero-setup default) or PostgreSQL (several server instances on one
 * database). Every method is async so both engines fit; the SQLite one answers synchronously
 * inside. State that must agree across instances lives behind it (docs/scaling.md).
 */
export interface Store {
  readonly engine: 'sqlite' | 'postgres';
  readonly projects: ProjectStore;
  readonly wells: WellStore;
  readonly production: ProductionStore;
  readonly events: EventStore;
  readonly tokens: TokenStore;
  readonly rateLimits: RateLimitStore;
  /** Values kept once per database (the cursor secret), made by `make` the first time. */
  metaValue(key: string, make: () => string): Promise<string>;
  /** Resolves when the database answers; throws StoreUnavailableError when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type NewProject = {
  name: string;
  description: string;
  timezone: string;
  unitSystem: UnitSystem;
};

export interface ProjectStore {
  list(
    principal: Principal,
    limit: number,
    after?: ProjectKey,
  ): Promise<{ rows: ProjectRow[]; total: number }>;
  /** The project if this principal may see it; undefined otherwise (the caller says 404). */
  get(principal: Principal, id: string): Promise<ProjectRow | undefined>;
  /** Id and unit system only: the lean check every well and production request makes. */
  access(principal: Principal, id: string): Promise<ProjectAccess | undefined>;
  create(principal: Principal, input: NewProject, now?: Date): Promise<ProjectRow>;
  update(
    principal: Principal,
    id: string,
    patch: Partial<NewProject>,
    now?: Date,
  ): Promise<ProjectRow>;
  /** Cascades to memberships, wells and production. */
  delete(id: string): Promise<void>;
  /**
   * The changes extension: the project's count of changes and the wells changed after
   * `since` (every live well when null, or when `since` is ahead: `reset`). Undefined when
   * there is no such project; the caller has checked access.
   */
  changes(id: string, since: number | null): Promise<ProjectChangesRow | undefined>;
}

export interface WellStore {
  list(
    projectId: string,
    filters: WellFilters,
    limit: number,
    after?: WellKey,
  ): Promise<{ rows: WellRow[]; total: number }>;
  /** With its dataVersion, which keys the response cache: read on every request, so shared. */
  get(projectId: string, wellId: string): Promise<WellRow | undefined>;
  /**
   * What every well route loads first: the project's access if this principal may see it
   * (undefined otherwise), and the well if the project holds it. One round trip on
   * PostgreSQL, where each one costs more than the query.
   */
  getWithAccess(
    principal: Principal,
    projectId: string,
    wellId: string,
  ): Promise<{ project: ProjectAccess; well: WellRow | undefined } | undefined>;
  /** Throws a CONFLICT ApiError when the API number is taken in the project. */
  create(projectId: string, fields: WellFields, now?: Date): Promise<WellRow>;
  update(
    projectId: string,
    wellId: string,
    patch: Partial<WellFields>,
    now?: Date,
  ): Promise<WellRow>;
  delete(wellId: string): Promise<void>;
}

export interface ProductionStore {
  /** Records with `from <= date <= to`, ascending, every field. */
  read(wellSeq: number, from: string, to: string): Promise<ProductionRecord[]>;
  /** The same rows as arrays `[date, ...fields]`. */
  readRaw(
    wellSeq: number,
    from: string,
    to: string,
    fields: readonly ProductionField[],
  ): Promise<RawRow[]>;
  /**
   * The packed daily rows (server/serialize/monthly-sums.ts) of the months holding `from`..`to`,
   * ascending: a row per month read, not a row per day. The caller skips the days outside.
   */
  readPacked(wellSeq: number, from: string, to: string): Promise<PackedMonth[]>;
  /**
   * The months of `from <= date <= to`, ascending (server/serialize/monthly-sums.ts): a whole
   * month as its item in `system` that every write keeps, a month cut short by the range as
   * the sums of its daily rows in the range.
   */
  readMonthly(wellSeq: number, from: string, to: string, system: UnitSystem): Promise<MonthItem[]>;
  /**
   * Replaces whole records, all or nothing; bumps the well's data version and rewrites the
   * stored monthly sums of the months it touched.
   */
  upsert(
    wellSeq: number,
    records: readonly StoredRecordInput[],
    now?: Date,
  ): Promise<{ inserted: number; updated: number }>;
  /**
   * The CSV import's write: replaces whole records as upsert does, all or nothing, in one
   * transaction, reading `rows` a batch at a time, so neither memory nor one stretch of
   * synchronous work grows with the import's size (SQLite: server/store/sqlite-import.ts).
   * Stops and rolls back when `signal` aborts (the client went away), throwing its reason;
   * a NOT_FOUND ApiError when the well is gone.
   */
  importRows(
    wellSeq: number,
    rows: ImportRows,
    now?: Date,
    signal?: AbortSignal,
  ): Promise<{ inserted: number; updated: number }>;
  /** Deletes the records in the range, keeping the monthly sums, as upsert does. */
  deleteRange(wellSeq: number, from: string, to: string, now?: Date): Promise<number>;
  /**
   * Every well of a project, in the wells list's order, with its rows of the `days` days
   * ending at its last producing day: the project latest-production summary's one read.
   */
  recentRates(projectId: string, days: number): Promise<WellRecentRates[]>;
}

export interface TokenStore {
  /** Issues a token (shown once, stored as its SHA-256), creating the user if needed. */
  create(options: CreateTokenOptions): Promise<string>;
  /** False when no such token exists. A revoke is seen by every instance on its next request. */
  revoke(token: string, now?: Date): Promise<boolean>;
  verify(token: string, now: Date): Promise<TokenLookup>;
}

/** Rate-limit buckets: in memory for SQLite (one process), in the database for PostgreSQL. */
export interface RateLimitStore {
  /** Counts one request against `key` at `nowMs`, or refuses it. */
  take(key: string, limit: RateLimit, nowMs: number): Promise<RateDecision>;
}

/** Well events (docs/api-decisions.md, "Well events"): by start date, then id. */
export interface EventStore {
  list(
    scope: EventScope,
    limit: number,
    after?: EventKey,
  ): Promise<{ rows: WellEvent[]; total: number }>;
  get(projectId: string, wellSeq: number, id: string): Promise<WellEvent | undefined>;
  /**
   * Creates the well's event at `id` or replaces it, all or nothing; a CONFLICT ApiError when
   * another well of the project holds that id.
   */
  put(
    projectId: string,
    wellSeq: number,
    id: string,
    fields: EventFields,
    now?: Date,
  ): Promise<{ event: WellEvent; created: boolean }>;
  /** True when the well held the event. */
  delete(projectId: string, wellSeq: number, id: string): Promise<boolean>;
}
