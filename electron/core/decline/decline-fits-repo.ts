import type {
  DeclineFitSource,
  DeclineFrequency,
  DeclineStream,
  SavedDeclineFit,
} from '#shared/desktop/index.js';
import type { DeclineModelKind } from '#shared/decline/index.js';
import type { CacheDb } from '../cache/migrate.js';

/**
 * Saved decline fits (cache migration 8), one per well and stream, and every fit
 * ever saved (decline_fit_history, cache migration 11): each save writes both, in
 * the caller's transaction. Rates and volumes are IMPERIAL (qi per day,
 * cumulative, EUR, remaining), as every quantity in the cache; `fit-view.ts`
 * converts them to the project's units.
 */
export interface StoredFit {
  projectId: string;
  wellId: string;
  stream: DeclineStream;
  frequency: DeclineFrequency;
  windowFrom: string;
  windowTo: string;
  /** The person chose the window (not the default: peak to last producing day). */
  windowChosen: boolean;
  anchorDate: string;
  kind: DeclineModelKind;
  qi: number;
  /** Nominal per year. */
  di: number;
  /** 0 for exponential, 1 for harmonic. */
  b: number;
  /** Nominal per year; modified hyperbolic only. */
  dMin: number | null;
  diEffectivePercent: number;
  origin: SavedDeclineFit['origin'];
  rmseLog: number | null;
  r2Log: number | null;
  pointsUsed: number;
  pointsExcluded: number;
  poor: boolean;
  reasons: SavedDeclineFit['reasons'];
  lastProducingDate: string;
  cumulativeToDate: number;
  eur: number | null;
  remaining: number | null;
  savedAt: string;
  productionVersion: number;
  fingerprint: string;
}

const COLUMNS = `project_id AS projectId, well_id AS wellId, stream, frequency,
  window_from AS windowFrom, window_to AS windowTo, window_chosen AS windowChosen, anchor_date AS anchorDate, kind, qi, di, b,
  d_min AS dMin, di_effective_percent AS diEffectivePercent, origin, rmse_log AS rmseLog,
  r2_log AS r2Log, points_used AS pointsUsed, points_excluded AS pointsExcluded, poor, reasons,
  last_producing_date AS lastProducingDate, cumulative_to_date AS cumulativeToDate, eur,
  remaining, saved_at AS savedAt, production_version AS productionVersion, fingerprint`;

const UPSERT = `INSERT INTO decline_fits (connection_id, project_id, well_id, stream, frequency,
           window_from, window_to, window_chosen, anchor_date, kind, qi, di, b, d_min, di_effective_percent,
           origin, rmse_log, r2_log, points_used, points_excluded, poor, reasons,
           last_producing_date, cumulative_to_date, eur, remaining, saved_at,
           production_version, fingerprint)
         VALUES (@connectionId, @projectId, @wellId, @stream, @frequency, @windowFrom, @windowTo,
           @windowChosen, @anchorDate, @kind, @qi, @di, @b, @dMin, @diEffectivePercent, @origin, @rmseLog,
           @r2Log, @pointsUsed, @pointsExcluded, @poor, @reasons, @lastProducingDate,
           @cumulativeToDate, @eur, @remaining, @savedAt, @productionVersion, @fingerprint)
         ON CONFLICT (connection_id, well_id, stream) DO UPDATE SET
           project_id = excluded.project_id, frequency = excluded.frequency,
           window_from = excluded.window_from, window_to = excluded.window_to,
           window_chosen = excluded.window_chosen, anchor_date = excluded.anchor_date, kind = excluded.kind, qi = excluded.qi,
           di = excluded.di, b = excluded.b, d_min = excluded.d_min,
           di_effective_percent = excluded.di_effective_percent, origin = excluded.origin,
           rmse_log = excluded.rmse_log, r2_log = excluded.r2_log,
           points_used = excluded.points_used, points_excluded = excluded.points_excluded,
           poor = excluded.poor, reasons = excluded.reasons,
           last_producing_date = excluded.last_producing_date,
           cumulative_to_date = excluded.cumulative_to_date, eur = excluded.eur,
           remaining = excluded.remaining, saved_at = excluded.saved_at,
           production_version = excluded.production_version, fingerprint = excluded.fingerprint`;

