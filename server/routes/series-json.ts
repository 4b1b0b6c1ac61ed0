import {
  FIELD_RULES,
  fromStored,
  type ProductionField,
  type ProductionSeries,
  type Quantity,
  type UnitSystem,
} from '../../shared/api/index.js';
import type { FastifyReply } from 'fastify';
import type { RawRow } from '../store/production-repo.js';

/**
 * The daily series response written straight to JSON text from raw rows: no object per
 * row and no JSON.stringify pass over them. Safe to build by hand because every piece is
 * known: field names are constants, dates and ids are validated strings quoted with
 * JSON.stringify, and finite numbers print the same in JSON as in String().
 * A test holds it byte-identical to JSON.stringify of the object form.
 */
export function dailySeriesJson(
  header: Omit<ProductionSeries, 'data' | 'aggregation'>,
  rows: readonly RawRow[],
  fields: readonly ProductionField[],
  system: UnitSystem,
): string {
  const quantities = fields.map((field) => FIELD_RULES[field].quantity as Quantity);
  const keys = fields.map((field) => `,"${field}":`);
  const parts: string[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as RawRow;
    let item = `{"date":${JSON.stringify(row[0])}`;
    for (let i = 0; i < fields.length; i++) {
      const value = row[i + 1] as number | null | undefined;
      item +=
        keys[i] +
        (value === null || value === undefined
          ? 'null'
          : String(fromStored(quantities[i] as Quantity, value, system)));
    }
    parts[r] = `${item}}`;
  }
  const { wellId, from, to, fields: names } = header;
  const head = JSON.stringify({ wellId, from, to, aggregation: 'daily', fields: names }).slice(
    0,
    -1,
  );
  return `${head},"data":[${parts.join(',')}]}`;
}

/**
 * Sends JSON text built ahead (and cached) as it is: Fastify passes a string through
 * untouched, so it is never parsed or serialised again. Takes the plain reply type, since the
 * route's schema types its replies as the object this text spells.
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
