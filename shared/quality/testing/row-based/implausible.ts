import type { ProductionRecord } from '#shared/api/index.js';
import { plausibilityWarnings } from '#shared/production/plausibility.js';
import { findingKey, type FindingFacts, type WellSeriesContext } from '../../types.js';

/**
 * Values the API accepts but no well reports: the very rules the records grid and the
 * importer warn with (shared/production/plausibility.ts): a BHP or THP above 20,000 psi,
 * a rate 50 times the well's highest of its last 90 producing days, a recorded GOR ten
 * times off the day's gas ÷ oil. Here they are applied to every day already stored.
 * (Negative rates and pressures, a runtime above 24 h or a watercut above 100 % cannot
 * be stored at all: the API refuses them.) Production before the spud date has a rule
 * of its own (before-spud.ts).
 */
export function implausibleValues(
  days: readonly ProductionRecord[],
  context: WellSeriesContext,
): FindingFacts[] {
  return plausibilityWarnings(days, {
    unitSystem: context.unitSystem,
    spudDate: null,
    history: days,
  }).map((warning) => ({
    key: findingKey(
      'implausible',
      context.wellId,
      warning.date,
      warning.date,
      `${warning.rule}:${warning.field}`,
    ),
    wellId: context.wellId,
    rule: 'implausible',
    from: warning.date,
    to: warning.date,
    reason: `${warning.message} (${warning.date})`,
  }));
}
