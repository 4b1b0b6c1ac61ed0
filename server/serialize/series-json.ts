import {
  FIELD_RULES,
  PRODUCTION_FIELDS,
  fromStored,
  type ProductionField,
  type ProductionSeries,
  type Quantity,
  type UnitSystem,
} from '#shared/api/index.js';
import type { FastifyReply } from 'fastify';
import { PACKED_WIDTH, type PackedMonth } from './monthly-sums.js';
import type { RawRow } from '../store/production-repo.js';
import {
  JsonBytes,
  MAX_NUMBER_BYTES,
  WORDS_OVERSHOOT,
  asciiWords,
  bytes,
  type AsciiWords,
} from './json-bytes.js';

export type SeriesHeader = Omit<ProductionSeries, 'data' | 'aggregation'>;

/** One writer for every series body: each is built synchronously, start to finish. */
const writer = new JsonBytes();
const DATE_KEY = bytes('{"date":');
const ROW_END = 0x7d; // }
const COMMA = 0x2c;

/** `make` of each field's `,"field":`, made once per field. */
function perField<T>(make: (key: string) => T): (field: ProductionField) => T {
  const made = new Map<ProductionField, T>();
  return (field) => {
    let key = made.get(field);
    if (key === undefined) {
      key = make(`,${JSON.stringify(field)}:`);
      made.set(field, key);
    }
    return key;
  };
}

/** `,"field":` for each field, encoded once. */
const keyBytes = perField(bytes);

/** What one row can take at most, reserved once per row. */
export function rowBound(keys: readonly Uint8Array[], date: string): number {
  let bound = DATE_KEY.length + date.length * 3 + 4;
  for (const key of keys) bound += key.length + MAX_NUMBER_BYTES;
  return bound;
}

/**
 * The body's head and the writer ready for the rows: everything before the first item, as
 * JSON.stringify orders a ProductionSeries (wellId, from, to, aggregation, fields, data).
 */
export function startSeries(header: SeriesHeader, aggregation: 'daily' | 'monthly'): JsonBytes {
  const { wellId, from, to, fields } = header;
  writer.start();
  writer.text(JSON.stringify({ wellId, from, to, aggregation, fields }).slice(0, -1));
  writer.text(',"data":[');
  return writer;
}

/** Begins item `index` of a series: its separator, `{"date":` and the quoted date. */
export function startItem(
  out: JsonBytes,
  index: number,
  date: string,
  keys: readonly Uint8Array[],
): void {
  out.reserve(rowBound(keys, date));
  if (index > 0) out.byte(COMMA);
  out.raw(DATE_KEY);
  out.plainString(date);
}

export function endItem(out: JsonBytes): void {
  out.byte(ROW_END);
}

export function finishSeries(out: JsonBytes): Buffer {
  out.text(']}');
  return out.finish();
}

export function fieldKeys(fields: readonly ProductionField[]): Uint8Array[] {
  return fields.map(keyBytes);
}

/** `,"field":` for each field as words (JsonBytes.words), made once. */
const keyWords = perField(asciiWords);

/**
 * The daily series response written straight from raw rows `[date, ...fields]` to UTF-8
 * bytes: no object per row and no string per value. Byte-identical to JSON.stringify of the
 * object form (property-tested), which is what the contract tests compare.
 */
export function dailySeriesBody(
  header: SeriesHeader,
  rows: readonly RawRow[],
  fields: readonly ProductionField[],
  system: UnitSystem,
): Buffer {
  const quantities = fields.map((field) => FIELD_RULES[field].quantity as Quantity);
  const keys = fieldKeys(fields);
  const out = startSeries(header, 'daily');
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as RawRow;
    startItem(out, r, row[0], keys);
    for (let i = 0; i < keys.length; i++) {
      out.raw(keys[i] as Uint8Array);
      const value = row[i + 1] as number | null | undefined;
      out.numberOrNull(
        value === null || value === undefined
          ? null
          : system === 'imperial'
            ? value
            : fromStored(quantities[i] as Quantity, value, system),
      );
    }
    endItem(out);
  }
  return finishSeries(out);
}

