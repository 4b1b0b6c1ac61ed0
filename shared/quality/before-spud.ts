import { beforeSpudMessage, type RateName } from '../production/plausibility-messages.js';
import { epochDay, isoFromEpochDay } from './days.js';
import { formatNumber } from './format.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';

/** The rate a warning names: the first above zero, in the grid's order. */
const RATES: readonly RateName[] = ['oil_rate', 'gas_rate', 'water_rate'];

/**
 * Production before the spud date: a well cannot produce before it is drilled, so
 * either the days belong to another well or the spud date is wrong. The test and its
 * words are the records grid's and the importer's (shared/production/plausibility.ts,
 * rule `before-spud`: any rate above zero); here each run of consecutive such days is
 * one finding, named by its first day.
 */
export function beforeSpud(columns: WellColumns, context: WellSeriesContext): QualityFinding[] {
  const spudDate = context.spudDate;
  if (spudDate === null) return [];
  const spud = epochDay(spudDate);
  const { days } = columns;
  const findings: QualityFinding[] = [];
  let run: { first: number; last: number; count: number; message: string } | null = null;
  const close = () => {
    if (run) findings.push(finding(run, context));
    run = null;
  };
  for (let r = 0; r < columns.length && (days[r] as number) < spud; r++) {
    const field = RATES.find((rate) => (columns[rate][r] as number) > 0);
    if (field === undefined) continue;
    const day = days[r] as number;
    if (run && day - run.last === 1) {
      run.last = day;
      run.count++;
      continue;
    }
    close();
    const date = isoFromEpochDay(day);
    const message = beforeSpudMessage(
      field,
      columns[field][r] as number,
      date,
      spudDate,
      context.unitSystem,
    );
    run = { first: day, last: day, count: 1, message };
  }
  close();
  return findings;
}

function finding(
  run: { first: number; last: number; count: number; message: string },
  context: WellSeriesContext,
): QualityFinding {
  const first = isoFromEpochDay(run.first);
  const last = isoFromEpochDay(run.last);
  return {
    key: findingKey('before-spud', context.wellId, first, last),
    wellId: context.wellId,
    rule: 'before-spud',
    from: first,
    to: last,
    reason:
      run.count === 1
        ? run.message
        : `${formatNumber(run.count, 0)} days of production from ${first} to ${last}, the first: ${run.message}`,
  };
}
