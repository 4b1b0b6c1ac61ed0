import { RECORD_FIELDS, RequestProblem } from './requests.js';

/**
 * The query parameters each published operation names (api-evangelist/tachyus,
 * openapi/…), with the values its schema allows. The schema does not say what a
 * service does with a parameter it does not name; the mock refuses it, as strict
 * as the schema lets a service be, so a client that depends on one fails here.
 */

type Check = (value: string) => string | null;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date: Check = (value) => (DATE.test(value) ? null : 'must be a date (YYYY-MM-DD)');
const text: Check = () => null;
const positiveInteger: Check = (value) =>
  /^[1-9]\d*$/.test(value) ? null : 'must be a positive integer';
const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    allowed.includes(value) ? null : `must be one of ${allowed.join(', ')}`;
/** "Comma-separated list of fields to return": the record's members, `date` among them. */
const fieldList: Check = (value) => {
  const known: readonly string[] = ['date', ...RECORD_FIELDS];
  const unknown = value.split(',').filter((field) => !known.includes(field));
  return unknown.length === 0
    ? null
    : `names fields the record does not have: ${unknown.join(', ')}`;
};

export const LIST_PROJECTS = { limit: positiveInteger, cursor: text };
export const LIST_WELLS = {
  limit: positiveInteger,
  cursor: text,
  type: oneOf('producer', 'injector', 'observer', 'swd'),
  status: oneOf('active', 'inactive', 'shut_in'),
  search: text,
};
export const GET_PRODUCTION = {
  from: date,
  to: date,
  fields: fieldList,
  aggregation: oneOf('daily', 'monthly'),
};
export const DELETE_PRODUCTION = { from: date, to: date };
/** Every other operation names no query parameter. */
export const NO_PARAMETERS = {};

/** Refuses (400) a parameter the operation does not name, or a value its schema does not allow. */
export function checkQuery(url: URL, parameters: Readonly<Record<string, Check>>): void {
  for (const [name, value] of url.searchParams) {
    const check = parameters[name];
    if (check === undefined) {
      throw new RequestProblem(
        400,
        'VALIDATION_ERROR',
        `${name} is not a parameter of this request`,
      );
    }
    const problem = check(value);
    if (problem !== null) throw new RequestProblem(400, 'VALIDATION_ERROR', `${name} ${problem}`);
  }
}
