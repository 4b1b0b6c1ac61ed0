import { beforeSpudMessage, type RateName } from '../production/plausibility-messages.js';
import { epochDay, isoFromEpochDay } from './days.js';
import { formatNumber } from './format.js';
import { BEFORE_SPUD_SEVERITY } from './severity.js';
import { mainStream, volumeAtStake, type Stream } from './stake.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';

/** The rate a warning names: the first above zero, in the grid's order. */
const RATES: readonly RateName[] = ['oil_rate', 'gas_rate', 'water_rate'];

/**
 * Production before the spud date: a well cannot produce before it is drilled, so
 * either the days belong to another well or the spud date is wrong. The test and its
 * words are the records grid's and the importer's (shared/production/plausibility.ts,
 * rule `before-spud`: any rate above zero); here each run of consecutive such days is
 * one finding, named by its first day. At stake: the run's volume (the rates summed,
 * its main stream), booked to a well that did not exist yet.
 */
export function beforeSpud(columns: WellColumns, context: WellSeriesContext): QualityFinding[] {
  const spudDate = context.spudDate;
  if (spudDate === null) return [];
  const spud = epochDay(spudDate);
  const { days } = columns;
  const findings: QualityFinding[] = [];
  let run: Run | null = null;
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
      addVolumes(run.volumes, columns, r);
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
    run = { first: day, last: day, count: 1, message, volumes: { oil: 0, gas: 0, water: 0 } };
    addVolumes(run.volumes, columns, r);
  }
  close();
  return findings;
}

interface Run {
  first: number;
  last: number;
  count: number;
  message: string;
  /** The run's rates summed over its days (a rate × one day each). */
  volumes: Record<Stream, number>;
}

function addVolumes(volumes: Record<Stream, number>, columns: WellColumns, r: number): void {
  // A missing rate (NaN) adds nothing.
  volumes.oil += (columns.oil_rate[r] as number) || 0;
  volumes.gas += (columns.gas_rate[r] as number) || 0;
  volumes.water += (columns.water_rate[r] as number) || 0;
}

function finding(run: Run, context: WellSeriesContext): QualityFinding {
  const main = mainStream(run.volumes, context.unitSystem);
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
    severity: BEFORE_SPUD_SEVERITY,
    atStake: volumeAtStake(main.stream, main.rate, context.unitSystem),
  };
}
