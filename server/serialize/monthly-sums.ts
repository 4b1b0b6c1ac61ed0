import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  fromStored,
  type ProductionField,
  type UnitSystem,
} from '#shared/api/index.js';
import { daysInMonth, epochDay, isoFromEpochDay } from '#shared/dates/iso-day.js';
import type { RawRow } from '../store/production-repo.js';

/**
 * Each month's running sums of a well's daily rows, as the monthly response needs them: the
 * table `production_monthly` holds one row per well and month that has any daily row, rewritten
 * (from the daily rows, in date order) for every month a write touches, inside the write's
 * transaction, on both engines. Rewriting from the rows rather than adding a delta keeps each
 * sum the very float the raw-row aggregation makes (server/serialize/monthly-json.ts: a running
 * sum from 0 in date order), so a response built from the stored sums is byte-identical.
 * Sums are computed here in JS on both engines: SQLite's sum() is compensated (other last
 * bits) and PostgreSQL's float8 sum raises an error where JS overflows to Infinity.
 */

/** The fields whose monthly value is a mean: every field but the two ratios. */
export const SUMMED_FIELDS: readonly ProductionField[] = PRODUCTION_FIELDS.filter(
  (field) => field !== 'gor' && field !== 'watercut',
);

/** A month's stored columns after `well_seq, month`, in the table's order. */
export const MONTH_COLUMNS: readonly string[] = [
  'days',
  ...SUMMED_FIELDS.flatMap((field) => [`${field}_sum`, `${field}_n`]),
  'gor_gas',
  'gor_oil',
  'gor_n',
  'cut_water',
  'cut_oil',
  'cut_n',
];

/**
 * `[month 'YYYY-MM', days, (sum, count) per summed field, gorGas, gorOil, gorDays, cutWater,
 * cutOil, cutDays]`: GOR's terms over the days with oil and gas both present, watercut's over
 * the days with oil and water both present.
 */
export type MonthRow = [string, ...number[]];

export const MONTH_ROW_WIDTH = 1 + MONTH_COLUMNS.length;
export const DAYS_AT = 1;
export const sumAt = (summed: number) => 2 + 2 * summed;
export const countAt = (summed: number) => 3 + 2 * summed;
const RATIOS_AT = 2 + 2 * SUMMED_FIELDS.length;
export const GOR_GAS_AT = RATIOS_AT;
export const GOR_OIL_AT = RATIOS_AT + 1;
export const GOR_DAYS_AT = RATIOS_AT + 2;
export const CUT_WATER_AT = RATIOS_AT + 3;
export const CUT_OIL_AT = RATIOS_AT + 4;
export const CUT_DAYS_AT = RATIOS_AT + 5;

/**
 * Besides the sums, each stored month keeps its item of the monthly response with every field
 * in PRODUCTION_FIELDS order, as the response writes it, in each unit system (`imperial_json`,
 * `metric_json`: `{"date":"YYYY-MM-01","oil_rate":…,…,"watercut":…}`), made from the sums
 * when the month is written. A read of whole months then copies text instead of formatting
 * numbers: a month's mean is rarely a short decimal, and String() of 20 years' 2,160 values
 * cost more than the rest of the request. Made from the sums by monthValue, as a month summed
 * at read time is written, so they agree; a change of the conversion factors
 * (shared/api/units.ts) or of the field list would need a migration that rewrites them.
 */
export const JSON_COLUMNS = ['imperial_json', 'metric_json'] as const;

/** Every stored column of production_monthly after `well_seq, month`, in the table's order. */
export const STORED_COLUMNS: readonly string[] = [...MONTH_COLUMNS, ...JSON_COLUMNS];

/** A whole month as read for a response: its 'YYYY-MM' and its stored item in one system. */
export type StoredMonth = [month: string, json: string];

/** What a monthly read returns: sums for a month summed now, text for a stored month. */
export type MonthItem = MonthRow | StoredMonth;

