/**
 * Cache migration 12: the working set kept on this computer (electron/core/replica). Shipped
 * migrations are never edited; add a numbered file.
 *
 * - replica_projects: one row per project the person opened or kept. `kept` 0 after a cancel
 *   or a removal (opening the project then does not replicate it again until it is kept);
 *   `paused` survives restarts; `target_to` is the last day the running or last replication
 *   fetches up to, so "whole" is counted against it; `as_of` is when the replica was last
 *   whole and checked; `data_version` the server's project data version seen then (the
 *   changes extension; NULL on a server without it); `left_out_before` the first day kept
 *   when the storage budget left older days out.
 * - replica_settings: one row: when an unopened project is released, and the storage budget.
 *   No foreign key on projects: a project row is replaced on every refresh, the replica's
 *   row must outlive that; it goes with its connection.
 */
export const sql = `
CREATE TABLE replica_projects (
  connection_id    TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id       TEXT NOT NULL,
  kept             INTEGER NOT NULL DEFAULT 1 CHECK (kept IN (0, 1)),
  pinned           INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
  paused           INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
  last_opened_at   TEXT,
  target_to        TEXT,
  as_of            TEXT,
  data_version     INTEGER,
  left_out_before  TEXT,
  PRIMARY KEY (connection_id, project_id)
) WITHOUT ROWID;

CREATE TABLE replica_settings (
  id                  INTEGER PRIMARY KEY CHECK (id = 1),
  release_after_days  INTEGER NOT NULL CHECK (release_after_days >= 1),
  budget_bytes        INTEGER NOT NULL CHECK (budget_bytes > 0)
);
`;
