import type { ProductionRecord } from '#shared/api/index.js';
import { isNextDay } from '../../days.js';
import { formatNumber, formatRate, RATE_FIELDS, RATE_NAMES } from '../../format.js';
import { findingKey, type FindingFacts, type WellSeriesContext } from '../../types.js';

/**
 * Runtime and rates that contradict each other: a full 24 h on line with nothing
 * flowing (the meter or the allocation is missing, or the well was down and the runtime
 * was never changed), or oil, gas or water on a day with a runtime of 0 (the well was
 * on, or the rates belong to another day). Consecutive days of the same kind are one
 * finding; the reason names the first day's values.
 */
type Kind = 'no-flow' | 'no-runtime';

export function runtimeMismatch(
  days: readonly ProductionRecord[],
  context: WellSeriesContext,
): FindingFacts[] {
  const findings: FindingFacts[] = [];
  let run: { kind: Kind; first: ProductionRecord; last: ProductionRecord; count: number } | null =
    null;
  const close = () => {
    if (run) findings.push(finding(run, context));
    run = null;
  };
  for (const day of days) {
    const kind = kindOf(day);
    if (run && kind === run.kind && isNextDay(run.last.date, day.date)) {
      run.last = day;
      run.count++;
      continue;
    }
    close();
    if (kind) run = { kind, first: day, last: day, count: 1 };
  }
  close();
  return findings;
}

function kindOf(day: ProductionRecord): Kind | null {
  const flowing = RATE_FIELDS.some((field) => (day[field] ?? 0) > 0);
  const allZero = RATE_FIELDS.every((field) => day[field] === 0);
  if (day.runtime === 24 && allZero) return 'no-flow';
  if (day.runtime === 0 && flowing) return 'no-runtime';
  return null;
}

function finding(
  run: { kind: Kind; first: ProductionRecord; last: ProductionRecord; count: number },
  context: WellSeriesContext,
): FindingFacts {
  const { first, last, count } = run;
  const days =
    count === 1
      ? `on ${first.date}`
      : `on ${formatNumber(count, 0)} days, ${first.date} to ${last.date}, the first`;
  let reason: string;
  if (run.kind === 'no-flow') {
    reason = `Runtime 24 h with oil, gas and water all 0 ${days}: on line all day with nothing measured`;
  } else {
    const rates = RATE_FIELDS.filter((field) => (first[field] ?? 0) > 0)
      .map(
        (field) =>
          `${RATE_NAMES[field]} ${formatRate(first[field] as number, field, context.unitSystem)}`,
      )
      .join(', ');
    reason = `${rates} with a runtime of 0 h ${days}: flow on a day the well was off`;
  }
  return {
    key: findingKey('runtime-mismatch', context.wellId, first.date, last.date, run.kind),
    wellId: context.wellId,
    rule: 'runtime-mismatch',
    from: first.date,
    to: last.date,
    reason,
  };
}
