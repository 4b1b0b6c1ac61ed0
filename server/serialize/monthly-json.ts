import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  fromStored,
  type ProductionField,
  type Quantity,
  type UnitSystem,
} from '#shared/api/index.js';
import type { RawRow } from '../store/production-repo.js';
import { monthValue, type MonthItem, type MonthRow } from './monthly-sums.js';
import type { JsonBytes } from './json-bytes.js';
import {
  endItem,
  fieldKeys,
  finishSeries,
  startItem,
  startSeries,
  type SeriesHeader,
} from './series-json.js';

/**
 * The monthly series in one pass over raw daily rows, written straight to bytes. It does the
 * very float operations of shared/production/monthly.ts (aggregateMonthly), in the same order,
 * so every value is bit-identical: each mean is the running sum of the month's non-null values
 * from 0 divided by their count; GOR is 1000 × Σgas ÷ Σoil and watercut 100 × Σwater ÷
 * (Σwater + Σoil), over the days where both are present. Only the columns the asked-for fields
 * need are read (GOR needs oil and gas, watercut oil and water). A property test holds the
 * body equal to JSON.stringify of aggregateMonthly's records.
 */

const RATIO_FIELDS: ReadonlySet<ProductionField> = new Set(['gor', 'watercut']);

/** The columns to read for these fields, in the table's order. */
export function monthlyColumns(fields: readonly ProductionField[]): ProductionField[] {
  const needed = new Set(fields.filter((field) => !RATIO_FIELDS.has(field)));
  if (fields.includes('gor')) needed.add('oil_rate').add('gas_rate');
  if (fields.includes('watercut')) needed.add('oil_rate').add('water_rate');
  return PRODUCTION_FIELDS.filter((field) => needed.has(field));
}

/** Where each output field comes from: a mean of column `column`, or one of the two ratios. */
type Output =
  | { kind: 'mean'; column: number; quantity: Quantity }
  | { kind: 'gor' | 'watercut'; quantity: Quantity };

/**
 * The monthly series from a monthly read (server/serialize/monthly-sums.ts). A stored whole month
 * is its stored item: copied whole when every field is asked for in the usual order (the
 * default), else each asked-for field's value text is cut from it. A month the range cuts
 * short is written from its sums, each value the same division of the same sums as in
 * monthlySeriesBody below, and written as JSON.stringify would, as the stored items were. So
 * the bytes are the same (the property test in production-monthly.test.ts holds them so).
 */
export function monthlySumsBody(
  header: SeriesHeader,
  months: readonly MonthItem[],
  fields: readonly ProductionField[],
  system: UnitSystem,
): Buffer {
  const everyField =
    fields.length === PRODUCTION_FIELDS.length &&
    fields.every((f, i) => f === PRODUCTION_FIELDS[i]);
  // Where each asked-for field's value starts in its segment `"field":value` of a stored item.
  const positions = fields.map((field) => PRODUCTION_FIELDS.indexOf(field));
  const skips = fields.map((field) => field.length + 3);
  const keys = fieldKeys(fields);
  // Segment starts of a stored item: 0 is `{"date":…`, field i's is i + 1; one more past the end.
  const starts = new Array<number>(PRODUCTION_FIELDS.length + 2).fill(0);
  const out = startSeries(header, 'monthly');
  for (let item = 0; item < months.length; item++) {
    const m = months[item] as MonthItem;
    const json = m[1];
    if (typeof json === 'string' && everyField) {
      if (item > 0) out.byte(COMMA);
      out.text(json);
      continue;
    }
    startItem(out, item, `${m[0]}-01`, keys);
    if (typeof json === 'string') {
      let segment = 0;
      for (let i = 0; i < json.length; i++)
        if (json.charCodeAt(i) === COMMA) starts[++segment] = i + 1;
      // The last segment ends before the item's closing brace.
      starts[segment + 1] = json.length;
      for (let i = 0; i < keys.length; i++) {
        const at = (positions[i] as number) + 1;
        out.raw(keys[i] as Uint8Array);
        out.asciiSlice(
          json,
          (starts[at] as number) + (skips[i] as number),
          (starts[at + 1] as number) - 1,
        );
      }
    } else {
      for (let i = 0; i < keys.length; i++) {
        out.raw(keys[i] as Uint8Array);
        out.numberOrNull(monthValue(m as MonthRow, fields[i] as ProductionField, system));
      }
    }
    endItem(out);
  }
  return finishSeries(out);
}

