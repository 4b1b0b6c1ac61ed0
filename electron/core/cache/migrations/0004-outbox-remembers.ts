/**
 * Cache migration 4: what an operation's values need to be read once the
 * cache has dropped their well or project (deleted on the server, or no
 * longer visible to the token). The outbox keeps the values on purpose (no
 * foreign key to wells); without these, an export of them could no longer say
 * which well they were for, nor show them in the units they were typed in.
 *
 * - outbox.well_name: the well's name as last cached, copied when its row
 *   leaves `wells`;
 * - outbox.unit_system: the project's unit system, copied when its row leaves
 *   `projects`.
 *
 * Triggers rather than code in the repos, so no path that deletes a well or a
 * project (a refresh, a 404, a cascade) can forget to do it. While the row is
 * cached, outbox-get reads the cache itself; these columns are the fallback.
 */
export const sql = `
ALTER TABLE outbox ADD COLUMN well_name TEXT;
ALTER TABLE outbox ADD COLUMN unit_system TEXT
  CHECK (unit_system IS NULL OR unit_system IN ('imperial', 'metric'));

CREATE TRIGGER outbox_remembers_well BEFORE DELETE ON wells
BEGIN
  UPDATE outbox SET well_name = OLD.name
  WHERE connection_id = OLD.connection_id AND well_id = OLD.id;
END;

CREATE TRIGGER outbox_remembers_project BEFORE DELETE ON projects
BEGIN
  UPDATE outbox SET unit_system = OLD.unit_system
  WHERE connection_id = OLD.connection_id AND project_id = OLD.id;
END;
`;
