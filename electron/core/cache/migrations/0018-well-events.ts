/**
 * Cache migration 18: well events, what happened to a well over a span of days and why (an
 * ESP failure, a facility outage, a workover), so lost production is attributed to a reason.
 *
 * - `well_events` holds the project's events: those the server sent (`state` 'synced') and
 *   those made here, kept until the server takes them: 'pending' (to be sent with a PUT at
 *   the id made here, which a retry cannot double) or 'deleted' (a tombstone until the DELETE
 *   is answered). On a server without events every event stays here, 'local'.
 * - `event_categories`: the project's list of reasons, edited per project; a project without
 *   a row uses the standard list (shared/desktop/events.ts).
 * - The change log learns the source 'event', the event a row records (`event_id`, settled
 *   when the server takes it), and the outcome 'local' (kept on this computer, nothing to
 *   sync). SQLite cannot alter a CHECK, so the table is copied; the trigger that settles rows
 *   names it, so it is dropped first and made again.
 * No foreign key to wells, as for the outbox: a well the server dropped must not take an
 * event still to be sent with it.
 */
export const sql = `
CREATE TABLE well_events (
  connection_id TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id    TEXT NOT NULL,
  id            TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  start_date    TEXT NOT NULL,
  end_date      TEXT,
  category      TEXT NOT NULL,
  note          TEXT NOT NULL DEFAULT '',
  updated_at    TEXT NOT NULL,
  state         TEXT NOT NULL CHECK (state IN ('synced', 'pending', 'deleted', 'local')),
  error         TEXT,
  PRIMARY KEY (connection_id, project_id, id)
) WITHOUT ROWID;
CREATE INDEX well_events_by_well ON well_events (connection_id, well_id, start_date);
CREATE INDEX well_events_to_send ON well_events (connection_id, state) WHERE state IN ('pending', 'deleted');

CREATE TABLE event_categories (
  connection_id TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id    TEXT NOT NULL,
  categories    TEXT NOT NULL CHECK (json_valid(categories)),
  PRIMARY KEY (connection_id, project_id)
) WITHOUT ROWID;

DROP TRIGGER change_log_settles;
CREATE TABLE change_log_18 (
  id              INTEGER PRIMARY KEY,
  connection_id   TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id      TEXT NOT NULL,
  well_id         TEXT NOT NULL,
  well_name       TEXT NOT NULL,
  batch           INTEGER NOT NULL,
  at              TEXT NOT NULL,
  actor           TEXT NOT NULL,
  source          TEXT NOT NULL
                  CHECK (source IN ('grid', 'paste', 'import', 'status', 'well', 'delete', 'undo', 'event')),
  source_label    TEXT,
  date            TEXT,
  changes         TEXT NOT NULL CHECK (json_valid(changes)),
  old_unknown     INTEGER NOT NULL DEFAULT 0 CHECK (old_unknown IN (0, 1)),
  new_day         INTEGER NOT NULL DEFAULT 0 CHECK (new_day IN (0, 1)),
  outbox_seq      INTEGER,
  outcome         TEXT CHECK (outcome IS NULL OR outcome IN ('synced', 'discarded', 'local')),
  settled_at      TEXT,
  event_id        TEXT
);
INSERT INTO change_log_18 (id, connection_id, project_id, well_id, well_name, batch, at, actor,
    source, source_label, date, changes, old_unknown, new_day, outbox_seq, outcome, settled_at)
  SELECT id, connection_id, project_id, well_id, well_name, batch, at, actor, source,
    source_label, date, changes, old_unknown, new_day, outbox_seq, outcome, settled_at
  FROM change_log;
DROP TABLE change_log;
ALTER TABLE change_log_18 RENAME TO change_log;
CREATE INDEX change_log_by_project ON change_log (connection_id, project_id, id);
CREATE INDEX change_log_by_well ON change_log (connection_id, well_id, id);
CREATE INDEX change_log_by_op ON change_log (connection_id, outbox_seq) WHERE outcome IS NULL;
CREATE INDEX change_log_by_settling ON change_log (connection_id, settled_at) WHERE outcome IS NOT NULL;
CREATE INDEX change_log_by_event ON change_log (connection_id, event_id) WHERE outcome IS NULL;

CREATE TRIGGER change_log_settles BEFORE DELETE ON outbox
BEGIN
  UPDATE change_log SET outcome = 'synced', settled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE connection_id = OLD.connection_id AND outbox_seq = OLD.seq AND outcome IS NULL;
END;
`;
