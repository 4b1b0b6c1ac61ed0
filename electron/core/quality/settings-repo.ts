import type { QualitySettings } from '#shared/desktop/index.js';
import { FLAT_LINE_MIN_DAYS, GAP_MIN_DAYS } from '#shared/quality/index.js';
import type { CacheDb } from '../cache/migrate.js';

/** The rules as shipped: what a project scans with until its engineer saves others. */
export const DEFAULT_QUALITY_SETTINGS: QualitySettings = {
  minGapDays: GAP_MIN_DAYS,
  flatLineDays: FLAT_LINE_MIN_DAYS,
  savedAt: null,
};

interface Row {
  min_gap_days: number;
  flat_line_days: number;
  saved_at: string;
}

/** A project's tuned data-quality rules (cache migration 13). */
export class QualitySettingsRepo {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      get: db.prepare(
        `SELECT min_gap_days, flat_line_days, saved_at FROM quality_settings
         WHERE connection_id = ? AND project_id = ?`,
      ),
      save: db.prepare(
        `INSERT INTO quality_settings
           (connection_id, project_id, min_gap_days, flat_line_days, saved_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (connection_id, project_id) DO UPDATE SET
           min_gap_days = excluded.min_gap_days,
           flat_line_days = excluded.flat_line_days,
           saved_at = excluded.saved_at`,
      ),
    };
  }

  get(connectionId: string, projectId: string): QualitySettings {
    const row = this.statements.get.get(connectionId, projectId) as Row | undefined;
    if (!row) return DEFAULT_QUALITY_SETTINGS;
    return {
      minGapDays: row.min_gap_days,
      flatLineDays: row.flat_line_days,
      savedAt: row.saved_at,
    };
  }

  save(
    connectionId: string,
    projectId: string,
    settings: Pick<QualitySettings, 'minGapDays' | 'flatLineDays'>,
    at: string,
  ): QualitySettings {
    this.statements.save.run(
      connectionId,
      projectId,
      settings.minGapDays,
      settings.flatLineDays,
      at,
    );
    return { ...settings, savedAt: at };
  }
}
