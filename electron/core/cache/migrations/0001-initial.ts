/**
 * Cache migration 1. Shipped migrations are never edited; add a numbered file.
 *
 * - Every table is scoped by connection_id and cascades from connections, so
 *   two organisations' data never mix and removing a connection removes its data.
 * - Physical quantities are stored in IMPERIAL units, as the API stores them,
 *   whatever the project's unitSystem: a project switched to metric on the
 *   server leaves the cached numbers valid (they are converted when read).
 * - production holds SERVER rows only. Local edits live in outbox_records and
 *   are merged over them when read, so a refresh never overwrites an edit.
 * - Upserts must use ON CONFLICT DO UPDATE, never INSERT OR REPLACE: a REPLACE
 *   deletes the row first, and the delete would cascade to its children.
 */
export const sql = `
CREATE TABLE connections (
  id                  TEXT PRIMARY KEY,
  name                TEXT NOT NULL,
  base_url            TEXT NOT NULL,
  kind                TEXT NOT NULL CHECK (kind IN ('demo', 'organisation')),
  created_at          TEXT NOT NULL,
  last_contact_at     TEXT,
  is_current          INTEGER NOT NULL DEFAULT 0 CHECK (is_current IN (0, 1)),
  -- when the full project list was last fetched; NULL: never (the list is not known)
  projects_fetched_at TEXT
);
CREATE UNIQUE INDEX connections_one_current ON connections (is_current) WHERE is_current = 1;

CREATE TABLE projects (
  connection_id    TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  id               TEXT NOT NULL,
  name             TEXT NOT NULL,
  description      TEXT,
  timezone         TEXT NOT NULL,
  unit_system      TEXT NOT NULL CHECK (unit_system IN ('imperial', 'metric')),
  well_count       INTEGER NOT NULL,
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  fetched_at       TEXT NOT NULL,
  -- when the project's full well list was last fetched; NULL: never
  wells_fetched_at TEXT,
  PRIMARY KEY (connection_id, id)
) WITHOUT ROWID;
CREATE INDEX projects_by_creation ON projects (connection_id, created_at, id);

CREATE TABLE wells (
  connection_id         TEXT NOT NULL,
  project_id            TEXT NOT NULL,
  id                    TEXT NOT NULL,
  name                  TEXT NOT NULL,
  name_key              TEXT NOT NULL, -- lower-cased name: search and default order
  api_number            TEXT,
  api_digits            TEXT,          -- API number without dashes: search
  type                  TEXT NOT NULL,
  status                TEXT NOT NULL,
  latitude              REAL,
  longitude             REAL,
  spud_date             TEXT,
  first_production_date TEXT,
  lateral_length_ft     REAL,
  perf_top_ft           REAL,
  perf_bottom_ft        REAL,
  created_at            TEXT NOT NULL,
  updated_at            TEXT,
  fetched_at            TEXT NOT NULL,
  PRIMARY KEY (connection_id, id),
  FOREIGN KEY (connection_id, project_id) REFERENCES projects (connection_id, id) ON DELETE CASCADE
);
CREATE INDEX wells_by_project ON wells (connection_id, project_id, name_key, id);

CREATE TABLE production (
  connection_id TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  date          TEXT NOT NULL,
  oil_rate      REAL,
  water_rate    REAL,
  gas_rate      REAL,
  bhp           REAL,
  thp           REAL,
  choke_size    REAL,
  runtime       REAL,
  gor           REAL,
  watercut      REAL,
  PRIMARY KEY (connection_id, well_id, date),
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
) WITHOUT ROWID;

-- Date ranges of a well whose server rows are all in production (a range with
-- no rows at all is covered too: the server has nothing there). Kept merged:
-- intervals of one well never overlap or touch. fetched_at is the oldest fetch
-- among what was merged.
CREATE TABLE coverage (
  connection_id TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  from_date     TEXT NOT NULL,
  to_date       TEXT NOT NULL CHECK (to_date >= from_date),
  fetched_at    TEXT NOT NULL,
  PRIMARY KEY (connection_id, well_id, from_date),
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
) WITHOUT ROWID;

-- The engineer's changes, in the order made, until the server accepts them.
-- No foreign key to wells on purpose: a well deleted on the server (or by a
-- refresh) must not take unsynced values with it; they stay to be exported.
CREATE TABLE outbox (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,
  connection_id TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id    TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('upsert-records', 'delete-range', 'update-well')),
  payload       TEXT NOT NULL CHECK (json_valid(payload)),
  state         TEXT NOT NULL DEFAULT 'pending'
                CHECK (state IN ('pending', 'syncing', 'error', 'conflict')),
  error         TEXT CHECK (error IS NULL OR json_valid(error)),
  attempts      INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);
CREATE INDEX outbox_by_well ON outbox (connection_id, well_id, seq);
CREATE INDEX outbox_by_state ON outbox (connection_id, state, seq);

-- The records of an upsert-records operation, in imperial units like
-- production; base is the server's row before the edit (JSON, null when the
-- server had none), for conflict detection.
CREATE TABLE outbox_records (
  outbox_seq INTEGER NOT NULL REFERENCES outbox (seq) ON DELETE CASCADE,
  date       TEXT NOT NULL,
  oil_rate   REAL,
  water_rate REAL,
  gas_rate   REAL,
  bhp        REAL,
  thp        REAL,
  choke_size REAL,
  runtime    REAL,
  gor        REAL,
  watercut   REAL,
  base       TEXT CHECK (base IS NULL OR json_valid(base)),
  PRIMARY KEY (outbox_seq, date)
) WITHOUT ROWID;

-- What happened, for the "Sync problems" list and support. connection_id is
-- NULL for events of the cache itself (a file moved aside).
CREATE TABLE sync_log (
  id            INTEGER PRIMARY KEY,
  connection_id TEXT REFERENCES connections (id) ON DELETE CASCADE,
  at            TEXT NOT NULL,
  kind          TEXT NOT NULL,
  message       TEXT NOT NULL,
  request_id    TEXT,
  details       TEXT CHECK (details IS NULL OR json_valid(details))
);
CREATE INDEX sync_log_by_connection ON sync_log (connection_id, at);
`;
