import { isCalendarDate } from './primitives.js';
import { FIELD_RULES, isProductionField } from './production-fields.js';
import { MAX_RECORDS_PER_POST, type ProductionIngest } from './production.js';
import { convertsFinitely } from './units.js';

/**
 * A quick yes/no check of a production ingest body that accepts exactly what
 * `productionIngestSchema` accepts (a property test holds them equal). Valid bodies —
 * the common case, often 10,000 records — skip zod's per-issue bookkeeping; anything
 * this refuses is re-checked with the schema to build the error details.
 */
export function isValidIngestFast(body: unknown): body is ProductionIngest {
  if (!isPlainObject(body)) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'records') return false;
  const records = (body as { records: unknown }).records;
  if (!Array.isArray(records) || records.length === 0 || records.length > MAX_RECORDS_PER_POST) {
    return false;
  }
  const dates = new Set<string>();
  for (const record of records) {
    if (!isPlainObject(record)) return false;
    let hasDate = false;
    for (const key in record) {
      const value = record[key];
      if (key === 'date') {
        if (typeof value !== 'string' || !isCalendarDate(value) || dates.has(value)) return false;
        dates.add(value);
        hasDate = true;
      } else if (!isProductionField(key)) {
        return false;
      } else if (value !== null && value !== undefined) {
        const rule = FIELD_RULES[key];
        if (typeof value !== 'number' || !Number.isFinite(value)) return false;
        if (value < rule.min || value > rule.max) return false;
        if (!convertsFinitely(rule.quantity, value)) return false;
      }
    }
    if (!hasDate) return false;
  }
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
