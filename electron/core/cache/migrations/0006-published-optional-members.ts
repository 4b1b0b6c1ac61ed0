/**
 * Cache migration 6: the hosted service's published schema lets a project
 * come without time zone, well count or timestamps, and a well without type,
 * status or creation time (docs/compatibility.md), so those columns may be
 * NULL. SQLite cannot drop a NOT NULL in place: each table is copied into one
 * without it and renamed, its index and trigger made again. Run with foreign
 * keys off (`foreignKeysOff` in migrations/index.ts), as SQLite's procedure
 * for such changes says, so dropping the old tables cascades to nothing: the
 * cached production, coverage and summaries stay as they are.
 */
export const sql = `
CREATE TABLE projects_v6 (
  connection_id    TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  id               TEXT NOT NULL,
  name             TEXT NOT NULL,
  description      TEXT,
  timezone         TEXT,
  unit_system      TEXT NOT NULL CHECK (unit_system IN ('imperial', 'metric')),
  well_count       INTEGER,
  created_at       TEXT,
  updated_at       TEXT,
  fetched_at       TEXT NOT NULL,
  -- when the project's full well list was last fetched; NULL: never
  wells_fetched_at TEXT,
  PRIMARY KEY (connection_id, id)
) WITHOUT ROWID;
INSERT INTO projects_v6 SELECT connection_id, id, name, description, timezone, unit_system,
  well_count, created_at, updated_at, fetched_at, wells_fetched_at FROM projects;
DROP TABLE projects;
ALTER TABLE projects_v6 RENAME TO projects;
CREATE INDEX projects_by_creation ON projects (connection_id, created_at, id);
CREATE TRIGGER outbox_remembers_project BEFORE DELETE ON projects
BEGIN
  UPDATE outbox SET unit_system = OLD.unit_system
  WHERE connection_id = OLD.connection_id AND project_id = OLD.id;
END;

CREATE TABLE wells_v6 (
  connection_id         TEXT NOT NULL,
  project_id            TEXT NOT NULL,
  id                    TEXT NOT NULL,
  name                  TEXT NOT NULL,
  name_key              TEXT NOT NULL, -- lower-cased name: search and default order
  api_number            TEXT,
  api_digits            TEXT,          -- API number without dashes: search
  type                  TEXT,          -- NULL: the service did not say
  status                TEXT,          -- NULL: the service did not say
  latitude              REAL,
  longitude             REAL,
  spud_date             TEXT,
  first_production_date TEXT,
  lateral_length_ft     REAL,
  perf_top_ft           REAL,
  perf_bottom_ft        REAL,
  created_at            TEXT,
  updated_at            TEXT,
  fetched_at            TEXT NOT NULL,
  PRIMARY KEY (connection_id, id),
  FOREIGN KEY (connection_id, project_id) REFERENCES projects (connection_id, id) ON DELETE CASCADE
);
INSERT INTO wells_v6 SELECT connection_id, project_id, id, name, name_key, api_number, api_digits,
  type, status, latitude, longitude, spud_date, first_production_date, lateral_length_ft,
  perf_top_ft, perf_bottom_ft, created_at, updated_at, fetched_at FROM wells;
DROP TABLE wells;
ALTER TABLE wells_v6 RENAME TO wells;
CREATE INDEX wells_by_project ON wells (connection_id, project_id, name_key, id);
CREATE TRIGGER outbox_remembers_well BEFORE DELETE ON wells
BEGIN
  UPDATE outbox SET well_name = OLD.name
  WHERE connection_id = OLD.connection_id AND well_id = OLD.id;
END;
`;
