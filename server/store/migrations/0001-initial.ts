/**
 * Migration 1: users, tokens, projects, memberships, wells, production.
 * Shipped migrations are never edited; add a new numbered file instead.
 *
 * Physical quantities are stored in imperial units and converted at the HTTP
 * boundary by the project's unitSystem. Wells have an integer `seq` so the
 * production table (millions of rows) keys on a small integer, not the id text.
 */
export const sql = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE users (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  plan       TEXT NOT NULL DEFAULT 'standard' CHECK (plan IN ('standard', 'professional', 'enterprise')),
  created_at TEXT NOT NULL
);

CREATE TABLE tokens (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  hint       TEXT NOT NULL,
  scopes     TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE projects (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  description TEXT NOT NULL,
  timezone    TEXT NOT NULL,
  unit_system TEXT NOT NULL CHECK (unit_system IN ('imperial', 'metric')),
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX projects_keyset ON projects (created_at, id);

CREATE TABLE project_members (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (project_id, user_id)
) WITHOUT ROWID;
CREATE INDEX project_members_by_user ON project_members (user_id, project_id);

CREATE TABLE wells (
  seq                   INTEGER PRIMARY KEY,
  id                    TEXT NOT NULL UNIQUE,
  project_id            TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name                  TEXT NOT NULL,
  name_key              TEXT NOT NULL,
  api_number            TEXT,
  api_digits            TEXT,
  type                  TEXT NOT NULL CHECK (type IN ('producer', 'injector', 'observer', 'swd')),
  status                TEXT NOT NULL CHECK (status IN ('active', 'inactive', 'shut_in')),
  latitude              REAL,
  longitude             REAL,
  spud_date             TEXT,
  lateral_length_ft     REAL,
  perf_top_ft           REAL,
  perf_bottom_ft        REAL,
  first_production_date TEXT,
  created_at            TEXT NOT NULL,
  updated_at            TEXT NOT NULL
);
CREATE INDEX wells_keyset ON wells (project_id, name_key, id);
CREATE UNIQUE INDEX wells_api_unique ON wells (project_id, api_digits) WHERE api_digits IS NOT NULL;

CREATE TABLE production (
  well_seq   INTEGER NOT NULL REFERENCES wells (seq) ON DELETE CASCADE,
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
  PRIMARY KEY (well_seq, date)
) WITHOUT ROWID;
`;