/**
 * The same daily body from a well's packed months (server/serialize/monthly-sums.ts, `packDays`):
 * the months holding `from`..`to`, ascending, each `[month, packed]`. The days outside the
 * range (in the first and last month) are skipped; every value is the stored double, so the
 * bytes are those of dailySeriesBody over the rows (property-tested).
 */
export function packedDailyBody(
  header: SeriesHeader,
  months: readonly PackedMonth[],
  fields: readonly ProductionField[],
  system: UnitSystem,
): Buffer {
  const quantities = fields.map((field) => FIELD_RULES[field].quantity as Quantity);
  // Each field's index within a packed row (the day of the month is at 0).
  const offsets = fields.map((field) => PRODUCTION_FIELDS.indexOf(field) + 1);
  const keys = fields.map(keyWords);
  // A row's fields at most: each key (and what its last word may put past it) and value.
  let fieldsBound = 0;
  for (const key of keys) fieldsBound += key.length + WORDS_OVERSHOOT + MAX_NUMBER_BYTES;
  const imperial = system === 'imperial';
  const first = header.from.slice(0, 7);
  const last = header.to.slice(0, 7);
  const fromDay = Number(header.from.slice(8, 10));
  const toDay = Number(header.to.slice(8, 10));
  const out = startSeries(header, 'daily');
  let item = 0;
  for (const [month, packed] of months) {
    const low = month === first ? fromDay : 1;
    const high = month === last ? toDay : 31;
    const doubles = asDoubles(packed);
    // `{"date":"YYYY-MM-`: the day's digits follow.
    const dateStart = asciiWords(`{"date":"${month}-`);
    // `,`, the date to its closing quote, the fields, `}`.
    const bound = 1 + dateStart.length + WORDS_OVERSHOOT + 3 + fieldsBound + 1;
    for (let at = 0; at < doubles.length; at += PACKED_WIDTH) {
      const day = doubles[at] as number;
      if (day < low) continue;
      if (day > high) break;
      out.reserve(bound);
      if (item++ > 0) out.byte(COMMA);
      out.words(dateStart);
      out.dayOfMonth(day);
      for (let i = 0; i < keys.length; i++) {
        out.words(keys[i] as AsciiWords);
        const value = doubles[at + (offsets[i] as number)] as number;
        if (value !== value)
          out.numberOrNull(null); // NaN: null
        else if (imperial) out.hundredthsOrNumber(value);
        else out.numberOrNull(fromStored(quantities[i] as Quantity, value, system));
      }
      out.byte(ROW_END);
    }
  }
  return finishSeries(out);
}

/**
 * The packed doubles as a typed array: a view when the bytes are 8-byte aligned, else a copy.
 * The packing is little-endian (writeDoubleLE), as a Float64Array reads on the little-endian
 * machines this server runs on (x86-64, arm64); elsewhere each double is read as LE.
 */
function asDoubles(packed: Buffer): Float64Array {
  const count = packed.length / 8;
  if (!LITTLE_ENDIAN) {
    const doubles = new Float64Array(count);
    for (let i = 0; i < count; i++) doubles[i] = packed.readDoubleLE(i * 8);
    return doubles;
  }
  if (packed.byteOffset % 8 === 0) return new Float64Array(packed.buffer, packed.byteOffset, count);
  return new Float64Array(
    packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.length),
  );
}

const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;

/** The same body as text, for callers that want a string. */
export function dailySeriesJson(
  header: SeriesHeader,
  rows: readonly RawRow[],
  fields: readonly ProductionField[],
  system: UnitSystem,
): string {
  return dailySeriesBody(header, rows, fields, system).toString('utf8');
}

/**
 * Sends a JSON body built ahead (and cached) as it is: Fastify passes a Buffer through
 * untouched, so it is never parsed, serialised or encoded again. Takes the plain reply type,
 * since the route's schema types its replies as the object these bytes spell.
 */
export function sendJsonBody(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