const COMMA = 0x2c;

/**
 * The same body from raw daily rows in one pass: the reference the stored sums are tested
 * against (and what a month's sums reproduce).
 */
export function monthlySeriesBody(
  header: SeriesHeader,
  rows: readonly RawRow[],
  columns: readonly ProductionField[],
  fields: readonly ProductionField[],
  system: UnitSystem,
): Buffer {
  // Row positions: the date is at 0, column c at c + 1.
  const at = (field: ProductionField) => columns.indexOf(field) + 1;
  const outputs: Output[] = fields.map((field) =>
    field === 'gor' || field === 'watercut'
      ? { kind: field, quantity: FIELD_RULES[field].quantity }
      : { kind: 'mean', column: at(field), quantity: FIELD_RULES[field].quantity },
  );
  const month = new MonthSums(columns.length + 1, at('oil_rate'), at('gas_rate'), at('water_rate'));
  const keys = fieldKeys(fields);
  const out = startSeries(header, 'monthly');
  let start = 0;
  for (let item = 0; start < rows.length; item++) {
    const prefix = (rows[start] as RawRow)[0].slice(0, 7);
    let end = start + 1;
    while (end < rows.length && (rows[end] as RawRow)[0].startsWith(prefix)) end++;
    month.add(rows, start, end);
    startItem(out, item, `${prefix}-01`, keys);
    writeMonth(out, month, outputs, keys, system);
    endItem(out);
    start = end;
  }
  return finishSeries(out);
}

function writeMonth(
  out: JsonBytes,
  month: MonthSums,
  outputs: readonly Output[],
  keys: readonly Uint8Array[],
  system: UnitSystem,
): void {
  for (let i = 0; i < outputs.length; i++) {
    const output = outputs[i] as Output;
    const value =
      output.kind === 'mean'
        ? month.mean(output.column)
        : output.kind === 'gor'
          ? month.gor()
          : month.watercut();
    out.raw(keys[i] as Uint8Array);
    out.numberOrNull(value === null ? null : fromStored(output.quantity, value, system));
  }
}

/** One month's running sums, reused month after month. */
class MonthSums {
  private readonly sums: number[];
  private readonly counts: number[];
  private gorGas = 0;
  private gorOil = 0;
  private gorDays = 0;
  private cutWater = 0;
  private cutOil = 0;
  private cutDays = 0;

  /** Positions in a row; 0 where the column is not read (position 0 is the date). */
  constructor(
    private readonly width: number,
    private readonly oil: number,
    private readonly gas: number,
    private readonly water: number,
  ) {
    this.sums = new Array<number>(width).fill(0);
    this.counts = new Array<number>(width).fill(0);
  }

  add(rows: readonly RawRow[], start: number, end: number): void {
    const { sums, counts, width, oil, gas, water } = this;
    sums.fill(0);
    counts.fill(0);
    this.gorGas = this.gorOil = this.gorDays = 0;
    this.cutWater = this.cutOil = this.cutDays = 0;
    for (let r = start; r < end; r++) {
      const row = rows[r] as RawRow;
      for (let c = 1; c < width; c++) {
        const value = row[c] as number | null | undefined;
        if (value !== null && value !== undefined) {
          sums[c] = (sums[c] as number) + value;
          counts[c] = (counts[c] as number) + 1;
        }
      }
      const oilRate = oil > 0 ? (row[oil] as number | null) : null;
      if (oilRate === null || oilRate === undefined) continue;
      const gasRate = gas > 0 ? (row[gas] as number | null) : null;
      if (gasRate !== null && gasRate !== undefined) {
        this.gorGas += gasRate;
        this.gorOil += oilRate;
        this.gorDays++;
      }
      const waterRate = water > 0 ? (row[water] as number | null) : null;
      if (waterRate !== null && waterRate !== undefined) {
        this.cutWater += waterRate;
        this.cutOil += oilRate;
        this.cutDays++;
      }
    }
  }

  mean(column: number): number | null {
    const count = this.counts[column] as number;
    return count === 0 ? null : (this.sums[column] as number) / count;
  }

  gor(): number | null {
    return this.gorDays === 0 || this.gorOil === 0 ? null : (1000 * this.gorGas) / this.gorOil;
  }

  watercut(): number | null {
    const total = this.cutWater + this.cutOil;
    return this.cutDays === 0 || total === 0 ? null : (100 * this.cutWater) / total;
  }
}
