/** PostgreSQL migration 2: SQLite's migration 2 (server/store/migrations/0002-read-paths.ts). */
export const sql = `
ALTER TABLE wells ADD COLUMN data_version BIGINT NOT NULL DEFAULT 0;
CREATE INDEX wells_search ON wells (project_id, name_key, id, api_digits);
`;
