/**
 * PostgreSQL migration 6: SQLite's migration 5 (server/store/migrations/0005-change-log.ts),
 * the counts behind the changes extension, kept by triggers. Each bump updates the project's
 * row, so two writes to one project take its row lock in turn until they commit: a client
 * that reads count N has seen every change up to N committed (a sequence would hand out
 * numbers that commit out of order, and a change could be skipped).
 */
export const sql = `
ALTER TABLE projects ADD COLUMN change_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN meta_seq BIGINT NOT NULL DEFAULT 0;
ALTER TABLE wells ADD COLUMN change_seq BIGINT NOT NULL DEFAULT 0;
CREATE INDEX wells_by_change ON wells (project_id, change_seq);

CREATE TABLE well_tombstones (
  project_id TEXT COLLATE "C" NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  well_id    TEXT COLLATE "C" NOT NULL,
  change_seq BIGINT NOT NULL,
  PRIMARY KEY (project_id, well_id)
);
CREATE INDEX well_tombstones_by_change ON well_tombstones (project_id, change_seq);

CREATE FUNCTION flowline_well_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_seq BIGINT;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE projects SET change_seq = change_seq + 1 WHERE id = OLD.project_id
      RETURNING change_seq INTO next_seq;
    -- The project itself is being deleted (a cascade): nobody is left to tell.
    IF next_seq IS NOT NULL THEN
      INSERT INTO well_tombstones (project_id, well_id, change_seq)
        VALUES (OLD.project_id, OLD.id, next_seq)
        ON CONFLICT (project_id, well_id) DO UPDATE SET change_seq = EXCLUDED.change_seq;
    END IF;
    RETURN OLD;
  END IF;
  UPDATE projects SET change_seq = change_seq + 1 WHERE id = NEW.project_id
    RETURNING change_seq INTO next_seq;
  UPDATE wells SET change_seq = next_seq WHERE seq = NEW.seq;
  RETURN NEW;
END $$;

CREATE TRIGGER wells_changed_on_insert AFTER INSERT ON wells
  FOR EACH ROW EXECUTE FUNCTION flowline_well_changed();
CREATE TRIGGER wells_changed_on_update
  AFTER UPDATE OF data_version, name, api_number, type, status, latitude, longitude, spud_date,
    lateral_length_ft, perf_top_ft, perf_bottom_ft ON wells
  FOR EACH ROW EXECUTE FUNCTION flowline_well_changed();
CREATE TRIGGER wells_changed_on_delete AFTER DELETE ON wells
  FOR EACH ROW EXECUTE FUNCTION flowline_well_changed();

CREATE FUNCTION flowline_project_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := OLD.change_seq + 1;
  NEW.meta_seq := NEW.change_seq;
  RETURN NEW;
END $$;

CREATE TRIGGER projects_changed
  BEFORE UPDATE OF name, description, timezone, unit_system ON projects
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD.timezone IS DISTINCT FROM NEW.timezone OR OLD.unit_system IS DISTINCT FROM NEW.unit_system)
  EXECUTE FUNCTION flowline_project_changed();
`;
