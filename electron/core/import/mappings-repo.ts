import type { DateFormat, DecimalSeparator } from '#shared/csv/index.js';
import type { SavedImportMapping } from '#shared/desktop/index.js';
import type { CacheDb } from '../cache/migrate.js';

/** Saved column mappings (cache migration 3), one per normalised header row. */
interface MappingRow {
  headerKey: string;
  headers: string;
  columns: string;
  dateFormat: DateFormat | null;
  decimalSeparator: DecimalSeparator | null;
  name: string | null;
  savedAt: string;
}

const COLUMNS = `header_key AS headerKey, headers, columns, date_format AS dateFormat,
  decimal_separator AS decimalSeparator, name, saved_at AS savedAt`;

export class ImportMappingsRepo {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      get: db.prepare(`SELECT ${COLUMNS} FROM import_mappings WHERE header_key = ?`),
      list: db.prepare(`SELECT ${COLUMNS} FROM import_mappings ORDER BY saved_at DESC, header_key`),
      save: db.prepare(
        `INSERT INTO import_mappings (header_key, headers, columns, date_format, decimal_separator, name, saved_at)
         VALUES (@headerKey, @headers, @columns, @dateFormat, @decimalSeparator, @name, @savedAt)
         ON CONFLICT (header_key) DO UPDATE SET headers = excluded.headers, columns = excluded.columns,
           date_format = excluded.date_format, decimal_separator = excluded.decimal_separator,
           name = excluded.name, saved_at = excluded.saved_at`,
      ),
      remove: db.prepare('DELETE FROM import_mappings WHERE header_key = ?'),
    };
  }

  get(headerKey: string): SavedImportMapping | undefined {
    const row = this.statements.get.get(headerKey) as MappingRow | undefined;
    return row && fromRow(row);
  }

  list(): SavedImportMapping[] {
    return (this.statements.list.all() as MappingRow[]).map(fromRow);
  }

  save(mapping: SavedImportMapping): void {
    this.statements.save.run({
      ...mapping,
      headers: JSON.stringify(mapping.headers),
      columns: JSON.stringify(mapping.columns),
    });
  }

  remove(headerKey: string): boolean {
    return this.statements.remove.run(headerKey).changes > 0;
  }
}

function fromRow(row: MappingRow): SavedImportMapping {
  return {
    ...row,
    headers: JSON.parse(row.headers) as string[],
    columns: JSON.parse(row.columns) as SavedImportMapping['columns'],
  };
}
