import type { ProductionRecord } from '#shared/api/index.js';
import { plausibilityWarnings } from '#shared/production/plausibility.js';
import { isNextDay } from '../../days.js';
import { formatNumber } from '../../format.js';
import { findingKey, type FindingFacts, type WellSeriesContext } from '../../types.js';

/**
 * Production before the spud date: a well cannot produce before it is drilled, so
 * either the days belong to another well or the spud date is wrong. The test is the
 * records grid's and the importer's (shared/production/plausibility.ts, rule
 * `before-spud`); here each run of consecutive such days is one finding.
 */
export function beforeSpud(
  days: readonly ProductionRecord[],
  context: WellSeriesContext,
): FindingFacts[] {
  if (context.spudDate === null) return [];
  const early = days.filter((day) => day.date < (context.spudDate as string));
  const warnings = plausibilityWarnings(early, {
    unitSystem: context.unitSystem,
    spudDate: context.spudDate,
    history: [],
  }).filter((warning) => warning.rule === 'before-spud');
  const findings: FindingFacts[] = [];
  let start = 0;
  for (let i = 1; i <= warnings.length; i++) {
    const next = warnings[i];
    if (next && isNextDay((warnings[i - 1] as (typeof warnings)[number]).date, next.date)) continue;
    const first = warnings[start] as (typeof warnings)[number];
    const last = (warnings[i - 1] as (typeof warnings)[number]).date;
    const count = i - start;
    findings.push({
      key: findingKey('before-spud', context.wellId, first.date, last),
      wellId: context.wellId,
      rule: 'before-spud',
      from: first.date,
      to: last,
      reason:
        count === 1
          ? first.message
          : `${formatNumber(count, 0)} days of production from ${first.date} to ${last}, the first: ${first.message}`,
    });
    start = i;
  }
  return findings;
}
