import { isoFromEpochDay } from './days.js';
import { formatNumber, formatRate, RATE_FIELDS, RATE_NAMES } from './format.js';
import { mismatchSeverity } from './severity.js';
import { mainStream, rateAround, volumeAtStake, type Stream } from './stake.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';

/**
 * Runtime and rates that contradict each other: a full 24 h on line with nothing
 * flowing (the meter or the allocation is missing, or the well was down and the runtime
 * was never changed), or oil, gas or water on a day with a runtime of 0 (the well was
 * on, or the rates belong to another day). Consecutive days of the same kind are one
 * finding; the reason names the first day's values.
 *
 * At stake: for 24 h with nothing flowing, the well's usual rate around the run × its
 * days (the flow that may have gone unmeasured); for flow with no runtime, the run's
 * rates summed (the volume booked on days the well was off).
 */
type Kind = 'no-flow' | 'no-runtime';

interface Run {
  kind: Kind;
  /** Rows of the first and last day. */
  first: number;
  last: number;
  count: number;
}

export function runtimeMismatch(
  columns: WellColumns,
  context: WellSeriesContext,
): QualityFinding[] {
  const findings: QualityFinding[] = [];
  const { days } = columns;
  let run: Run | null = null;
  const close = () => {
    if (run) findings.push(finding(columns, run, context));
    run = null;
  };
  for (let r = 0; r < columns.length; r++) {
    const kind = kindOf(columns, r);
    if (run && kind === run.kind && (days[r] as number) - (days[run.last] as number) === 1) {
      run.last = r;
      run.count++;
      continue;
    }
    close();
    if (kind) run = { kind, first: r, last: r, count: 1 };
  }
  close();
  return findings;
}

function kindOf(columns: WellColumns, r: number): Kind | null {
  const runtime = columns.runtime[r];
  if (runtime !== 24 && runtime !== 0) return null;
  const oil = columns.oil_rate[r] as number;
  const gas = columns.gas_rate[r] as number;
  const water = columns.water_rate[r] as number;
  // A missing rate (NaN) is neither flow nor a zero.
  if (runtime === 24 && oil === 0 && gas === 0 && water === 0) return 'no-flow';
  if (runtime === 0 && (oil > 0 || gas > 0 || water > 0)) return 'no-runtime';
  return null;
}

function finding(columns: WellColumns, run: Run, context: WellSeriesContext): QualityFinding {
  const first = isoFromEpochDay(columns.days[run.first] as number);
  const last = isoFromEpochDay(columns.days[run.last] as number);
  const days =
    run.count === 1
      ? `on ${first}`
      : `on ${formatNumber(run.count, 0)} days, ${first} to ${last}, the first`;
  let reason: string;
  if (run.kind === 'no-flow') {
    reason = `Runtime 24 h with oil, gas and water all 0 ${days}: on line all day with nothing measured`;
  } else {
    const rates = RATE_FIELDS.filter((field) => (columns[field][run.first] as number) > 0)
      .map(
        (field) =>
          `${RATE_NAMES[field]} ${formatRate(columns[field][run.first] as number, field, context.unitSystem)}`,
      )
      .join(', ');
    reason = `${rates} with a runtime of 0 h ${days}: flow on a day the well was off`;
  }
  return {
    key: findingKey('runtime-mismatch', context.wellId, first, last, run.kind),
    wellId: context.wellId,
    rule: 'runtime-mismatch',
    from: first,
    to: last,
    reason,
    severity: mismatchSeverity(run.kind, run.count),
    atStake: stake(columns, run, context),
  };
}

function stake(columns: WellColumns, run: Run, context: WellSeriesContext) {
  const system = context.unitSystem;
  if (run.kind === 'no-flow') {
    const usual = mainStream(
      {
        oil: rateAround(columns.oil_rate, run.first, run.last),
        gas: rateAround(columns.gas_rate, run.first, run.last),
        water: rateAround(columns.water_rate, run.first, run.last),
      },
      system,
    );
    return volumeAtStake(usual.stream, usual.rate * run.count, system);
  }
  const booked: Record<Stream, number> = { oil: 0, gas: 0, water: 0 };
  for (let r = run.first; r <= run.last; r++) {
    // A missing rate (NaN) adds nothing.
    booked.oil += (columns.oil_rate[r] as number) || 0;
    booked.gas += (columns.gas_rate[r] as number) || 0;
    booked.water += (columns.water_rate[r] as number) || 0;
  }
  const main = mainStream(booked, system);
  return volumeAtStake(main.stream, main.rate, system);
}
