import type { ScreeningFigures } from '#shared/production/screening.js';
import type { CacheDb } from '../cache/migrate.js';

/**
 * The wells' screening figures (cache migration 9), imperial. Written only by
 * the screening fill; read by wells-list through its SQL.
 */

export interface ScreeningState {
  asOf: string;
  /** The production version the figures were computed at. */
  version: number;
}

export type ScreeningSource = 'cache' | 'summary';

export class ScreeningRepo {
  private readonly statements;

  constructor(private readonly db: CacheDb) {
    this.statements = {
      states: db.prepare(
        `SELECT s.well_id AS wellId, s.as_of AS asOf, s.production_version AS version
         FROM well_screening s JOIN wells w ON w.connection_id = s.connection_id AND w.id = s.well_id
         WHERE s.connection_id = ? AND w.project_id = ?`,
      ),
      versions: db.prepare(
        `SELECT v.well_id AS wellId, v.version FROM production_versions v
         JOIN wells w ON w.connection_id = v.connection_id AND w.id = v.well_id
         WHERE v.connection_id = ? AND w.project_id = ?`,
      ),
      version: db
        .prepare('SELECT version FROM production_versions WHERE connection_id = ? AND well_id = ?')
        .pluck(),
      latest: db
        .prepare('SELECT date FROM production_latest WHERE connection_id = ? AND well_id = ?')
        .pluck(),
      hasWell: db.prepare('SELECT 1 FROM wells WHERE connection_id = ? AND id = ?').pluck(),
      oldest: db
        .prepare(
          `SELECT min(s.as_of) FROM well_screening s
           JOIN wells w ON w.connection_id = s.connection_id AND w.id = s.well_id
           WHERE s.connection_id = ? AND w.project_id = ?`,
        )
        .pluck(),
      save: db.prepare(
        `INSERT INTO well_screening (connection_id, well_id, as_of, source, production_version,
           last_date, oil_rate, gas_rate, water_rate, previous_date, oil_change, gas_change,
           water_change, sparklines, oil_avg_7, gas_avg_7, water_avg_7, oil_avg_30, gas_avg_30,
           water_avg_30)
         VALUES (@connectionId, @wellId, @asOf, @source, @version, @lastDate, @oil, @gas, @water,
           @previousDate, @oilChange, @gasChange, @waterChange, @sparklines, @oil7, @gas7,
           @water7, @oil30, @gas30, @water30)
         ON CONFLICT (connection_id, well_id) DO UPDATE SET as_of = excluded.as_of,
           source = excluded.source, production_version = excluded.production_version,
           last_date = excluded.last_date, oil_rate = excluded.oil_rate,
           gas_rate = excluded.gas_rate, water_rate = excluded.water_rate,
           previous_date = excluded.previous_date, oil_change = excluded.oil_change,
           gas_change = excluded.gas_change, water_change = excluded.water_change,
           sparklines = excluded.sparklines, oil_avg_7 = excluded.oil_avg_7,
           gas_avg_7 = excluded.gas_avg_7, water_avg_7 = excluded.water_avg_7,
           oil_avg_30 = excluded.oil_avg_30, gas_avg_30 = excluded.gas_avg_30,
           water_avg_30 = excluded.water_avg_30`,
      ),
    };
  }

  /** The figures' age and version of each well of the project that has some. */
  states(connectionId: string, projectId: string): Map<string, ScreeningState> {
    const rows = this.statements.states.all(connectionId, projectId) as Array<
      ScreeningState & { wellId: string }
    >;
    return new Map(rows.map((row) => [row.wellId, { asOf: row.asOf, version: row.version }]));
  }

  /** Each well's current production version (0 when its rows were never written). */
  versions(connectionId: string, projectId: string): Map<string, number> {
    const rows = this.statements.versions.all(connectionId, projectId) as Array<{
      wellId: string;
      version: number;
    }>;
    return new Map(rows.map((row) => [row.wellId, row.version]));
  }

  version(connectionId: string, wellId: string): number {
    return (this.statements.version.get(connectionId, wellId) as number | undefined) ?? 0;
  }

  /** Whether the well is (still) in the cache: figures need its row. */
  hasWell(connectionId: string, wellId: string): boolean {
    return this.statements.hasWell.get(connectionId, wellId) !== undefined;
  }

  /**
   * The well's latest producing day in its cached rows (production_latest), whenever it
   * was: the figures of a well idle for longer than the screening window end there.
   */
  latestProducingDay(connectionId: string, wellId: string): string | null {
    return (this.statements.latest.get(connectionId, wellId) as string | undefined) ?? null;
  }

  /** The oldest figures of the project: what its "as of" note says. */
  oldestAsOf(connectionId: string, projectId: string): string | null {
    return (this.statements.oldest.get(connectionId, projectId) as string | null) ?? null;
  }

  /** Saves a well's figures (imperial). Call inside a transaction. */
  save(
    connectionId: string,
    wellId: string,
    figures: ScreeningFigures,
    meta: { asOf: string; source: ScreeningSource; version: number },
  ): void {
    const last = figures.lastProductionDate;
    this.statements.save.run({
      connectionId,
      wellId,
      ...meta,
      lastDate: last,
      oil: figures.latest.oil,
      gas: figures.latest.gas,
      water: figures.latest.water,
      previousDate: figures.previousDate,
      oilChange: figures.change.oil,
      gasChange: figures.change.gas,
      waterChange: figures.change.water,
      sparklines: last === null ? null : JSON.stringify(figures.sparkline),
      oil7: figures.averages['avg-7'].oil,
      gas7: figures.averages['avg-7'].gas,
      water7: figures.averages['avg-7'].water,
      oil30: figures.averages['avg-30'].oil,
      gas30: figures.averages['avg-30'].gas,
      water30: figures.averages['avg-30'].water,
    });
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }
}
