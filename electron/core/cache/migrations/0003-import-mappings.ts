/**
 * Cache migration 3: saved column mappings of the CSV import (electron/core/import).
 *
 * Keyed by the normalised header row, so a file with the same headers is
 * offered the same mapping. Not scoped by connection: a mapping is the
 * engineer's knowledge of a file layout (their SCADA export, their
 * spreadsheet), holds no organisation data, and applies to any project.
 */
export const sql = `
CREATE TABLE import_mappings (
  header_key        TEXT PRIMARY KEY,
  headers           TEXT NOT NULL CHECK (json_valid(headers)),
  columns           TEXT NOT NULL CHECK (json_valid(columns)),
  date_format       TEXT CHECK (date_format IS NULL OR date_format IN ('ymd', 'mdy', 'dmy', 'serial')),
  decimal_separator TEXT CHECK (decimal_separator IS NULL OR decimal_separator IN ('.', ',')),
  name              TEXT,
  saved_at          TEXT NOT NULL
) WITHOUT ROWID;
`;