const RECORD = `INSERT INTO decline_fit_history (source, recorded_at, restored_from,
           connection_id, project_id, well_id, stream, frequency, window_from, window_to,
           window_chosen, anchor_date, kind, qi, di, b, d_min, di_effective_percent, origin,
           rmse_log, r2_log, points_used, points_excluded, poor, reasons, last_producing_date,
           cumulative_to_date, eur, remaining, saved_at, production_version, fingerprint)
         VALUES (@source, @recordedAt, @restoredFrom, @connectionId, @projectId, @wellId,
           @stream, @frequency, @windowFrom, @windowTo, @windowChosen, @anchorDate, @kind, @qi,
           @di, @b, @dMin, @diEffectivePercent, @origin, @rmseLog, @r2Log, @pointsUsed,
           @pointsExcluded, @poor, @reasons, @lastProducingDate, @cumulativeToDate, @eur,
           @remaining, @savedAt, @productionVersion, @fingerprint)`;

/** One entry of a stream's fit history: the fit as it was saved, who saved it and when. */
export interface FitHistoryEntry {
  id: number;
  source: DeclineFitSource;
  recordedAt: string;
  /** The entry a restore brought back; null for every other source. */
  restoredFrom: number | null;
  fit: StoredFit;
}

type FitRow = Omit<StoredFit, 'poor' | 'reasons' | 'windowChosen'> & {
  poor: 0 | 1;
  reasons: string;
  windowChosen: 0 | 1;
};

type HistoryRow = FitRow & Omit<FitHistoryEntry, 'fit'>;

function fromRow(row: FitRow): StoredFit {
  return {
    ...row,
    windowChosen: row.windowChosen === 1,
    poor: row.poor === 1,
    reasons: JSON.parse(row.reasons) as StoredFit['reasons'],
  };
}

function fromHistoryRow(row: HistoryRow): FitHistoryEntry {
  const { id, source, recordedAt, restoredFrom, ...fit } = row;
  return { id, source, recordedAt, restoredFrom, fit: fromRow(fit) };
}

function bindings(connectionId: string, fit: StoredFit) {
  return {
    ...fit,
    connectionId,
    windowChosen: fit.windowChosen ? 1 : 0,
    poor: fit.poor ? 1 : 0,
    reasons: JSON.stringify(fit.reasons),
  };
}

/** Who saves a fit, and for a restore the history entry it brings back. */
export interface SaveSource {
  source: DeclineFitSource;
  restoredFrom?: number;
}

export class DeclineFitsRepo {
  private readonly statements;

  constructor(private readonly db: CacheDb) {
    this.statements = {
      ofWell: db.prepare(
        `SELECT ${COLUMNS} FROM decline_fits WHERE connection_id = ? AND well_id = ?
         ORDER BY CASE stream WHEN 'oil' THEN 0 WHEN 'gas' THEN 1 ELSE 2 END`,
      ),
      ofWells: db.prepare(
        `SELECT ${COLUMNS} FROM decline_fits
         WHERE connection_id = ? AND well_id IN (SELECT value FROM json_each(?))`,
      ),
      ofProject: db.prepare(
        `SELECT ${COLUMNS} FROM decline_fits WHERE connection_id = ? AND project_id = ?`,
      ),
      one: db.prepare(
        `SELECT ${COLUMNS} FROM decline_fits WHERE connection_id = ? AND well_id = ? AND stream = ?`,
      ),
      save: db.prepare(UPSERT),
      record: db.prepare(RECORD),
      history: db.prepare(
        `SELECT id, source, recorded_at AS recordedAt, restored_from AS restoredFrom, ${COLUMNS}
         FROM decline_fit_history WHERE connection_id = ? AND well_id = ? AND stream = ?
         ORDER BY id DESC`,
      ),
      entry: db.prepare(
        `SELECT id, source, recorded_at AS recordedAt, restored_from AS restoredFrom, ${COLUMNS}
         FROM decline_fit_history WHERE connection_id = ? AND well_id = ? AND id = ?`,
      ),
      remove: db.prepare(
        'DELETE FROM decline_fits WHERE connection_id = ? AND well_id = ? AND stream = ?',
      ),
      setForecast: db.prepare(
        `UPDATE decline_fits SET eur = ?, remaining = ?
         WHERE connection_id = ? AND well_id = ? AND stream = ?`,
      ),
      seen: db.prepare(
        `UPDATE decline_fits SET production_version = ?
         WHERE connection_id = ? AND well_id = ? AND stream = ?`,
      ),
      version: db
        .prepare('SELECT version FROM production_versions WHERE connection_id = ? AND well_id = ?')
        .pluck(),
    };
  }

