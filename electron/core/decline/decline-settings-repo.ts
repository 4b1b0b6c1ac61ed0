import { fromStored, toStored, type UnitSystem } from '#shared/api/index.js';
import { FORECAST_MAX_YEARS } from '#shared/decline/index.js';
import type { DeclineSettings, DeclineStream } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';
import { STREAM_QUANTITY } from './stream-units.js';

/**
 * A project's decline settings (cache migrations 8 and 16). Economic limits are kept
 * imperial per day, like every quantity in the cache; `get` and `save` speak
 * the project's units.
 */

/** The settings' economic limits, imperial per day (bbl/d, Mscf/d). */
export type StoredLimits = Record<DeclineStream, number>;

export interface StoredSettings {
  model: DeclineSettings['model'];
  dMinEffectivePercent: number;
  limits: StoredLimits;
  endDate: string | null;
  /** The forecast's cap in years: a unit-free number, stored as the person typed it. */
  maxYears: number;
}

/**
 * Defaults: round numbers in the project's own units, as an engineer would
 * type them. Field: 2 bbl/d of oil or water, 20 Mcf/d of gas; metric:
 * 0.3 m³/d of oil or water, 0.5 10³m³/d of gas (about 1.9 bbl/d and 17.7 Mcf/d).
 */
const DEFAULT_LIMITS: Record<UnitSystem, StoredLimits> = {
  imperial: { oil: 2, gas: 20, water: 2 },
  metric: { oil: 0.3, gas: 0.5, water: 0.3 },
};

export function defaultSettings(system: UnitSystem): DeclineSettings {
  return {
    model: 'modified-hyperbolic',
    dMinEffectivePercent: 6,
    economicLimit: { ...DEFAULT_LIMITS[system] },
    endDate: null,
    maxYears: FORECAST_MAX_YEARS,
  };
}

export function toStoredSettings(settings: DeclineSettings, system: UnitSystem): StoredSettings {
  const limit = (stream: DeclineStream) =>
    toStored(STREAM_QUANTITY[stream], settings.economicLimit[stream], system);
  return {
    model: settings.model,
    dMinEffectivePercent: settings.dMinEffectivePercent,
    limits: { oil: limit('oil'), gas: limit('gas'), water: limit('water') },
    endDate: settings.endDate,
    maxYears: settings.maxYears,
  };
}

export function toSettingsView(stored: StoredSettings, system: UnitSystem): DeclineSettings {
  const limit = (stream: DeclineStream) =>
    fromStored(STREAM_QUANTITY[stream], stored.limits[stream], system);
  return {
    model: stored.model,
    dMinEffectivePercent: stored.dMinEffectivePercent,
    economicLimit: { oil: limit('oil'), gas: limit('gas'), water: limit('water') },
    endDate: stored.endDate,
    maxYears: stored.maxYears,
  };
}

interface SettingsRow {
  model: DeclineSettings['model'];
  dMin: number;
  oil: number;
  gas: number;
  water: number;
  endDate: string | null;
  maxYears: number;
}

export class DeclineSettingsRepo {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      get: db.prepare(
        `SELECT model, d_min_effective_percent AS dMin, oil_limit AS oil, gas_limit AS gas,
           water_limit AS water, end_date AS endDate, max_years AS maxYears
         FROM decline_settings WHERE connection_id = ? AND project_id = ?`,
      ),
      save: db.prepare(
        `INSERT INTO decline_settings (connection_id, project_id, model, d_min_effective_percent,
           oil_limit, gas_limit, water_limit, end_date, max_years, saved_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (connection_id, project_id) DO UPDATE SET model = excluded.model,
           d_min_effective_percent = excluded.d_min_effective_percent,
           oil_limit = excluded.oil_limit, gas_limit = excluded.gas_limit,
           water_limit = excluded.water_limit, end_date = excluded.end_date,
           max_years = excluded.max_years, saved_at = excluded.saved_at`,
      ),
    };
  }

  /** The saved settings, or the defaults for the project's unit system. */
  get(connectionId: string, projectId: string, system: UnitSystem): StoredSettings {
    const row = this.statements.get.get(connectionId, projectId) as SettingsRow | undefined;
    if (!row) return toStoredSettings(defaultSettings(system), system);
    return {
      model: row.model,
      dMinEffectivePercent: row.dMin,
      limits: { oil: row.oil, gas: row.gas, water: row.water },
      endDate: row.endDate,
      maxYears: row.maxYears,
    };
  }

  save(connectionId: string, projectId: string, settings: StoredSettings, at: string): void {
    this.statements.save.run(
      connectionId,
      projectId,
      settings.model,
      settings.dMinEffectivePercent,
      settings.limits.oil,
      settings.limits.gas,
      settings.limits.water,
      settings.endDate,
      settings.maxYears,
      at,
    );
  }
}
