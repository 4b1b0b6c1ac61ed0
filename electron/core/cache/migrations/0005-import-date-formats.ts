/**
 * Cache migration 5: saved import mappings may name the date formats that
 * spell the month (`d-mon-y`: 12-Feb-08, `mon-d-y`: Feb 12, 2008). SQLite
 * cannot change a CHECK constraint in place, so the table is copied into one
 * with the longer list; every saved mapping is kept as it was.
 */
export const sql = `
CREATE TABLE import_mappings_v5 (
  header_key        TEXT PRIMARY KEY,
  headers           TEXT NOT NULL CHECK (json_valid(headers)),
  columns           TEXT NOT NULL CHECK (json_valid(columns)),
  date_format       TEXT CHECK (date_format IS NULL OR date_format IN
                      ('ymd', 'mdy', 'dmy', 'd-mon-y', 'mon-d-y', 'serial')),
  decimal_separator TEXT CHECK (decimal_separator IS NULL OR decimal_separator IN ('.', ',')),
  name              TEXT,
  saved_at          TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO import_mappings_v5 (header_key, headers, columns, date_format, decimal_separator, name, saved_at)
  SELECT header_key, headers, columns, date_format, decimal_separator, name, saved_at FROM import_mappings;
DROP TABLE import_mappings;
ALTER TABLE import_mappings_v5 RENAME TO import_mappings;
`;
