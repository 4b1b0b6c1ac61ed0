import { epochDay, isoFromEpochDay } from './days.js';
import { formatNumber } from './format.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';

/**
 * Gaps in reporting: days with no record between the well's first and last record.
 * A shut-in day is reported with zero rates; a day with no row at all is a report
 * that never arrived (or was lost). Only days inside `covered` count: elsewhere this
 * computer may simply not hold them. Each run of missing days is one finding.
 */
export function reportingGaps(columns: WellColumns, context: WellSeriesContext): QualityFinding[] {
  const findings: QualityFinding[] = [];
  const { days } = columns;
  const covered = context.covered?.map((range) => [epochDay(range.from), epochDay(range.to)]);
  for (let r = 1; r < columns.length; r++) {
    const before = days[r - 1] as number;
    const after = days[r] as number;
    if (after - before <= 1) continue;
    for (const [from, to] of coveredParts(before + 1, after - 1, covered)) {
      const count = to - from + 1;
      const first = isoFromEpochDay(from);
      const last = isoFromEpochDay(to);
      const span = count === 1 ? first : `${first} to ${last}`;
      findings.push({
        key: findingKey('reporting-gap', context.wellId, first, last),
        wellId: context.wellId,
        rule: 'reporting-gap',
        from: first,
        to: last,
        reason: `No report for ${formatNumber(count, 0)} ${count === 1 ? 'day' : 'days'} (${span}) between reports on ${isoFromEpochDay(before)} and ${isoFromEpochDay(after)}`,
      });
    }
  }
  return findings;
}

/** The parts of [from, to] (epoch days) inside the covered ranges (all of it when none are given). */
function coveredParts(
  from: number,
  to: number,
  covered: ReadonlyArray<readonly number[]> | undefined,
): Array<[number, number]> {
  if (!covered) return [[from, to]];
  const parts: Array<[number, number]> = [];
  for (const [rangeFrom, rangeTo] of covered) {
    const start = Math.max(from, rangeFrom as number);
    const end = Math.min(to, rangeTo as number);
    if (start <= end) parts.push([start, end]);
  }
  return parts;
}
