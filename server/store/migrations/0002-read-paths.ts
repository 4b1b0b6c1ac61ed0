/**
 * Migration 2: faster read paths.
 * - wells.data_version counts production writes, so serialized production responses can be
 *   cached and are invalidated by any write (a cache key holds the well id and this version).
 * - wells_search covers the API-number search, so counting matches never reads the table.
 */
export const sql = `
ALTER TABLE wells ADD COLUMN data_version INTEGER NOT NULL DEFAULT 0;
CREATE INDEX wells_search ON wells (project_id, name_key, id, api_digits);
`;
