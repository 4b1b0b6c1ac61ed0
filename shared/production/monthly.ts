import { PRODUCTION_FIELDS, type ProductionField, type ProductionRecord } from '../api/index.js';

/** Fields whose monthly value is the mean of the month's non-null daily values. */
const MEAN_FIELDS = [
  'oil_rate',
  'water_rate',
  'gas_rate',
  'bhp',
  'thp',
  'choke_size',
  'runtime',
] as const satisfies readonly ProductionField[];

export type MonthlyRecord = ProductionRecord;

/**
 * Monthly aggregation with exactly the API's semantics (docs/api-decisions.md):
 * one item per calendar month that has at least one daily record, dated the
 * month's first day; rates, pressures, choke and runtime are the mean of the
 * non-null daily values (a rate stays a rate); GOR is 1000 × Σgas ÷ Σoil and
 * watercut 100 × Σwater ÷ (Σwater + Σoil), each over the days where both are
 * present, null when the denominator is 0 or nothing was reported.
 *
 * The input is daily records in ascending date order, in any one unit system:
 * every formula is linear in the units, so the result is in the same system.
 * The server and the desktop core both call this, so they always agree.
 */
export function aggregateMonthly(daily: readonly ProductionRecord[]): MonthlyRecord[] {
  const months: MonthlyRecord[] = [];
  let start = 0;
  while (start < daily.length) {
    const month = (daily[start] as ProductionRecord).date.slice(0, 7);
    let end = start + 1;
    while (end < daily.length && (daily[end] as ProductionRecord).date.startsWith(month)) end++;
    months.push(aggregateOneMonth(`${month}-01`, daily, start, end));
    start = end;
  }
  return months;
}

function aggregateOneMonth(
  date: string,
  daily: readonly ProductionRecord[],
  start: number,
  end: number,
): MonthlyRecord {
  const sums = new Array<number>(MEAN_FIELDS.length).fill(0);
  const counts = new Array<number>(MEAN_FIELDS.length).fill(0);
  let gorGas = 0;
  let gorOil = 0;
  let gorDays = 0;
  let cutWater = 0;
  let cutOil = 0;
  let cutDays = 0;
  for (let i = start; i < end; i++) {
    const day = daily[i] as ProductionRecord;
    for (let f = 0; f < MEAN_FIELDS.length; f++) {
      const value = day[MEAN_FIELDS[f] as ProductionField];
      if (value !== null && value !== undefined) {
        sums[f] = (sums[f] as number) + value;
        counts[f] = (counts[f] as number) + 1;
      }
    }
    const { oil_rate: oil, gas_rate: gas, water_rate: water } = day;
    if (oil != null && gas != null) {
      gorGas += gas;
      gorOil += oil;
      gorDays++;
    }
    if (oil != null && water != null) {
      cutWater += water;
      cutOil += oil;
      cutDays++;
    }
  }
  const record = { date } as MonthlyRecord;
  MEAN_FIELDS.forEach((field, f) => {
    const count = counts[f] as number;
    record[field] = count === 0 ? null : (sums[f] as number) / count;
  });
  record.gor = gorDays === 0 || gorOil === 0 ? null : (1000 * gorGas) / gorOil;
  record.watercut =
    cutDays === 0 || cutWater + cutOil === 0 ? null : (100 * cutWater) / (cutWater + cutOil);
  return record;
}

/** An empty daily record: every field null. */
export function emptyRecord(date: string): ProductionRecord {
  const record = { date } as ProductionRecord;
  for (const field of PRODUCTION_FIELDS) record[field] = null;
  return record;
}
