import { epochDay, isoFromEpochDay } from './days.js';
import { formatNumber } from './format.js';
import { gapSeverity } from './severity.js';
import { mainStream, rateAround, volumeAtStake } from './stake.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';

/**
 * Gaps in reporting: days with no record between the well's first and last record.
 * A shut-in day is reported with zero rates; a day with no row at all is a report
 * that never arrived (or was lost). Only days inside `covered` count: elsewhere this
 * computer may simply not hold them. Each run of missing days is one finding.
 *
 * At stake: the well's usual rate around the gap (stake.ts's rateAround, in its main
 * stream) × the days missing: what the monthly volume lacks, or guesses.
 */
export const GAP_MIN_DAYS = 1;

export interface ReportingGapOptions {
  /** The shortest run of missing days that is a finding (shorter ones are ignored). */
  minDays?: number;
}

export function reportingGaps(
  columns: WellColumns,
  context: WellSeriesContext,
  options: ReportingGapOptions = {},
): QualityFinding[] {
  const minDays = options.minDays ?? GAP_MIN_DAYS;
  if (!Number.isInteger(minDays) || minDays < 1) {
    throw new RangeError(`minDays must be a whole number of days ≥ 1, not ${minDays}`);
  }
  const findings: QualityFinding[] = [];
  const { days } = columns;
  const covered = context.covered?.map((range) => [epochDay(range.from), epochDay(range.to)]);
  for (let r = 1; r < columns.length; r++) {
    const before = days[r - 1] as number;
    const after = days[r] as number;
    if (after - before <= minDays) continue;
    // The usual rate is the same for every covered part of this gap: taken when needed.
    let usual: ReturnType<typeof mainStream> | null = null;
    for (const [from, to] of coveredParts(before + 1, after - 1, covered)) {
      const count = to - from + 1;
      if (count < minDays) continue;
      usual ??= mainStream(
        {
          oil: rateAround(columns.oil_rate, r, r - 1),
          gas: rateAround(columns.gas_rate, r, r - 1),
          water: rateAround(columns.water_rate, r, r - 1),
        },
        context.unitSystem,
      );
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
        severity: gapSeverity(count, usual.rate > 0),
        atStake: volumeAtStake(usual.stream, usual.rate * count, context.unitSystem),
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
