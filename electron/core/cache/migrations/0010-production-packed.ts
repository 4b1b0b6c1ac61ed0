/**
 * Cache migration 10: each well's server rows packed by calendar year, for the charts'
 * reads (electron/core/cache/production-packed.ts). A copy of `production`, never the
 * truth: rebuilt from the rows whenever there is doubt, never salvaged.
 *
 * - `production_packed`: one row per well and year holding rows; `body` is the year's
 *   days as epoch days (Int32, little-endian) then the nine fields (Float64, NaN for
 *   null) in PRODUCTION_FIELDS order, column after column (format 1, see the module).
 * - `production_packed_wells`: the wells whose years are packed. A well not listed is
 *   packed on its first read (so this migration copies nothing: an old cache is packed
 *   well by well, as the wells are opened).
 * - `production_packed_dirty`: years whose rows changed since they were packed. Written
 *   by triggers on `production` itself, so every write (a cascade, raw SQL in a test or a
 *   later migration, code that forgets the repository) marks the year in the same
 *   transaction as the row; a read repacks a dirty year from the rows before using it, so
 *   a stale year can never be served.
 * - `production_packed_writer`: one row while ProductionRepo writes, inside its own
 *   transaction: it knows which years it changed and repacks them before the transaction
 *   ends, so the triggers skip their per-row work then (WHEN NOT EXISTS).
 *
 * The packed years cascade with the well; a well's dirty marks go with it too.
 */
export const sql = `
CREATE TABLE production_packed (
  connection_id TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  year          INTEGER NOT NULL,
  row_count     INTEGER NOT NULL CHECK (row_count > 0),
  body          BLOB NOT NULL,
  PRIMARY KEY (connection_id, well_id, year),
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
);

CREATE TABLE production_packed_wells (
  connection_id TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  format        INTEGER NOT NULL,
  PRIMARY KEY (connection_id, well_id),
  FOREIGN KEY (connection_id, well_id) REFERENCES wells (connection_id, id) ON DELETE CASCADE
) WITHOUT ROWID;

-- No foreign key: a cascade deleting a well's rows marks their years while the well goes.
CREATE TABLE production_packed_dirty (
  connection_id TEXT NOT NULL,
  well_id       TEXT NOT NULL,
  year          INTEGER NOT NULL,
  PRIMARY KEY (connection_id, well_id, year)
) WITHOUT ROWID;

-- ProductionRepo holds this row while it writes (inside its transaction) and repacks the
-- years it wrote itself: the triggers below then skip their per-row work, which would
-- otherwise double the cost of a bulk fill. Any other write finds it empty.
CREATE TABLE production_packed_writer (
  busy INTEGER PRIMARY KEY CHECK (busy = 1)
);

-- Not INSERT OR IGNORE: a statement's own conflict clause (an upsert's) overrides the
-- trigger's, so the year is tested first.
CREATE TRIGGER production_packed_insert AFTER INSERT ON production
WHEN NOT EXISTS (SELECT 1 FROM production_packed_writer)
BEGIN
  INSERT INTO production_packed_dirty (connection_id, well_id, year)
  SELECT NEW.connection_id, NEW.well_id, CAST(substr(NEW.date, 1, 4) AS INTEGER)
  WHERE NOT EXISTS (SELECT 1 FROM production_packed_dirty d
    WHERE d.connection_id = NEW.connection_id AND d.well_id = NEW.well_id
      AND d.year = CAST(substr(NEW.date, 1, 4) AS INTEGER));
END;

CREATE TRIGGER production_packed_update AFTER UPDATE ON production
WHEN NOT EXISTS (SELECT 1 FROM production_packed_writer)
BEGIN
  INSERT INTO production_packed_dirty (connection_id, well_id, year)
  SELECT NEW.connection_id, NEW.well_id, CAST(substr(NEW.date, 1, 4) AS INTEGER)
  WHERE NOT EXISTS (SELECT 1 FROM production_packed_dirty d
    WHERE d.connection_id = NEW.connection_id AND d.well_id = NEW.well_id
      AND d.year = CAST(substr(NEW.date, 1, 4) AS INTEGER));
  INSERT INTO production_packed_dirty (connection_id, well_id, year)
  SELECT OLD.connection_id, OLD.well_id, CAST(substr(OLD.date, 1, 4) AS INTEGER)
  WHERE NOT EXISTS (SELECT 1 FROM production_packed_dirty d
    WHERE d.connection_id = OLD.connection_id AND d.well_id = OLD.well_id
      AND d.year = CAST(substr(OLD.date, 1, 4) AS INTEGER));
END;

CREATE TRIGGER production_packed_delete AFTER DELETE ON production
WHEN NOT EXISTS (SELECT 1 FROM production_packed_writer)
BEGIN
  INSERT INTO production_packed_dirty (connection_id, well_id, year)
  SELECT OLD.connection_id, OLD.well_id, CAST(substr(OLD.date, 1, 4) AS INTEGER)
  WHERE NOT EXISTS (SELECT 1 FROM production_packed_dirty d
    WHERE d.connection_id = OLD.connection_id AND d.well_id = OLD.well_id
      AND d.year = CAST(substr(OLD.date, 1, 4) AS INTEGER));
END;

CREATE TRIGGER production_packed_well_gone AFTER DELETE ON wells
BEGIN
  DELETE FROM production_packed_dirty
  WHERE connection_id = OLD.connection_id AND well_id = OLD.id;
END;
`;
