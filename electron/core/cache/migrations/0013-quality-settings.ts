/**
 * Cache migration 13: the data-quality rules as tuned for a project (the shortest gap
 * reported, the shortest flat line), kept on this computer like the findings
 * dismissed (migration 7): the API has no place for them. One row per project, absent
 * until saved (the defaults, shared/desktop/quality.ts, apply). Cascades with the
 * connection only: a project refresh must not lose them.
 */
export const sql = `
CREATE TABLE quality_settings (
  connection_id  TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id     TEXT NOT NULL,
  min_gap_days   INTEGER NOT NULL CHECK (min_gap_days BETWEEN 1 AND 365),
  flat_line_days INTEGER NOT NULL CHECK (flat_line_days BETWEEN 2 AND 365),
  saved_at       TEXT NOT NULL,
  PRIMARY KEY (connection_id, project_id)
) WITHOUT ROWID;
`;