  ofWell(connectionId: string, wellId: string): StoredFit[] {
    return (this.statements.ofWell.all(connectionId, wellId) as FitRow[]).map(fromRow);
  }

  /** The fits of the given wells (a page of the wells table), in one query. */
  ofWells(connectionId: string, wellIds: readonly string[]): StoredFit[] {
    if (wellIds.length === 0) return [];
    return (this.statements.ofWells.all(connectionId, JSON.stringify(wellIds)) as FitRow[]).map(
      fromRow,
    );
  }

  ofProject(connectionId: string, projectId: string): StoredFit[] {
    return (this.statements.ofProject.all(connectionId, projectId) as FitRow[]).map(fromRow);
  }

  /** The well's current fit of one stream, if it has one. */
  get(connectionId: string, wellId: string, stream: DeclineStream): StoredFit | null {
    const row = this.statements.one.get(connectionId, wellId, stream) as FitRow | undefined;
    return row ? fromRow(row) : null;
  }

  /**
   * Saves the fit as the stream's current one and records it in the history, with who
   * saved it; `recordedAt` is now. Call inside `transaction`, so the two never part.
   */
  save(connectionId: string, fit: StoredFit, by: SaveSource, recordedAt: string): void {
    const row = bindings(connectionId, fit);
    this.statements.save.run(row);
    this.statements.record.run({
      ...row,
      source: by.source,
      recordedAt,
      restoredFrom: by.restoredFrom ?? null,
    });
  }

  /** Every fit saved for the well's stream, the latest first. */
  history(connectionId: string, wellId: string, stream: DeclineStream): FitHistoryEntry[] {
    return (this.statements.history.all(connectionId, wellId, stream) as HistoryRow[]).map(
      fromHistoryRow,
    );
  }

  /** One entry of the well's fit history, if it is the well's. */
  historyEntry(connectionId: string, wellId: string, id: number): FitHistoryEntry | null {
    const row = this.statements.entry.get(connectionId, wellId, id) as HistoryRow | undefined;
    return row ? fromHistoryRow(row) : null;
  }

  remove(connectionId: string, wellId: string, stream: DeclineStream): boolean {
    return this.statements.remove.run(connectionId, wellId, stream).changes > 0;
  }

  /** EUR and remaining under new settings (imperial). */
  setForecast(
    connectionId: string,
    fit: Pick<StoredFit, 'wellId' | 'stream'>,
    eur: number | null,
    remaining: number | null,
  ): void {
    this.statements.setForecast.run(eur, remaining, connectionId, fit.wellId, fit.stream);
  }

  /** The fit was checked against production at `version` and found unchanged. */
  markSeen(connectionId: string, fit: Pick<StoredFit, 'wellId' | 'stream'>, version: number): void {
    this.statements.seen.run(version, connectionId, fit.wellId, fit.stream);
  }

  /** The well's production version (0 before its first change). */
  productionVersion(connectionId: string, wellId: string): number {
    return (this.statements.version.get(connectionId, wellId) as number | undefined) ?? 0;
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }
}
