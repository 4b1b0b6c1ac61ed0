import type { ProductionRecord } from '#shared/api/index.js';
import { addDays, epochDay, isoFromEpochDay } from '../../days.js';
import { formatNumber } from '../../format.js';
import { findingKey, type FindingFacts, type WellSeriesContext } from '../../types.js';

/**
 * Gaps in reporting: days with no record between the well's first and last record.
 * A shut-in day is reported with zero rates; a day with no row at all is a report
 * that never arrived (or was lost). Only days inside `covered` count: elsewhere this
 * computer may simply not hold them. Each run of missing days is one finding.
 */
export function reportingGaps(
  days: readonly ProductionRecord[],
  context: WellSeriesContext,
): FindingFacts[] {
  const findings: FindingFacts[] = [];
  for (let i = 1; i < days.length; i++) {
    const before = (days[i - 1] as ProductionRecord).date;
    const after = (days[i] as ProductionRecord).date;
    if (epochDay(after) - epochDay(before) <= 1) continue;
    for (const run of coveredParts(addDays(before, 1), addDays(after, -1), context.covered)) {
      const count = epochDay(run.to) - epochDay(run.from) + 1;
      const span = count === 1 ? run.from : `${run.from} to ${run.to}`;
      findings.push({
        key: findingKey('reporting-gap', context.wellId, run.from, run.to),
        wellId: context.wellId,
        rule: 'reporting-gap',
        from: run.from,
        to: run.to,
        reason: `No report for ${formatNumber(count, 0)} ${count === 1 ? 'day' : 'days'} (${span}) between reports on ${before} and ${after}`,
      });
    }
  }
  return findings;
}

/** The parts of [from, to] inside the covered ranges (all of it when none are given). */
function coveredParts(
  from: string,
  to: string,
  covered: WellSeriesContext['covered'],
): Array<{ from: string; to: string }> {
  if (!covered) return [{ from, to }];
  const parts: Array<{ from: string; to: string }> = [];
  for (const range of covered) {
    const start = Math.max(epochDay(from), epochDay(range.from));
    const end = Math.min(epochDay(to), epochDay(range.to));
    if (start <= end) parts.push({ from: isoFromEpochDay(start), to: isoFromEpochDay(end) });
  }
  return parts;
}
