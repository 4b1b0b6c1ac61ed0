import {
  FIELD_RULES,
  fieldValueProblem,
  isCalendarDate,
  PRODUCTION_FIELDS,
  type ProductionField,
} from '../api/index.js';

/**
 * Why a CSV row cannot be imported. Value rules are the API's own
 * (`fieldValueProblem`, the function the server validates with), so the
 * importer refuses exactly what the server would.
 */
export const ROW_PROBLEM_CODES = [
  'not-a-number',
  'negative',
  'above-maximum',
  'too-large',
  'missing-date',
  'unparseable-date',
  'duplicate-date',
  'missing-well',
  'extra-cells',
] as const;
export type RowProblemCode = (typeof ROW_PROBLEM_CODES)[number];

export interface RowProblem {
  code: RowProblemCode;
  /** A sentence naming the column, the field, the value and the rule. */
  message: string;
  /** 0-based index of the column, when one cell is at fault. */
  column?: number;
  field?: ProductionField | 'date' | 'well';
  /** The cell as written. */
  value?: string;
}

/** The problem of a value (already in the project's units) under the API's rule, or null. */
export function valueProblemCode(
  field: ProductionField,
  value: number,
): { code: RowProblemCode; rule: string } | null {
  const rule = fieldValueProblem(field, value);
  if (rule === null) return null;
  if (!Number.isFinite(value)) return { code: 'not-a-number', rule };
  return { code: value < FIELD_RULES[field].min ? 'negative' : 'above-maximum', rule };
}

/** `Column "Hours On" (runtime): 25 must be between 0 and 24`. */
export function describeCell(header: string, field: string): string {
  return `column "${header}" (${field})`;
}

/**
 * The problems of a record as the API would see it: the same verdict as
 * shared/api's productionRecordInputSchema (a property test holds them equal).
 */
export function recordProblems(
  record: { date: string } & Partial<Record<ProductionField, number | null>>,
): Array<{ field: ProductionField | 'date'; message: string }> {
  const problems: Array<{ field: ProductionField | 'date'; message: string }> = [];
  if (!isCalendarDate(record.date)) {
    problems.push({ field: 'date', message: 'must be a real calendar date written YYYY-MM-DD' });
  }
  for (const field of PRODUCTION_FIELDS) {
    const value = record[field];
    if (value === undefined) continue;
    const problem = fieldValueProblem(field, value);
    if (problem !== null) problems.push({ field, message: problem });
  }
  return problems;
}
