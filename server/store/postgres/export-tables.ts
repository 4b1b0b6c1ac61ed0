import { createHash } from 'node:crypto';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { MONTH_COLUMNS, JSON_COLUMNS } from '../../serialize/monthly-sums.js';

/** The PostgreSQL type of a column, as `unnest` needs it to turn an array into rows. */
export type ColumnType = 'bigint' | 'text' | 'float8' | 'bytea';

export interface ExportTable {
  name: string;
  columns: ReadonlyArray<readonly [name: string, type: ColumnType]>;
  /** The primary key, in order: rows are copied, paged and hashed in this order. */
  key: readonly string[];
  /** An identity column whose sequence must continue after the copied ids. */
  identity?: string;
}

const float = (name: string) => [name, 'float8'] as const;
const text = (name: string) => [name, 'text'] as const;
const int = (name: string) => [name, 'bigint'] as const;

/**
 * Everything a SQLite server database holds, in an order that satisfies the foreign keys.
 * Ids are copied as they are (well `seq` included), so tokens, page cursors and the response
 * cache's keys mean the same on PostgreSQL. Rate-limit buckets are not here: SQLite keeps them
 * in the memory of its one process. `schema_migrations` is PostgreSQL's own.
 */
export const EXPORT_TABLES: readonly ExportTable[] = [
  {
    name: 'users',
    columns: [int('id'), text('name'), text('plan'), text('created_at')],
    key: ['id'],
    identity: 'id',
  },
  {
    name: 'tokens',
    columns: [
      int('id'),
      int('user_id'),
      text('token_hash'),
      text('hint'),
      text('scopes'),
      text('expires_at'),
      text('revoked_at'),
      text('created_at'),
    ],
    key: ['id'],
    identity: 'id',
  },
  {
    name: 'projects',
    columns: [
      ...['id', 'name', 'description', 'timezone', 'unit_system', 'created_at', 'updated_at'].map(
        text,
      ),
      // The changes extension's counts (migration 5): a desktop's `since` holds after the move.
      int('change_seq'),
      int('meta_seq'),
    ],
    key: ['id'],
  },
  {
    name: 'project_members',
    columns: [text('project_id'), int('user_id')],
    key: ['project_id', 'user_id'],
  },
  {
    name: 'wells',
    columns: [
      int('seq'),
      ...['id', 'project_id', 'name', 'name_key', 'api_number', 'api_digits', 'type', 'status'].map(
        text,
      ),
      float('latitude'),
      float('longitude'),
      text('spud_date'),
      float('lateral_length_ft'),
      float('perf_top_ft'),
      float('perf_bottom_ft'),
      text('first_production_date'),
      text('created_at'),
      text('updated_at'),
      int('data_version'),
      int('change_seq'),
    ],
    key: ['seq'],
    identity: 'seq',
  },
  {
    // Deleted wells' tombstones: a desktop that last looked before a deletion still learns of it.
    name: 'well_tombstones',
    columns: [text('project_id'), text('well_id'), int('change_seq')],
    key: ['project_id', 'well_id'],
  },
  {
    name: 'production',
    columns: [int('well_seq'), text('date'), ...PRODUCTION_FIELDS.map(float)],
    key: ['well_seq', 'date'],
  },
  {
    // Copied as stored: the same sums, so monthly reads answer the same bytes after an export.
    name: 'production_monthly',
    columns: [
      int('well_seq'),
      text('month'),
      ...MONTH_COLUMNS.map((column) =>
        column === 'days' || column.endsWith('_n') ? int(column) : float(column),
      ),
      ...JSON_COLUMNS.map(text),
    ],
    key: ['well_seq', 'month'],
  },
  {
    // The packed days as stored, so daily reads answer the same bytes too.
    name: 'production_days',
    columns: [int('well_seq'), text('month'), ['days_packed', 'bytea'] as const],
    key: ['well_seq', 'month'],
  },
  {
    // Well events (migration 6), after the wells they belong to.
    name: 'well_events',
    columns: [
      int('seq'),
      text('project_id'),
      text('id'),
      int('well_seq'),
      ...['start_date', 'end_date', 'category', 'note', 'created_at', 'updated_at'].map(text),
    ],
    key: ['seq'],
    identity: 'seq',
  },
  { name: 'meta', columns: [text('key'), text('value')], key: ['key'] },
];

/** Tables that must be empty before an export (meta may hold a secret a server made). */
export const DATA_TABLES = EXPORT_TABLES.filter((table) => table.name !== 'meta').map(
  (t) => t.name,
);

export const columnNames = (table: ExportTable) => table.columns.map(([name]) => name);

/**
 * `ORDER BY` of the key on PostgreSQL: text in byte order ("C"), as SQLite's BINARY compares,
 * so both sides hash their rows in the same order.
 */
export function pgOrder(table: ExportTable): string {
  const types = new Map(table.columns);
  return table.key
    .map((column) => (types.get(column) === 'text' ? `${column} COLLATE "C"` : column))
    .join(', ');
}

/** A running count and SHA-256 of a table's rows, each row hashed as its JSON array. */
export class TableDigest {
  rows = 0;
  private readonly hash = createHash('sha256');

  add(row: readonly unknown[]): void {
    this.rows++;
    this.hash.update(JSON.stringify(row));
    this.hash.update('\n');
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Where a text value PostgreSQL cannot store sits, or undefined when the row is storable. */
export function unstorableColumn(table: ExportTable, row: readonly unknown[]): string | undefined {
  const index = row.findIndex((value) => typeof value === 'string' && value.includes('\u0000'));
  return index < 0 ? undefined : table.columns[index]?.[0];
}
