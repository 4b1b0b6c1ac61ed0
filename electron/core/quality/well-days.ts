import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  type ProductionRecord,
  type UnitSystem,
} from '../../../shared/api/index.js';
import type { CoverageInterval } from '../cache/coverage-repo.js';
import type { CoreContext } from '../core-context.js';
import { mergeProductionEdits } from '../overlay/production-overlay.js';
import { displayConverter } from '../units/cache-units.js';

/** Everything this computer holds of one well's production, as the engineer sees it. */
export interface WellDays {
  /** Date order, queued edits merged over the server's rows, in the project's units. */
  days: ProductionRecord[];
  /** The ranges fetched from the server (sorted, disjoint), with when. */
  covered: CoverageInterval[];
}

const ALL_TIME = { from: '0001-01-01', to: '9999-12-31' };

export function readWellDays(
  ctx: CoreContext,
  connectionId: string,
  wellId: string,
  unitSystem: UnitSystem,
): WellDays {
  const covered = ctx.coverage.overlapping(connectionId, wellId, ALL_TIME);
  if (covered.length === 0) return { days: [], covered };
  const span = { from: covered[0]!.from, to: covered[covered.length - 1]!.to };
  const merged = mergeProductionEdits(
    ctx,
    connectionId,
    wellId,
    span,
    ctx.production.readColumns(connectionId, wellId, span),
  );
  const convert = PRODUCTION_FIELDS.map((field) =>
    displayConverter(FIELD_RULES[field].quantity, unitSystem),
  );
  const days = merged.dates.map((date, r) => {
    const record = { date } as ProductionRecord;
    PRODUCTION_FIELDS.forEach((field, f) => {
      const value = merged.columns[f]![r] ?? null;
      record[field] = value === null ? null : convert[f]!(value);
    });
    return record;
  });
  return { days, covered };
}