/** One field's monthly value in `system`, from a month's sums (as the raw-row aggregation). */
export function monthValue(
  month: MonthRow,
  field: ProductionField,
  system: UnitSystem,
): number | null {
  const n = month as unknown as number[];
  let value: number | null;
  if (field === 'gor') {
    const oil = n[GOR_OIL_AT] as number;
    value = n[GOR_DAYS_AT] === 0 || oil === 0 ? null : (1000 * (n[GOR_GAS_AT] as number)) / oil;
  } else if (field === 'watercut') {
    const water = n[CUT_WATER_AT] as number;
    const total = water + (n[CUT_OIL_AT] as number);
    value = n[CUT_DAYS_AT] === 0 || total === 0 ? null : (100 * water) / total;
  } else {
    const summed = SUMMED_FIELDS.indexOf(field);
    const count = n[countAt(summed)] as number;
    value = count === 0 ? null : (n[sumAt(summed)] as number) / count;
  }
  return value === null ? null : fromStored(FIELD_RULES[field].quantity, value, system);
}

/** A month's stored item in `system`: what JSON.stringify writes of the response's item. */
export function monthItemJson(month: MonthRow, system: UnitSystem): string {
  const item: Record<string, unknown> = { date: `${month[0]}-01` };
  for (const field of PRODUCTION_FIELDS) item[field] = monthValue(month, field, system);
  return JSON.stringify(item);
}

/**
 * Each stored month also keeps its daily rows packed, in the table `production_days` (one row
 * per well and month, `days_packed`, written with the month's sums): per row, in date order,
 * ten little-endian doubles, the day of the month then the nine fields in PRODUCTION_FIELDS
 * order, NaN for null (no stored value is NaN). A daily read then fetches a row per month
 * and reads doubles from a buffer instead of having the driver make a JS number per value
 * and an array per row, which was most of an uncached daily read (docs/benchmarks.md, "Design notes").
 * The doubles are the stored ones bit for bit, so the body is the same. They have a table of
 * their own because a month's ~2.4 KB of packed days in the sums' row spread those rows over
 * many more pages: a monthly read of 20 years walked 80-odd pages instead of about 20.
 */
export const PACKED_WIDTH = 1 + PRODUCTION_FIELDS.length;
export const PACKED_ROW_BYTES = PACKED_WIDTH * 8;

/** A month's packed days as a daily read returns them. */
export type PackedMonth = [month: string, packed: Buffer];

/** One month's daily rows `[date, ...PRODUCTION_FIELDS]` (all in that month), packed. */
export function packDays(rows: readonly RawRow[], start: number, end: number): Buffer {
  const doubles = new Float64Array((end - start) * PACKED_WIDTH);
  let at = 0;
  for (let r = start; r < end; r++) {
    const row = rows[r] as RawRow;
    doubles[at++] = Number(row[0].slice(8, 10));
    for (let i = 1; i < PACKED_WIDTH; i++) {
      const value = row[i] as number | null | undefined;
      doubles[at++] = value === null || value === undefined ? NaN : value;
    }
  }
  const packed = Buffer.from(doubles.buffer, doubles.byteOffset, doubles.byteLength);
  // A Float64Array is in the machine's order; the packing is little-endian everywhere.
  if (!LITTLE_ENDIAN)
    for (let i = 0; i < doubles.length; i++) packed.writeDoubleLE(doubles[i] as number, i * 8);
  return packed;
}

const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/** What is stored for one month: its production_monthly row and its packed days. */
export interface StoredMonthRows {
  /** 'YYYY-MM', then STORED_COLUMNS in order. */
  columns: Array<string | number>;
  packed: Buffer;
}

/**
 * The rows to store for the months of `rows` (daily rows `[date, ...PRODUCTION_FIELDS]`,
 * ascending): per month its 'YYYY-MM', sums and item in each system, and its packed days.
 */
export function storedMonths(rows: readonly RawRow[]): StoredMonthRows[] {
  const out: StoredMonthRows[] = [];
  let start = 0;
  for (const month of sumMonths(rows)) {
    const end = start + (month[DAYS_AT] as number);
    out.push({
      columns: [...month, monthItemJson(month, 'imperial'), monthItemJson(month, 'metric')],
      packed: packDays(rows, start, end),
    });
    start = end;
  }
  return out;
}

// Positions of the three rates in a daily row read as [date, ...SUMMED_FIELDS].
const OIL = 1 + SUMMED_FIELDS.indexOf('oil_rate');
const WATER = 1 + SUMMED_FIELDS.indexOf('water_rate');
const GAS = 1 + SUMMED_FIELDS.indexOf('gas_rate');

