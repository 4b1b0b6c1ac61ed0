/**
 * `INSERT … ON CONFLICT DO UPDATE … WHERE something differs`: its `changes` is
 * 1 when the row is new or different and 0 when the server sent what we had,
 * which is how a refresh knows whether to emit `cache-changed` (an event for
 * nothing would make every open view re-read, and re-reads can refresh).
 * Named parameters are the column names. `touch` columns (fetched_at) are set
 * with the data but do not count as a change.
 */
export function upsertIfChangedSql(
  table: string,
  keys: readonly string[],
  data: readonly string[],
  touch: readonly string[] = [],
): string {
  const columns = [...keys, ...data, ...touch];
  return `INSERT INTO ${table} (${columns.join(', ')})
    VALUES (${columns.map((column) => `@${column}`).join(', ')})
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET
      ${[...data, ...touch].map((column) => `${column} = excluded.${column}`).join(', ')}
    WHERE ${data.map((column) => `${table}.${column} IS NOT excluded.${column}`).join(' OR ')}`;
}

/**
 * upsertIfChangedSql for `rows` rows in one statement, with positional parameters: each row's
 * keys, data and touch columns in that order. `changes` counts the rows new or different.
 */
export function upsertRowsIfChangedSql(
  table: string,
  keys: readonly string[],
  data: readonly string[],
  touch: readonly string[],
  rows: number,
): string {
  const columns = [...keys, ...data, ...touch];
  const row = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${table} (${columns.join(', ')})
    VALUES ${Array.from({ length: rows }, () => row).join(', ')}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET
      ${[...data, ...touch].map((column) => `${column} = excluded.${column}`).join(', ')}
    WHERE ${data.map((column) => `${table}.${column} IS NOT excluded.${column}`).join(' OR ')}`;
}
