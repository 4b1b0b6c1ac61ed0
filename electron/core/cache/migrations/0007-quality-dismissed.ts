/**
 * Cache migration 7: the data-quality findings the engineer dismissed, per project.
 * A finding is known by its key (rule, well, days, field; shared/quality/types.ts),
 * which stays the same from scan to scan while the data that caused it does, so a
 * dismissed finding stays hidden until the data changes. Kept on this computer only:
 * the API has no place for it.
 */
export const sql = `
CREATE TABLE quality_dismissed (
  connection_id TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
  project_id    TEXT NOT NULL,
  finding_key   TEXT NOT NULL,
  dismissed_at  TEXT NOT NULL,
  PRIMARY KEY (connection_id, project_id, finding_key)
) WITHOUT ROWID;
`;
