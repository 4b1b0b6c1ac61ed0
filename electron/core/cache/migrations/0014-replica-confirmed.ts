/**
 * Cache migration 14: when the server last confirmed a kept project's wells unchanged.
 *
 * `confirmed_at` is the time a refresh read the project's data version and found every well
 * it did not list as changed as it was; once that refresh had read the listed ones again, the
 * whole replica is the server's data as of then. A coverage interval of the project counts
 * as fetched at the later of its own fetch and this time (CoverageRepo.overlapping), so a
 * refresh with nothing changed writes one row instead of one per interval (20,000 wells).
 * NULL until a refresh with the changes extension has finished.
 */
export const sql = `
ALTER TABLE replica_projects ADD COLUMN confirmed_at TEXT;
`;
