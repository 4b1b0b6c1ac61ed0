/**
 * Migration 5: what changed in a project since a client last looked (the changes extension,
 * docs/api-decisions.md). Every project counts its changes (`change_seq`); each well keeps the
 * count at its last change, a deleted well leaves a tombstone with it, and the project keeps
 * the count at its own last metadata change (`meta_seq`). Triggers keep them, so every write
 * path (routes, CSV import, CLI) is counted inside its own transaction:
 * - a production write bumps the well's data_version once per write (production-repo.ts), and
 *   that is what the trigger watches: one project update per write, not per record;
 * - a well's own fields, its creation and its deletion;
 * - the project's name, description, time zone and unit system.
 * Existing wells and projects start at 0: a client's first look lists every well anyway.
 */
export const sql = `
ALTER TABLE projects ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN meta_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE wells ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
CREATE INDEX wells_by_change ON wells (project_id, change_seq);

CREATE TABLE well_tombstones (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  well_id    TEXT NOT NULL,
  change_seq INTEGER NOT NULL,
  PRIMARY KEY (project_id, well_id)
) WITHOUT ROWID;
CREATE INDEX well_tombstones_by_change ON well_tombstones (project_id, change_seq);

CREATE TRIGGER wells_changed_on_insert AFTER INSERT ON wells
BEGIN
  UPDATE projects SET change_seq = change_seq + 1 WHERE id = NEW.project_id;
  UPDATE wells SET change_seq = (SELECT change_seq FROM projects WHERE id = NEW.project_id)
    WHERE seq = NEW.seq;
END;

CREATE TRIGGER wells_changed_on_update
AFTER UPDATE OF data_version, name, api_number, type, status, latitude, longitude, spud_date,
  lateral_length_ft, perf_top_ft, perf_bottom_ft ON wells
BEGIN
  UPDATE projects SET change_seq = change_seq + 1 WHERE id = NEW.project_id;
  UPDATE wells SET change_seq = (SELECT change_seq FROM projects WHERE id = NEW.project_id)
    WHERE seq = NEW.seq;
END;

-- A project's own deletion cascades to its wells: nobody is left to tell, and the project row
-- is already gone, so only wells deleted from a project that stays leave a tombstone.
CREATE TRIGGER wells_changed_on_delete AFTER DELETE ON wells
WHEN EXISTS (SELECT 1 FROM projects WHERE id = OLD.project_id)
BEGIN
  UPDATE projects SET change_seq = change_seq + 1 WHERE id = OLD.project_id;
  INSERT OR REPLACE INTO well_tombstones (project_id, well_id, change_seq)
    VALUES (OLD.project_id, OLD.id, (SELECT change_seq FROM projects WHERE id = OLD.project_id));
END;

CREATE TRIGGER projects_changed AFTER UPDATE OF name, description, timezone, unit_system ON projects
WHEN OLD.name IS NOT NEW.name OR OLD.description IS NOT NEW.description
  OR OLD.timezone IS NOT NEW.timezone OR OLD.unit_system IS NOT NEW.unit_system
BEGIN
  UPDATE projects SET change_seq = change_seq + 1, meta_seq = change_seq + 1 WHERE id = NEW.id;
END;
`;
