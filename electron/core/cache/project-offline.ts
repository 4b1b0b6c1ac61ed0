import type { ProjectOffline } from '#shared/desktop/index.js';
import { heldFromSql } from './held-from-sql.js';
import type { CacheDb } from './migrate.js';

/**
 * ProjectView.offline: per project, how many cached wells have any coverage
 * and the range they all hold. Each well counts with its widest interval
 * (coverage_widest, which is also its WellView.availableOffline), so the
 * project agrees with its wells. One aggregate query answers a whole project
 * list: a join on primary keys, no interval arithmetic. The range starts on the first
 * day a well holds a row for, not where its coverage starts (held-from-sql.ts); wells
 * holding no row at all are counted but say nothing of the range.
 */

const SUMMARY = `SELECT w.project_id AS projectId, COUNT(*) AS wellsCovered,
    MAX(${heldFromSql('v')}) AS "from", MIN(v.to_date) AS "to"
  FROM wells w JOIN coverage_widest v ON v.connection_id = w.connection_id AND v.well_id = w.id
  WHERE w.connection_id = @connectionId`;

interface SummaryRow {
  projectId: string;
  wellsCovered: number;
  /** Null when no covered well holds a row. */
  from: string | null;
  to: string;
}

export class ProjectOfflineQuery {
  private readonly statements;

  constructor(db: CacheDb) {
    this.statements = {
      all: db.prepare(`${SUMMARY} GROUP BY w.project_id`),
      one: db.prepare(`${SUMMARY} AND w.project_id = @projectId GROUP BY w.project_id`),
    };
  }

  /** Every project of the connection with covered wells; the others are absent. */
  all(connectionId: string): Map<string, ProjectOffline> {
    const rows = this.statements.all.all({ connectionId }) as SummaryRow[];
    return new Map(rows.map((row) => [row.projectId, summary(row)]));
  }

  one(connectionId: string, projectId: string): ProjectOffline {
    const row = this.statements.one.get({ connectionId, projectId }) as SummaryRow | undefined;
    return row ? summary(row) : notCovered();
  }
}

export function notCovered(): ProjectOffline {
  return { wellsCovered: 0, from: null, to: null };
}

/** No common day: the wells hold ranges that do not overlap. */
function summary(row: SummaryRow): ProjectOffline {
  const common = row.from !== null && row.from <= row.to;
  return {
    wellsCovered: row.wellsCovered,
    from: common ? row.from : null,
    to: common ? row.to : null,
  };
}
