/**
 * Cache migration 6: decline analysis on this computer. Shipped migrations are
 * never edited; add a numbered file.
 *
 * - decline_settings: a project's forecast settings (model, Dmin, economic
 *   limits, end date). Economic limits are stored IMPERIAL per day, like every
 *   quantity in the cache, and converted to the project's units when read.
 *   Cascades with the connection only: a project refresh must not lose them.
 * - decline_fits: one saved fit per (connection, well, stream). qi, the
 *   cumulative to date, EUR and remaining are imperial. eur, remaining,
 *   di_effective_percent and rmse_log are columns (not JSON) so the wells
 *   table can sort by them in SQL; eur and remaining are recomputed when the
 *   project's settings change. production_version and fingerprint say which
 *   production the fit saw (staleness, electron/core/decline/staleness.ts).
 * - production_versions: per well, a counter bumped whenever the production
 *   this computer shows for it may have changed: by ProductionRepo on every
 *   write that changed a server row, and by the triggers below on every queued
 *   production edit (added, changed, discarded or settled). No foreign key:
 *   the outbox outlives wells, and its triggers must never fail.
 */
export const sql = `
CREATE TABLE decline_settings (
  connection_id           TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id              TEXT NOT NULL,
  model                   TEXT NOT NULL
                          CHECK (model IN ('exponential', 'hyperbolic', 'harmonic', 'modified-hyperbolic')),
  d_min_effective_percent REAL NOT NULL CHECK (d_min_effective_percent > 0 AND d_min_effective_percent < 100),
  oil_limit               REAL NOT NULL CHECK (oil_limit > 0),
  gas_limit               REAL NOT NULL CHECK (gas_limit > 0),
  water_limit             REAL NOT NULL CHECK (water_limit > 0),
  end_date                TEXT,
  saved_at                TEXT NOT NULL,
  PRIMARY KEY (connection_id, project_id)
) WITHOUT ROWID;

CREATE TABLE decline_fits (
  connection_id        TEXT NOT NULL,
  project_id           TEXT NOT NULL,
  well_id              TEXT NOT NULL,
  stream               TEXT NOT NULL CHECK (stream IN ('oil', 'gas', 'water')),
  frequency            TEXT NOT NULL CHECK (frequency IN ('daily', 'monthly')),
  window_from          TEXT NOT NULL,
  window_to            TEXT NOT NULL,
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
  PRIMARY KEY (connection_id, well_id, stream),
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX decline_fits_by_project ON decline_fits (connection_id, project_id);

CREATE TABLE production_versions (
  connection_id TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  version       INTEGER NOT NULL,
  PRIMARY KEY (connection_id, well_id)
) WITHOUT ROWID;

CREATE TRIGGER production_version_record_added AFTER INSERT ON outbox_records BEGIN
  INSERT INTO production_versions (connection_id, well_id, version)
  SELECT connection_id, well_id, 1 FROM outbox WHERE seq = NEW.outbox_seq
  ON CONFLICT (connection_id, well_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER production_version_record_changed AFTER UPDATE ON outbox_records BEGIN
  INSERT INTO production_versions (connection_id, well_id, version)
  SELECT connection_id, well_id, 1 FROM outbox WHERE seq = NEW.outbox_seq
  ON CONFLICT (connection_id, well_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER production_version_record_removed AFTER DELETE ON outbox_records BEGIN
  INSERT INTO production_versions (connection_id, well_id, version)
  SELECT connection_id, well_id, 1 FROM outbox WHERE seq = OLD.outbox_seq
  ON CONFLICT (connection_id, well_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER production_version_delete_queued AFTER INSERT ON outbox
WHEN NEW.kind = 'delete-range' BEGIN
  INSERT INTO production_versions (connection_id, well_id, version)
  VALUES (NEW.connection_id, NEW.well_id, 1)
  ON CONFLICT (connection_id, well_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER production_version_delete_changed AFTER UPDATE OF payload ON outbox
WHEN NEW.kind = 'delete-range' BEGIN
  INSERT INTO production_versions (connection_id, well_id, version)
  VALUES (NEW.connection_id, NEW.well_id, 1)
  ON CONFLICT (connection_id, well_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER production_version_edit_left AFTER DELETE ON outbox
WHEN OLD.kind <> 'update-well' BEGIN
  INSERT INTO production_versions (connection_id, well_id, version)
  VALUES (OLD.connection_id, OLD.well_id, 1)
  ON CONFLICT (connection_id, well_id) DO UPDATE SET version = version + 1;
END;
`;
