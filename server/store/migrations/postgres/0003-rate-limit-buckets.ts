/**
 * PostgreSQL migration 3: rate-limit buckets every server instance shares (docs/scaling.md).
 * SQLite has no such table: one process serves a SQLite file and keeps its buckets in memory.
 * `tat` is the GCRA's theoretical arrival time, in milliseconds since the epoch.
 */
export const sql = `
CREATE TABLE rate_limit_buckets (
  key TEXT PRIMARY KEY,
  tat DOUBLE PRECISION NOT NULL
);
CREATE INDEX rate_limit_buckets_by_tat ON rate_limit_buckets (tat);
`;