/**
 * Appends to `out` one MonthRow per month of `rows` (daily rows `[date, ...SUMMED_FIELDS]`,
 * ascending), adding in date order from 0 as the raw-row aggregation does.
 */
export function sumMonths(rows: readonly RawRow[]): MonthRow[];
export function sumMonths(rows: readonly RawRow[], out: MonthItem[]): MonthItem[];
export function sumMonths(rows: readonly RawRow[], out: MonthItem[] = []): MonthItem[] {
  const fields = SUMMED_FIELDS.length;
  // The month being summed, its columns at their MonthRow positions (position 0 unused).
  let m: number[] = [];
  let prefix = '';
  const flush = () => {
    if (prefix !== '') out.push([prefix, ...m.slice(1)]);
  };
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as RawRow;
    const date = row[0];
    if (prefix === '' || !date.startsWith(prefix)) {
      flush();
      prefix = date.slice(0, 7);
      m = new Array<number>(MONTH_ROW_WIDTH).fill(0);
    }
    m[DAYS_AT] = (m[DAYS_AT] as number) + 1;
    for (let i = 0; i < fields; i++) {
      const value = row[i + 1] as number | null | undefined;
      if (value !== null && value !== undefined) {
        m[2 + 2 * i] = (m[2 + 2 * i] as number) + value;
        m[3 + 2 * i] = (m[3 + 2 * i] as number) + 1;
      }
    }
    const oil = row[OIL] as number | null | undefined;
    if (oil === null || oil === undefined) continue;
    const gas = row[GAS] as number | null | undefined;
    if (gas !== null && gas !== undefined) {
      m[GOR_GAS_AT] = (m[GOR_GAS_AT] as number) + gas;
      m[GOR_OIL_AT] = (m[GOR_OIL_AT] as number) + oil;
      m[GOR_DAYS_AT] = (m[GOR_DAYS_AT] as number) + 1;
    }
    const water = row[WATER] as number | null | undefined;
    if (water !== null && water !== undefined) {
      m[CUT_WATER_AT] = (m[CUT_WATER_AT] as number) + water;
      m[CUT_OIL_AT] = (m[CUT_OIL_AT] as number) + oil;
      m[CUT_DAYS_AT] = (m[CUT_DAYS_AT] as number) + 1;
    }
  }
  flush();
  return out;
}

/**
 * How a monthly read of `from..to` splits: whole months come from the stored sums, and a month
 * the range cuts short at either end from its daily rows within the range (its days outside
 * the range do not count, as in the raw-row aggregation).
 */
export interface MonthSplit {
  /** Daily rows to sum before the whole months, or null. */
  head: [string, string] | null;
  /** The whole months, first and last 'YYYY-MM', or null when there are none. */
  months: [string, string] | null;
  /** Daily rows to sum after the whole months, or null. */
  tail: [string, string] | null;
}

export function monthSplit(from: string, to: string): MonthSplit {
  const fromDay = epochDay(from);
  const toDay = epochDay(to);
  // The first day of the first whole month, and the last day of the last one (as day numbers,
  // so a month past year 9999 compares correctly).
  const fullFrom = from.endsWith('-01') ? fromDay : fromDay + monthLength(from) - dayOf(from) + 1;
  const fullTo = dayOf(to) === monthLength(to) ? toDay : toDay - dayOf(to);
  if (fullFrom > fullTo) return { head: [from, to], months: null, tail: null };
  const first = isoFromEpochDay(fullFrom);
  const last = isoFromEpochDay(fullTo);
  return {
    head: fromDay < fullFrom ? [from, isoFromEpochDay(fullFrom - 1)] : null,
    months: [first.slice(0, 7), last.slice(0, 7)],
    tail: fullTo < toDay ? [isoFromEpochDay(fullTo + 1), to] : null,
  };
}

function dayOf(iso: string): number {
  return Number(iso.slice(8, 10));
}

function monthLength(iso: string): number {
  return daysInMonth(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)));
}

/**
 * The daily rows of the months holding `first`..`last` (dates or 'YYYY-MM'): every valid date
 * sorts in between.
 */
export function monthBounds(first: string, last: string): [string, string] {
  return [`${first.slice(0, 7)}-01`, `${last.slice(0, 7)}-31`];
}
