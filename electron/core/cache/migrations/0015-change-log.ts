/**
 * Cache migration 15: the change log, a record of every change made on this computer.
 *
 * One row per day changed (a grid edit, a paste, an import, a delete), or per change of a
 * well's own members (its status, name, …); `changes` holds each value changed there as
 * [field, old, new]. A row per value would be nine rows per imported day: a 100,000-day file
 * would write 900,000 rows and their indexes inside the import's transaction. The outbox forgets an operation once the
 * server accepts it; this table keeps it, so an engineer can say who changed which value,
 * from what to what, when and from which file, long after the sync.
 *
 * - Values are stored as the outbox stores them (imperial numbers for production fields,
 *   text for well members) and converted to the project's units when read.
 * - `well_name` is copied when written: the log must still name a well the cache dropped.
 * - `batch` groups the rows of one action (one save, one import, one delete), which is
 *   what the log lists and what an import's undo takes back.
 * - `old_unknown` is 1 when the day was never downloaded to this computer: its values before
 *   the change are not known here (a null old value then means "unknown", not "empty").
 * - `new_day` is 1 when the day held no record before the change: taking an import back
 *   deletes such a day rather than writing a record of empty values.
 * - `outcome` is set when the operation carrying the change (`outbox_seq`) leaves the outbox:
 *   'synced' by a trigger (no push path can forget it) unless a discard marked the rows
 *   'discarded' first. NULL: still waiting to be sent.
 * - No foreign key to wells or the outbox: the record outlives both. It goes with its
 *   connection, like everything else of that organisation.
 */
export const sql = `
CREATE TABLE change_log (
  id              INTEGER PRIMARY KEY,
  connection_id   TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id      TEXT NOT NULL,
  well_id         TEXT NOT NULL,
  well_name       TEXT NOT NULL,
  batch           INTEGER NOT NULL,
  at              TEXT NOT NULL,
  actor           TEXT NOT NULL,
  source          TEXT NOT NULL
                  CHECK (source IN ('grid', 'paste', 'import', 'status', 'well', 'delete', 'undo')),
  source_label    TEXT,
  date            TEXT,
  changes         TEXT NOT NULL CHECK (json_valid(changes)),
  old_unknown     INTEGER NOT NULL DEFAULT 0 CHECK (old_unknown IN (0, 1)),
  new_day         INTEGER NOT NULL DEFAULT 0 CHECK (new_day IN (0, 1)),
  outbox_seq      INTEGER,
  outcome         TEXT CHECK (outcome IS NULL OR outcome IN ('synced', 'discarded')),
  settled_at      TEXT
);
CREATE INDEX change_log_by_project ON change_log (connection_id, project_id, id);
CREATE INDEX change_log_by_well ON change_log (connection_id, well_id, id);
CREATE INDEX change_log_by_op ON change_log (connection_id, outbox_seq) WHERE outcome IS NULL;
CREATE INDEX change_log_by_settling ON change_log (connection_id, settled_at) WHERE outcome IS NOT NULL;

CREATE TRIGGER change_log_settles BEFORE DELETE ON outbox
BEGIN
  UPDATE change_log SET outcome = 'synced', settled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE connection_id = OLD.connection_id AND outbox_seq = OLD.seq AND outcome IS NULL;
END;
`;
