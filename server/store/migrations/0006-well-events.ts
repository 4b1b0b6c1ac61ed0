/**
 * Migration 6: well events (docs/api-decisions.md, "Well events"), what happened to a well over
 * a span of days and why, so lost production can be attributed to a reason.
 * - An id is unique within its project, not across the server: a client chooses it for a PUT
 *   (a UUID), and a taken id must not tell one project about another's events.
 * - `end_date` NULL is an event still going on.
 * - `seq` orders nothing; it keys the row. Lists go by start date then id (the indexes).
 * - Events go with their well (the cascade), as production does.
 * - Every write counts as a change of its project (the changes extension, migration 5), so a
 *   client keeping the project learns that events changed from the one request it makes
 *   anyway; no well is listed, since no well's production changed.
 */
export const sql = `
CREATE TABLE well_events (
  seq        INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  id         TEXT NOT NULL,
  well_seq   INTEGER NOT NULL REFERENCES wells (seq) ON DELETE CASCADE,
  start_date TEXT NOT NULL,
  end_date   TEXT,
  category   TEXT NOT NULL,
  note       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, id)
);
CREATE INDEX well_events_by_well ON well_events (well_seq, start_date, id);
CREATE INDEX well_events_by_project ON well_events (project_id, start_date, id);

CREATE TRIGGER well_events_changed_on_insert AFTER INSERT ON well_events
BEGIN
  UPDATE projects SET change_seq = change_seq + 1 WHERE id = NEW.project_id;
END;
CREATE TRIGGER well_events_changed_on_update AFTER UPDATE ON well_events
BEGIN
  UPDATE projects SET change_seq = change_seq + 1 WHERE id = NEW.project_id;
END;
CREATE TRIGGER well_events_changed_on_delete AFTER DELETE ON well_events
BEGIN
  UPDATE projects SET change_seq = change_seq + 1 WHERE id = OLD.project_id;
END;
`;
