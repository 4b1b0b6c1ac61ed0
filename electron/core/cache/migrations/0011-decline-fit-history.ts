/**
 * Cache migration 11: every saved decline fit is kept, so a fit replaced by a later one
 * (a "Forecast all wells" run, a refit, an edit) can be seen and restored. Shipped
 * migrations are never edited; add a numbered file.
 *
 * - decline_fits.window_chosen: 1 when the person chose the fit's window (a fit run with a
 *   window, or parameters edited over one), 0 for the default window (peak to last
 *   producing day). Forecast all keeps fits on another basis than its own, and a chosen
 *   window is one; fits edited before this migration carry their window, so they are 1.
 * - decline_fit_history: one row per saved fit, the columns of decline_fits copied as they
 *   were (so a restore gives back exactly the same parameters, goodness and production
 *   version, and a fit of since-changed production shows stale again), with who saved it
 *   (`source`), when it entered the history and, for a restore, the entry restored. Fits
 *   already saved start the history as 'before-history' (edited ones as 'manual-edit':
 *   only the person makes those). It cascades with the well, like decline_fits, but not
 *   with the current fit: deleting a fit leaves its history to restore from.
 */
export const sql = `
ALTER TABLE decline_fits ADD COLUMN window_chosen INTEGER NOT NULL DEFAULT 0
  CHECK (window_chosen IN (0, 1));
UPDATE decline_fits SET window_chosen = 1 WHERE origin = 'edited';

CREATE TABLE decline_fit_history (
  id                   INTEGER PRIMARY KEY AUTOINCREMENT,
  source               TEXT NOT NULL
                       CHECK (source IN ('manual-edit', 'forecast-all', 'single-well-fit',
                                         'restore', 'before-history')),
  recorded_at          TEXT NOT NULL,
  restored_from        INTEGER,
  connection_id        TEXT NOT NULL,
  project_id           TEXT NOT NULL,
  well_id              TEXT NOT NULL,
  stream               TEXT NOT NULL CHECK (stream IN ('oil', 'gas', 'water')),
  frequency            TEXT NOT NULL CHECK (frequency IN ('daily', 'monthly')),
  window_from          TEXT NOT NULL,
  window_to            TEXT NOT NULL,
  window_chosen        INTEGER NOT NULL CHECK (window_chosen IN (0, 1)),
  anchor_date          TEXT NOT NULL,
  kind                 TEXT NOT NULL
                       CHECK (kind IN ('exponential', 'hyperbolic', 'harmonic', 'modified-hyperbolic')),
  qi                   REAL NOT NULL,
  di                   REAL NOT NULL,
  b                    REAL NOT NULL,
  d_min                REAL,
  di_effective_percent REAL NOT NULL,
  origin               TEXT NOT NULL CHECK (origin IN ('fitted', 'edited')),
  rmse_log             REAL,
  r2_log               REAL,
  points_used          INTEGER NOT NULL,
  points_excluded      INTEGER NOT NULL,
  poor                 INTEGER NOT NULL CHECK (poor IN (0, 1)),
  reasons              TEXT NOT NULL CHECK (json_valid(reasons)),
  last_producing_date  TEXT NOT NULL,
  cumulative_to_date   REAL NOT NULL,
  eur                  REAL,
  remaining            REAL,
  saved_at             TEXT NOT NULL,
  production_version   INTEGER NOT NULL,
  fingerprint          TEXT NOT NULL,
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
);
CREATE INDEX decline_fit_history_by_stream
  ON decline_fit_history (connection_id, well_id, stream, id);

INSERT INTO decline_fit_history (source, recorded_at, restored_from, connection_id, project_id,
  well_id, stream, frequency, window_from, window_to, window_chosen, anchor_date, kind, qi, di,
  b, d_min, di_effective_percent, origin, rmse_log, r2_log, points_used, points_excluded, poor,
  reasons, last_producing_date, cumulative_to_date, eur, remaining, saved_at,
  production_version, fingerprint)
SELECT CASE origin WHEN 'edited' THEN 'manual-edit' ELSE 'before-history' END, saved_at, NULL,
  connection_id, project_id, well_id, stream, frequency, window_from, window_to, window_chosen,
  anchor_date, kind, qi, di, b, d_min, di_effective_percent, origin, rmse_log, r2_log,
  points_used, points_excluded, poor, reasons, last_producing_date, cumulative_to_date, eur,
  remaining, saved_at, production_version, fingerprint
FROM decline_fits ORDER BY saved_at;
`;
