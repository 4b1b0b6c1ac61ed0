/**
 * The mock's reading of request bodies, as strict as the published schema
 * lets a service be (api-evangelist/tachyus, openapi/…): a member it does not
 * name is refused, a number or string member refuses `null` (except in a
 * PATCH, where the mock reads `null` as "clear", unless told not to), a
 * created project needs all four members the schema requires.
 */

export class RequestProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function refuse(message: string): never {
  throw new RequestProblem(400, 'VALIDATION_ERROR', message);
}

type Kind = 'string' | 'number' | 'date' | 'perf';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkValue(where: string, kind: Kind, value: unknown): void {
  if (kind === 'perf') {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      refuse(`${where} must be an object`);
    for (const [member, inner] of Object.entries(value)) {
      if (member !== 'topMd' && member !== 'bottomMd') refuse(`${where}.${member} is not allowed`);
      checkValue(`${where}.${member}`, 'number', inner);
    }
    return;
  }
  if (kind === 'number' && (typeof value !== 'number' || !Number.isFinite(value)))
    refuse(`${where} must be a number`);
  if ((kind === 'string' || kind === 'date') && typeof value !== 'string')
    refuse(`${where} must be a string`);
  if (kind === 'date' && !DATE.test(value as string)) refuse(`${where} must be a date`);
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    refuse('the body must be a JSON object');
  return body as Record<string, unknown>;
}

/** The members given, checked against `members`; `null` only where `nullClears`. */
export function readMembers(
  body: unknown,
  members: Readonly<Record<string, Kind>>,
  nullClears: boolean,
): Record<string, unknown> {
  const object = objectBody(body);
  for (const [member, value] of Object.entries(object)) {
    const kind = members[member];
    if (kind === undefined) refuse(`${member} is not a member of this request`);
    if (value === null && nullClears) continue;
    checkValue(member, kind, value);
  }
  return object;
}

export const PROJECT_CREATE = {
  name: 'string',
  description: 'string',
  timezone: 'string',
  unitSystem: 'string',
} as const;
export const PROJECT_PATCH = {
  name: 'string',
  description: 'string',
  unitSystem: 'string',
} as const;
export const WELL_INPUT = {
  name: 'string',
  apiNumber: 'string',
  type: 'string',
  status: 'string',
  latitude: 'number',
  longitude: 'number',
  spudDate: 'date',
  lateralLength: 'number',
  perfInterval: 'perf',
} as const;

export function requireMembers(body: Record<string, unknown>, members: readonly string[]): void {
  for (const member of members) if (!(member in body)) refuse(`${member} is required`);
}

export const RECORD_FIELDS = [
  'oil_rate',
  'water_rate',
  'gas_rate',
  'bhp',
  'thp',
  'choke_size',
  'runtime',
  'gor',
  'watercut',
] as const;
export type Record9 = { date: string } & Partial<Record<(typeof RECORD_FIELDS)[number], number>>;

/** `{records: [...]}`: each a date and numbers, no null, at most `max` of them. */
export function readRecords(body: unknown, max: number): Record9[] {
  const object = objectBody(body);
  const records = object.records;
  if (!Array.isArray(records)) refuse('records must be an array');
  if (Object.keys(object).length !== 1) refuse('only records is allowed');
  if (records.length > max) {
    throw new RequestProblem(
      413,
      'PAYLOAD_TOO_LARGE',
      `${records.length} records in one request; use the CSV import for thousands`,
    );
  }
  const kinds: Record<string, Kind> = { date: 'date' };
  for (const field of RECORD_FIELDS) kinds[field] = 'number';
  return records.map((record, index) => {
    const read = readMembers(record, kinds, false);
    if (typeof read.date !== 'string') refuse(`records[${index}].date is required`);
    return read as Record9;
  });
}
