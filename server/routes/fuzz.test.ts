import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  emptyQuerySchema,
  ERROR_STATUS,
  MAX_ERROR_DETAILS,
  PRODUCTION_FIELDS,
  productionDeleteQuerySchema,
  productionGetQuerySchema,
  productionIngestSchema,
  projectChangesQuerySchema,
  projectCreateSchema,
  projectPatchSchema,
  projectsListQuerySchema,
  wellCreateSchema,
  wellEventsListQuerySchema,
  wellEventWriteSchema,
  wellPatchSchema,
  wellsListQuerySchema,
} from '#shared/api/index.js';
import { guardedRoutes } from './route-contract.js';
import { isolateFixture, type FixtureIsolation } from '../testing/fixture-isolation.js';
import { createHarness, type Harness } from '../testing/harness.js';

/**
 * Property-based fuzzing of every endpoint through the harness. Whatever comes
 * in — any JSON, any query string, any path id, any Content-Type, any
 * credentials — the server:
 *   1. never answers ≥ 500;
 *   2. answers every non-2xx with the envelope {error:{code,message,requestId}},
 *      `requestId` equal to the X-Request-Id header, `code` one of ERROR_STATUS
 *      and the status ERROR_STATUS[code] (details, if any, well formed);
 *   3. changes nothing in projects / project_members / wells / production / events when
 *      it answers an error (a 400 above all: validation is all or nothing).
 * Each request is mostly valid and fuzzed along one axis (body, query, path
 * ids, Content-Type; credentials vary throughout), so the fuzzed part reaches
 * the code behind the checks before it. Every run is rolled back, so each one
 * starts from the same fixture. Besides the properties: bodies too big to
 * generate per run (413), known paths with a method they lack (405) and
 * unknown paths (404), whatever the body.
 */

const API = '/api/v1';
/** FUZZ_RUNS=2000 fuzzes harder; FUZZ_SEED=<seed from a failure> replays it. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
type Method = NonNullable<InjectOptions['method']>;

// ---------------------------------------------------------------- the server

/** The data every run starts from (each run is rolled back, so it never changes). */
interface Fixture {
  projectId: string;
  wellId: string;
  /** Alice's second project (no wells). */
  otherProjectId: string;
  bobProjectId: string;
  bobWellId: string;
  /** Real cursors (projects list, wells list) to fuzz with. */
  cursors: string[];
  tokens: Record<TokenRef, string>;
  /** Puts the resource tables back as the fixture left them after each run. */
  isolation: FixtureIsolation;
}

type TokenRef = 'alice' | 'admin' | 'bob' | 'carolNoScope' | 'aliceReadOnly';

let h: Harness;
let fx: Fixture;

async function setUp(): Promise<void> {
  h = await createHarness();
  const projectId = await h.project({ name: 'Fuzz field' });
  const wellId = await h.well(projectId, { name: 'Fuzz 1H', apiNumber: '42-501-20130-03' });
  await h.well(projectId, { name: 'Fuzz 2H' });
  const ingest = await h.call('POST', `${API}/projects/${projectId}/wells/${wellId}/production`, {
    body: {
      records: [
        { date: '2024-01-01', oil_rate: 100, gas_rate: 250, water_rate: 10 },
        { date: '2024-01-02', oil_rate: 98, runtime: 24, watercut: 9.2 },
        { date: '2024-02-01', oil_rate: 90, bhp: 1500, choke_size: 32 },
      ],
    },
  });
  if (ingest.statusCode !== 200) throw new Error(`fixture ingest failed: ${ingest.body}`);
  const event = await h.call(
    'PUT',
    `${API}/projects/${projectId}/wells/${wellId}/events/evt-fuzz`,
    {
      body: { startDate: '2024-01-05', endDate: '2024-01-09', category: 'Facility', note: 'Fuzz' },
    },
  );
  if (event.statusCode !== 201) throw new Error(`fixture event failed: ${event.body}`);
  const otherProjectId = await h.project({ name: 'Second field' });
  const bobProjectId = await h.project({ name: 'Bob field' }, h.tokens.bob);
  const bobWellId = await h.well(bobProjectId, { name: 'Bob 1H' }, h.tokens.bob);
  const projects = (await h.call('GET', `${API}/projects`, { query: { limit: '1' } })).json();
  const wells = (
    await h.call('GET', `${API}/projects/${projectId}/wells`, { query: { limit: '1' } })
  ).json();
  const cursors = [projects.nextCursor, wells.nextCursor].filter(
    (c): c is string => typeof c === 'string',
  );
  if (cursors.length !== 2)
    throw new Error('fixture: expected a cursor for projects and for wells');
  fx = {
    projectId,
    wellId,
    otherProjectId,
    bobProjectId,
    bobWellId,
    cursors,
    tokens: {
      alice: h.tokens.alice,
      admin: h.tokens.admin,
      bob: h.tokens.bob,
      carolNoScope: await h.token('carol', []),
      aliceReadOnly: await h.token('alice', ['read:projects', 'read:wells', 'read:production']),
    },
    isolation: await isolateFixture(h),
  };
}

async function tearDown(): Promise<void> {
  await h.close();
}

/**
 * Runs one request and puts the fixture back afterwards (server/testing/fixture-isolation.ts:
 * a rolled-back transaction on SQLite, a comparison and rewrite on PostgreSQL), so every run
 * starts from the fixture. `unchanged()` says whether the tables are still as it left them.
 */
function isolated(run: (unchanged: () => Promise<boolean>) => Promise<void>): Promise<void> {
  return fx.isolation.run(run);
}

// ---------------------------------------------------------------- requests

type IdRef =
  | { ref: 'project' | 'well' | 'otherProject' | 'bobProject' | 'bobWell' }
  | {
      ref: 'project' | 'well';
      mutate: 'upper' | 'dropLast' | 'append' | 'double' | 'spaced' | 'encodedAll';
    }
  | { raw: string };

type Auth = { token: TokenRef } | { header: string } | { none: true };

interface FuzzRequest {
  method: Method;
  project: IdRef;
  well: IdRef;
  /** Appended to the path (trailing slash, dot segments…). */
  suffix: string;
  /** Raw query string without the `?`. */
  query: string;
  contentType: string | null;
  body: string | undefined;
  auth: Auth;
}

function resolveId(id: IdRef): string {
  if ('raw' in id) return id.raw;
  const real = {
    project: fx.projectId,
    well: fx.wellId,
    otherProject: fx.otherProjectId,
    bobProject: fx.bobProjectId,
    bobWell: fx.bobWellId,
  }[id.ref];
  if (!('mutate' in id)) return real;
  switch (id.mutate) {
    case 'upper':
      return real.toUpperCase();
    case 'dropLast':
      return real.slice(0, -1);
    case 'append':
      return `${real}x`;
    case 'double':
      return real + real;
    case 'spaced':
      return `%20${real}%20`;
    case 'encodedAll':
      return [...real].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  }
}

async function send(
  endpoint: Endpoint,
  request: FuzzRequest,
  base = API,
): Promise<LightMyRequestResponse> {
  const path =
    base +
    endpoint.path
      .replace('{pid}', resolveId(request.project))
      .replace('{wid}', resolveId(request.well)) +
    request.suffix +
    (request.query === '' ? '' : `?${request.query}`);
  const headers: Record<string, string> = {};
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  const auth = request.auth;
  if ('token' in auth) headers.authorization = `Bearer ${fx.tokens[auth.token]}`;
  else if ('header' in auth) headers.authorization = auth.header;
  return h.call(request.method, path, { token: null, headers, body: request.body });
}

/** Throws (with what was seen) unless the response keeps the three promises above. */
async function checkResponse(
  response: LightMyRequestResponse,
  unchanged: () => Promise<boolean>,
): Promise<void> {
  const status = response.statusCode;
  const seen = () =>
    `status ${status}, headers ${compact(response.headers)}, body ${compact(response.body.slice(0, 400))}`;
  const fail = (why: string): never => {
    throw new Error(`${why}: ${seen()}`);
  };
  if (status >= 500) fail('server error');
  const requestId = response.headers['x-request-id'];
  if (typeof requestId !== 'string' || requestId === '') fail('no X-Request-Id');
  if (status >= 200 && status < 300) {
    if (![200, 201, 204].includes(status)) fail('unexpected success status');
    if (status === 204 && response.body !== '') fail('204 with a body');
    if (status !== 204) {
      try {
        JSON.parse(response.body);
      } catch {
        fail('2xx body is not JSON');
      }
    }
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    fail('error body is not JSON');
  }
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  if (typeof error !== 'object' || error === null) fail('no error envelope');
  const { code, message, requestId: bodyId, details } = error as Record<string, unknown>;
  const extra = Object.keys(body as object).filter((key) => key !== 'error');
  if (extra.length > 0) fail(`members beside error: ${extra.join(', ')}`);
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_STATUS, code))
    fail(`undocumented code ${String(code)}`);
  if (ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== status)
    fail(`status does not match code ${String(code)}`);
  if (typeof message !== 'string' || message === '') fail('no message');
  if (bodyId !== requestId)
    fail(`error.requestId ${String(bodyId)} ≠ X-Request-Id ${String(requestId)}`);
  if (details !== undefined) {
    const ok =
      Array.isArray(details) &&
      details.length >= 1 &&
      details.length <= MAX_ERROR_DETAILS &&
      details.every((d) => typeof d?.path === 'string' && typeof d?.message === 'string');
    if (!ok) fail('malformed details');
  }
  if (status === 401 && !/^Bearer\b/.test(String(response.headers['www-authenticate'] ?? ''))) {
    fail('401 without WWW-Authenticate: Bearer');
  }
  if (status === 405 && typeof response.headers.allow !== 'string') fail('405 without Allow');
  if (!(await unchanged())) fail(`a ${status} changed the database`);
}

/** Long strings shortened, so a counterexample stays readable. */
function compact(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' && v.length > 160
      ? `${v.slice(0, 100)}…(${v.length} chars)…${v.slice(-20)}`
      : v,
  );
}

/** fc.assert, reporting the shrunk counterexample compactly with the seed and path to replay it. */
async function assertProperty<T>(
  arb: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  numRuns = NUM_RUNS,
): Promise<void> {
  await fc.assert(fc.asyncProperty(arb, predicate), {
    numRuns,
    ...(SEED === undefined ? {} : { seed: SEED }),
    reporter: (details) => {
      if (!details.failed) return;
      const cause =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance);
      throw new Error(
        `Property failed after ${details.numRuns} runs (seed ${details.seed}, path "${details.counterexamplePath}")\n` +
          `Counterexample: ${compact(details.counterexample)}\nCause: ${cause.length > 1500 ? `${cause.slice(0, 1500)}…` : cause}`,
      );
    },
  });
}

function probe(endpoint: Endpoint, request: FuzzRequest, base = API): Promise<void> {
  return isolated(async (unchanged) =>
    checkResponse(await send(endpoint, request, base), unchanged),
  );
}

// ---------------------------------------------------------------- values

/** Percent-encodes anything, lone surrogates included (as the invalid UTF-8 of their code unit). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: encode character by character below.
  }
  let out = '';
  for (const char of value) {
    const unit = char.charCodeAt(0);
    out +=
      char.length === 1 && unit >= 0xd800 && unit <= 0xdfff
        ? `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`
        : encodeURIComponent(char);
  }
  return out;
}

const HUGE_NUMBERS = [
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e21,
  -1,
  0,
  24.000001,
  100.0000001,
  90.0000001,
  -180.0000001,
];
/** JSON number tokens JSON.parse turns into Infinity, 0 or imprecise values. */
const NUMBER_TOKENS = [
  '1e400',
  '-1e400',
  '1E+999',
  `0.${'0'.repeat(400)}1`,
  '9'.repeat(400),
  '-0',
  '1.0e-400',
  '-0.0',
];
const SQLISH = [
  "'; DROP TABLE production; --",
  "1' OR '1'='1",
  '" OR ""="',
  "%' ESCAPE '\\",
  'NULL',
  "'); DELETE FROM wells; --",
  'SELECT * FROM tokens',
  '\\',
  '%',
  '_',
  '*',
];
const UNICODE = [
  '油田',
  'Ærø ⛽',
  '\u202etxet',
  '\u200b',
  '\u0000',
  '\ud800',
  '\udfff',
  '🛢️👨‍👩‍👧',
  'e\u0301',
  '\ufeff',
  '\r\n',
  '\t',
];
const DATES = [
  '2024-01-01',
  '2024-01-15',
  '2024-02-29',
  '2023-02-29',
  '2023-02-30',
  '2024-13-01',
  '2024-00-10',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '2024-1-1',
  '20240101',
  '2024-01-01T00:00:00Z',
  ' 2024-01-01',
  '+002024-01-01',
  '2024-W01',
  '',
  'today',
];
const ENUMISH = [
  'producer',
  'injector',
  'observer',
  'swd',
  'active',
  'inactive',
  'shut_in',
  'imperial',
  'metric',
  'daily',
  'monthly',
  'UTC',
  'America/Chicago',
  'Etc/GMT+5',
  'Mars/Olympus',
  '+05:00',
  'PRODUCER',
  'Active',
  '../../etc/passwd',
];

const utf16 = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 30,
});
const printable = (maxLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    maxLength,
  });
const longString = fc
  .tuple(fc.constantFrom('x', '油', '🛢', "'", '9', ' '), fc.integer({ min: 201, max: 20_000 }))
  .map(([char, n]) => char.repeat(n));

const weirdString = fc.oneof(
  fc.constantFrom(...SQLISH, ...UNICODE, ...DATES, ...ENUMISH),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  utf16,
  fc.double().map(String),
  fc.integer().map(String),
  longString,
);

const weirdScalar = fc.oneof(
  fc.constantFrom<unknown>(...HUGE_NUMBERS, true, false, null),
  fc.double(),
  fc.integer(),
  weirdString,
);

const weird: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: weirdScalar, weight: 6 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: fc.object({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.array(weirdScalar, { maxLength: 5 }), weight: 1 },
);

const PROJECT_KEYS = [
  'name',
  'description',
  'timezone',
  'unitSystem',
  'id',
  'wellCount',
  'createdAt',
  'updatedAt',
];
const WELL_KEYS = [
  'name',
  'apiNumber',
  'type',
  'status',
  'latitude',
  'longitude',
  'spudDate',
  'lateralLength',
  'perfInterval',
  'id',
  'projectId',
  'firstProductionDate',
  'createdAt',
  'updatedAt',
];
const EVENT_KEYS = ['startDate', 'endDate', 'category', 'note', 'id', 'wellId', 'createdAt'];
const RECORD_KEYS = ['date', ...PRODUCTION_FIELDS];
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  'Name',
  'name ',
  'records',
  'DATE',
  'Oil_Rate',
];

const keyOf = (known: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...known), weight: 6 },
    { arbitrary: fc.constantFrom(...ODD_KEYS), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );

// ------------------------------------------------------ valid-ish bodies

const dayIn2024 = fc
  .integer({ min: 0, max: 120 })
  .map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10));
const calendarDate = fc.oneof(
  dayIn2024,
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);
const nonNegative = fc.oneof(
  fc.double({ min: 0, max: 1e6, noNaN: true }),
  fc.integer({ min: 0, max: 5000 }),
);
const nameArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
  fc.constantFrom(...SQLISH, '油田 7', 'Ærø ⛽'),
);
const apiNumber = fc
  .tuple(fc.constantFrom(10, 12, 14), fc.integer({ min: 0, max: 999_999 }), fc.boolean())
  .map(([digits, seed, dashes]) => {
    const plain = String(seed).padStart(digits, '7').slice(0, digits);
    return dashes ? `${plain.slice(0, 2)}-${plain.slice(2, 5)}-${plain.slice(5)}` : plain;
  });

const projectFields = {
  name: nameArb,
  description: fc.string({ maxLength: 60 }),
  timezone: fc.constantFrom('UTC', 'America/Chicago', 'Europe/Oslo', 'Asia/Kolkata'),
  unitSystem: fc.constantFrom('imperial', 'metric'),
};
const wellFields = {
  name: nameArb,
  apiNumber: fc.oneof(apiNumber, fc.constant(null), fc.constant('42-501-20130-03')),
  type: fc.constantFrom('producer', 'injector', 'observer', 'swd'),
  status: fc.constantFrom('active', 'inactive', 'shut_in'),
  latitude: fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constant(null)),
  longitude: fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.constant(null)),
  spudDate: fc.oneof(calendarDate, fc.constant(null)),
  lateralLength: fc.oneof(nonNegative, fc.constant(null)),
  perfInterval: fc.oneof(
    fc
      .tuple(nonNegative, nonNegative)
      .map(([a, b]) => ({ topMd: Math.min(a, b), bottomMd: Math.max(a, b) })),
    fc.constant(null),
  ),
};
const RANGES: Record<string, [number, number]> = { runtime: [0, 24], watercut: [0, 100] };
const recordArb = fc.record(
  {
    date: dayIn2024,
    ...Object.fromEntries(
      PRODUCTION_FIELDS.map((field) => {
        const [min, max] = RANGES[field] ?? [0, 1e7];
        return [field, fc.oneof(fc.double({ min, max, noNaN: true }), fc.constant(null))];
      }),
    ),
  },
  { requiredKeys: ['date'] },
) as fc.Arbitrary<Record<string, unknown>>;
const recordsArb = fc.uniqueArray(recordArb, {
  minLength: 1,
  maxLength: 15,
  selector: (record) => record.date,
});

type BodyKind =
  'project' | 'projectPatch' | 'well' | 'wellPatch' | 'records' | 'event' | 'csv' | 'none';

const eventArb = fc
  .record(
    {
      startDate: calendarDate,
      endDate: fc.oneof(calendarDate, fc.constant(null)),
      category: fc.oneof(nameArb, fc.constantFrom('Artificial-lift failure', 'Facility')),
      note: fc.string({ maxLength: 80 }),
    },
    { requiredKeys: ['startDate', 'category'] },
  )
  // A valid event ends on or after its start.
  .map((event) =>
    typeof event.endDate === 'string' && event.endDate < event.startDate
      ? { ...event, endDate: event.startDate }
      : event,
  );

function validObject(kind: BodyKind): fc.Arbitrary<Record<string, unknown>> {
  switch (kind) {
    case 'project':
      return fc.record(projectFields, { requiredKeys: ['name'] });
    case 'projectPatch':
      return fc.record(projectFields, { requiredKeys: [] });
    case 'well':
      return fc.record(wellFields, { requiredKeys: ['name'] });
    case 'wellPatch':
      return fc.record(wellFields, { requiredKeys: [] });
    case 'records':
      return recordsArb.map((records) => ({ records }));
    case 'event':
      return eventArb as fc.Arbitrary<Record<string, unknown>>;
    case 'csv':
    case 'none':
      return fc.constant({});
  }
}

const keysOf = (kind: BodyKind): readonly string[] =>
  kind === 'project' || kind === 'projectPatch'
    ? PROJECT_KEYS
    : kind === 'well' || kind === 'wellPatch'
      ? WELL_KEYS
      : kind === 'event'
        ? EVENT_KEYS
        : ['records'];

/** A valid body with one member (or one member of one record) replaced by something odd. */
function mutatedObject(kind: BodyKind): fc.Arbitrary<Record<string, unknown>> {
  if (kind === 'records') {
    return fc.oneof(
      fc
        .tuple(recordsArb, fc.nat(), keyOf(RECORD_KEYS), weird)
        .map(([records, index, key, value]) => {
          const copy = records.map((record) => ({ ...record }));
          Object.defineProperty(copy[index % copy.length], key, {
            value,
            enumerable: true,
            configurable: true,
            writable: true,
          });
          return { records: copy };
        }),
      fc
        .tuple(recordsArb, fc.nat())
        .map(([records, index]) => ({ records: [...records, records[index % records.length]] })),
      fc.tuple(recordsArb, weird).map(([records, value]) => ({ records, extra: value })),
      weird.map((records) => ({ records })),
      fc.array(weird, { maxLength: 4 }).map((records) => ({ records })),
      fc.constant({ records: [] }),
    );
  }
  return fc.tuple(validObject(kind), keyOf(keysOf(kind)), weird).map(([body, key, value]) => {
    const copy = { ...body };
    Object.defineProperty(copy, key, {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    return copy;
  });
}

/** Raw texts: malformed JSON, and JSON whose number tokens overflow. */
const rawJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"name":',
    '{"name":"a",}',
    "{'name':'a'}",
    '{"name":"a"}{"name":"b"}',
    '{"name":"a"} trailing',
    'null',
    'true',
    '"string"',
    '[]',
    '0',
    'NaN',
    '{"__proto__":{"name":"x"}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"name":"\\ud800"}',
    '{"name":"\\u0000"}',
    '\ufeff{"name":"bom"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  ),
  fc
    .constantFrom(...NUMBER_TOKENS)
    .chain((token) =>
      fc.constantFrom(
        `{"records":[{"date":"2024-01-05","oil_rate":${token}}]}`,
        `{"records":[{"date":"2024-01-05","runtime":${token},"watercut":${token}}]}`,
        `{"name":"n","latitude":${token}}`,
        `{"name":"n","lateralLength":${token},"perfInterval":{"topMd":${token},"bottomMd":${token}}}`,
        `{"name":${token}}`,
        `{"status":"active","longitude":${token}}`,
      ),
    ),
  fc.string({ maxLength: 50 }),
  utf16,
);

const jsonBody = (kind: BodyKind): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: validObject(kind).map((body) => JSON.stringify(body)), weight: 2 },
    { arbitrary: mutatedObject(kind).map((body) => JSON.stringify(body)), weight: 4 },
    {
      arbitrary: fc
        .dictionary(keyOf(keysOf(kind)), weird, { maxKeys: 6 })
        .map((body) => JSON.stringify(body)),
      weight: 2,
    },
    { arbitrary: fc.jsonValue().map((body) => JSON.stringify(body)), weight: 1 },
    { arbitrary: fc.object().map((body) => JSON.stringify(body) ?? 'null'), weight: 1 },
    { arbitrary: rawJson, weight: 2 },
  );

// ------------------------------------------------------------------ CSV

const csvCell = fc.oneof(
  { arbitrary: dayIn2024, weight: 3 },
  { arbitrary: nonNegative.map(String), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      ...DATES,
      ...NUMBER_TOKENS,
      '',
      '-1',
      '25',
      '101',
      'NaN',
      'Infinity',
      '1,5',
      '0x1F',
      '1_000',
      '.5',
      '5.',
      '+3',
      '1e3',
    ),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom(
      ...SQLISH,
      ...UNICODE,
      '"quoted"',
      '"unterminated',
      'a""b',
      '"a""b"',
      '=1+2',
    ),
    weight: 1,
  },
  { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
);
const csvHeaderCell = fc.oneof(
  { arbitrary: fc.constantFrom(...RECORD_KEYS), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      'DATE',
      'Oil_Rate',
      ' date ',
      '"date"',
      'id',
      '',
      'date;oil_rate',
      '\ufeffdate',
    ),
    weight: 1,
  },
  { arbitrary: fc.string({ maxLength: 8 }), weight: 1 },
);
/** A well-formed import: `date` plus some fields, unique dates, valid numbers. */
const validCsv = fc
  .tuple(
    fc.subarray([...PRODUCTION_FIELDS]),
    fc.uniqueArray(dayIn2024, { minLength: 1, maxLength: 12 }),
    fc.nat(),
  )
  .map(([fields, dates, seed]) => {
    const rows = dates.map((date, i) =>
      [date, ...fields.map((field, j) => String(((seed + i * 7 + j) % 24) + 0.5))].join(','),
    );
    return [['date', ...fields].join(','), ...rows].join('\n') + '\n';
  });
const fuzzCsv = fc
  .record({
    bom: fc.boolean(),
    header: fc.array(csvHeaderCell, { maxLength: 6 }),
    rows: fc.array(fc.array(csvCell, { maxLength: 7 }), { maxLength: 12 }),
    newline: fc.constantFrom('\n', '\r\n', '\r'),
    trailing: fc.boolean(),
  })
  .map(
    ({ bom, header, rows, newline, trailing }) =>
      (bom ? '\ufeff' : '') +
      [header.join(','), ...rows.map((row) => row.join(','))].join(newline) +
      (trailing ? newline : ''),
  );
const csvBody = fc.oneof(
  { arbitrary: validCsv, weight: 2 },
  {
    arbitrary: fc.tuple(validCsv, csvCell, fc.nat()).map(([csv, cell, at]) => {
      const lines = csv.split('\n');
      const line = 1 + (at % Math.max(1, lines.length - 2));
      lines[line] = `${lines[line]?.split(',')[0]},${cell}`;
      return lines.join('\n');
    }),
    weight: 2,
  },
  { arbitrary: fuzzCsv, weight: 4 },
  {
    arbitrary: fc.oneof(
      fc.string(),
      utf16,
      fc.constantFrom('', '\n', 'date', 'date\n', '"', 'date,date\n2024-01-01,2024-01-01'),
    ),
    weight: 1,
  },
);

// ---------------------------------------------------------------- queries

const QUERY_KEYS = [
  'limit',
  'cursor',
  'from',
  'to',
  'fields',
  'aggregation',
  'type',
  'status',
  'search',
];
const LIMITS = [
  '0',
  '1',
  '2',
  '50',
  '100',
  '200',
  '201',
  '1000',
  '1001',
  '-1',
  '1.5',
  '1e2',
  '01',
  ' 1',
  '0x10',
  '9'.repeat(400),
  'Infinity',
  'NaN',
  '',
];

const cursorArb = fc.oneof(
  fc.constantFrom(0, 1).map((i) => ({ cursor: i })),
  fc
    .tuple(fc.constantFrom(0, 1), fc.nat(), fc.constantFrom('flip', 'cut', 'dot', 'swap'))
    .map(([i, at, how]) => ({ cursor: i, at, how })),
  fc.string({ maxLength: 60 }).map((raw) => ({ raw })),
  fc.base64String({ maxLength: 80 }).map((raw) => ({ raw: `${raw}.${raw}` })),
);
type CursorChoice = { cursor: number; at?: number; how?: string } | { raw: string };
function resolveCursor(choice: CursorChoice): string {
  if ('raw' in choice) return choice.raw;
  const real = fx.cursors[choice.cursor] ?? '';
  const at = (choice.at ?? 0) % real.length;
  switch (choice.how) {
    case 'flip':
      return real.slice(0, at) + (real[at] === 'A' ? 'B' : 'A') + real.slice(at + 1);
    case 'cut':
      return real.slice(0, at);
    case 'dot':
      return `${real}.x`;
    case 'swap':
      return real.split('.').reverse().join('.');
    default:
      return real;
  }
}

/** A query value: sometimes a placeholder resolved at run time (a real cursor). */
type QueryValue = string | CursorChoice;
const valueFor = (key: string): fc.Arbitrary<QueryValue> => {
  const common = [
    { arbitrary: weirdString, weight: 2 },
    { arbitrary: fc.constantFrom(...SQLISH, ...UNICODE), weight: 1 },
  ];
  switch (key) {
    case 'limit':
      return fc.oneof({ arbitrary: fc.constantFrom(...LIMITS), weight: 4 }, ...common);
    case 'cursor':
      return fc.oneof({ arbitrary: cursorArb, weight: 4 }, ...common);
    case 'from':
    case 'to':
      return fc.oneof(
        { arbitrary: fc.oneof(calendarDate, fc.constantFrom(...DATES)), weight: 4 },
        ...common,
      );
    case 'fields':
      return fc.oneof(
        {
          arbitrary: fc
            .array(
              fc.constantFrom(...PRODUCTION_FIELDS, 'date', 'OIL_RATE', '', ' oil_rate', 'x'),
              { maxLength: 5 },
            )
            .map((names) => names.join(',')),
          weight: 4,
        },
        ...common,
      );
    default:
      return fc.oneof({ arbitrary: fc.constantFrom(...ENUMISH), weight: 3 }, ...common);
  }
};

type QueryPair = { key: string; value: QueryValue; raw: boolean };
const knownPair = fc
  .constantFrom(...QUERY_KEYS)
  .chain((key) =>
    fc.record({ key: fc.constant(key), value: valueFor(key), raw: fc.boolean() }),
  ) as fc.Arbitrary<QueryPair>;
const oddPair = fc.record({
  key: fc.oneof(
    fc.constantFrom(...ODD_KEYS, 'limit[]', 'fields[]', 'from[0]', 'sort', 'page', 'offset'),
    fc.string({ maxLength: 10 }),
    utf16,
  ),
  value: weirdString as fc.Arbitrary<QueryValue>,
  raw: fc.boolean(),
});

type QueryKind = 'projects' | 'wells' | 'production' | 'productionDelete' | 'events' | 'none';
/** The query a request of this endpoint needs to succeed. */
function validQuery(kind: QueryKind): fc.Arbitrary<QueryPair[]> {
  const pair = (key: string, value: fc.Arbitrary<QueryValue>): fc.Arbitrary<QueryPair> =>
    value.map((v) => ({ key, value: v, raw: false }));
  const range = fc
    .tuple(dayIn2024, dayIn2024)
    .map(([a, b]) => (a <= b ? [a, b] : [b, a]))
    .map(([from, to]): [QueryPair, QueryPair] => [
      { key: 'from', value: from as string, raw: false },
      { key: 'to', value: to as string, raw: false },
    ]);
  switch (kind) {
    case 'none':
      return fc.constant([]);
    case 'projects':
      return fc.subarray([{ key: 'limit', value: '1', raw: false }]);
    case 'wells':
      return fc
        .tuple(
          fc.option(pair('type', fc.constantFrom('producer', 'injector'))),
          fc.option(pair('status', fc.constantFrom('active', 'shut_in'))),
          fc.option(pair('search', fc.constantFrom('fuzz', '1h', '42501', '%', '_'))),
          fc.option(pair('limit', fc.constantFrom('1', '1000'))),
        )
        .map((pairs) => pairs.filter((p): p is QueryPair => p !== null));
    case 'production':
      return fc
        .tuple(
          range,
          fc.option(
            pair(
              'fields',
              fc.subarray([...PRODUCTION_FIELDS], { minLength: 1 }).map((f) => f.join(',')),
            ),
          ),
          fc.option(pair('aggregation', fc.constantFrom('daily', 'monthly'))),
        )
        .map(([[from, to], fields, aggregation]) =>
          [from, to, fields, aggregation].filter((p): p is QueryPair => p !== null),
        );
    case 'productionDelete':
      return range.map(([from, to]) => [from, to]);
    case 'events':
      return fc
        .tuple(fc.option(range), fc.option(pair('limit', fc.constantFrom('1', '1000'))))
        .map(([fromTo, limit]) =>
          [...(fromTo ?? []), limit].filter((p): p is QueryPair => p !== null),
        );
  }
}

/** A query string that is the valid one plus odd extras, a pile of random pairs, or raw garbage. */
function fuzzQuery(kind: QueryKind): fc.Arbitrary<QueryPair[] | string> {
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(
          validQuery(kind),
          fc.array(fc.oneof(knownPair, oddPair), { minLength: 1, maxLength: 3 }),
        )
        .map(([a, b]) => [...a, ...b]),
      weight: 3,
    },
    {
      arbitrary: fc.tuple(validQuery(kind), fc.nat(), knownPair).map(([pairs, at, replacement]) => {
        const copy = [...pairs];
        copy.splice(at % (copy.length + 1), 1, replacement);
        return copy;
      }),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(validQuery(kind), fc.nat())
        .map(([pairs, at]) => [...pairs, ...pairs.slice(at % (pairs.length + 1))]),
      weight: 1,
    },
    { arbitrary: fc.array(fc.oneof(knownPair, oddPair), { maxLength: 6 }), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '&&&',
        '=',
        '==',
        '?',
        '%',
        '%zz=1',
        'limit=%zz',
        'a',
        'from',
        'from=',
        '&from=2024-01-01',
        'limit=1&limit=2',
        'fields=oil_rate&fields=gas_rate',
        'fields[]=oil_rate',
        'from[]=2024-01-01&to[]=2024-01-02',
        'from=2024-01-01&to=2024-01-31&from=2024-01-02',
        'from=2024-01-01&to=2024-01-31&fields=',
        'from=2024-01-01&to=2024-01-31&fields=oil_rate&fields=',
        'from=2024-01-31&to=2024-01-01',
        '__proto__[limit]=1',
        'constructor[prototype][x]=1',
        `search=${'a'.repeat(201)}`,
        `search=${'%F0%9F%9B%A2'.repeat(150)}`,
      ),
      weight: 1,
    },
  );
}

function queryString(query: QueryPair[] | string): string {
  if (typeof query === 'string') return query;
  return query
    .map(({ key, value, raw }) => {
      const text = typeof value === 'string' ? value : resolveCursor(value);
      // `raw` keeps the text as typed, except what would end the query or the URL.
      const put = (s: string) =>
        raw
          ? s.replace(/[#\s%]/g, (c) => encode(c)).replace(/[^\x21-\x7e]/gu, (c) => encode(c))
          : encode(s);
      return `${put(key)}=${put(text)}`;
    })
    .join('&');
}

// ---------------------------------------------------------------- the rest

const ODD_IDS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F%2E%2E',
  '%2F',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  'prj_',
  'wel_',
  '%20',
  '+',
  '*',
  encode("' OR '1'='1"),
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '0',
  '-1',
  '1e400',
  'x'.repeat(100),
  'x'.repeat(101),
  'x'.repeat(5000),
  'x'.repeat(12_000),
  '%F0%9F%9B%A2',
  ';',
  ':id',
  '%7Bid%7D',
  'prj_AAAAAAAAAAAAAAAAAAAAAA',
  'wel_AAAAAAAAAAAAAAAAAAAAAA',
];

const oddId: fc.Arbitrary<IdRef> = fc.oneof(
  fc.constantFrom(...ODD_IDS).map((raw) => ({ raw })),
  fc
    .oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      utf16,
      // Long, but within what fits in an HTTP request line (Node allows 16 KiB of headers).
      fc
        .tuple(fc.constantFrom('x', '油', "'"), fc.integer({ min: 101, max: 1_500 }))
        .map(([c, n]) => c.repeat(n)),
    )
    .map((s) => ({
      raw: encode(s),
    })),
  fc.record({
    ref: fc.constantFrom('project' as const, 'well' as const),
    mutate: fc.constantFrom(
      'upper' as const,
      'dropLast' as const,
      'append' as const,
      'double' as const,
      'spaced' as const,
      'encodedAll' as const,
    ),
  }),
  fc
    .constantFrom('project', 'well', 'otherProject', 'bobProject', 'bobWell')
    .map((ref) => ({ ref }) as IdRef),
);
const idOf = (ref: 'project' | 'well', oddWeight: number): fc.Arbitrary<IdRef> =>
  fc.oneof(
    { arbitrary: fc.constant({ ref }), weight: 10 - oddWeight },
    { arbitrary: oddId, weight: oddWeight },
  );

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=UTF-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json ; q=1',
  ' application/json',
  'application/jsonx',
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/vnd.api+json',
  'text/json',
  'text/csv',
  'text/csv; charset=utf-8',
  'TEXT/CSV',
  'text/csvx',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  '*/*',
  '',
  ';',
  'application/',
];
const contentTypeArb = fc.oneof(
  fc.constantFrom<string | null>(...CONTENT_TYPES, null),
  printable(60),
);

const authArb = (oddWeight: number): fc.Arbitrary<Auth> =>
  fc.oneof(
    { arbitrary: fc.constant({ token: 'alice' as TokenRef }), weight: 20 - oddWeight },
    {
      arbitrary: fc.oneof(
        fc
          .constantFrom<TokenRef>('admin', 'bob', 'carolNoScope', 'aliceReadOnly')
          .map((token) => ({ token })),
        fc.constant({ none: true as const }),
        fc
          .constantFrom(
            'Basic xyz',
            'Bearer',
            'Bearer ',
            'bearer flw_x',
            'Bearer flw_a b',
            'Bearer \u00e9',
          )
          .map((header) => ({ header })),
        printable(80).map((header) => ({ header })),
        printable(60).map((token) => ({ header: `Bearer ${token}` })),
      ),
      weight: oddWeight,
    },
  );

// ---------------------------------------------------------------- endpoints

interface Endpoint {
  method: Method;
  path: string;
  body: BodyKind;
  query: QueryKind;
}

/** What the fuzzer sends for each body schema a route declares. */
const BODY_KINDS = new Map<unknown, BodyKind>([
  [projectCreateSchema, 'project'],
  [projectPatchSchema, 'projectPatch'],
  [wellCreateSchema, 'well'],
  [wellPatchSchema, 'wellPatch'],
  [productionIngestSchema, 'records'],
  [wellEventWriteSchema, 'event'],
]);

/** What the fuzzer sends for each query schema (a route's optional filters not yet fuzzed: none). */
const QUERY_KINDS = new Map<unknown, QueryKind>([
  [emptyQuerySchema, 'none'],
  [projectsListQuerySchema, 'projects'],
  [wellsListQuerySchema, 'wells'],
  [productionGetQuerySchema, 'production'],
  [productionDeleteQuerySchema, 'productionDelete'],
  [wellEventsListQuerySchema, 'events'],
  [projectChangesQuerySchema, 'none'],
]);

/** The fixture's ids for each path parameter. */
const PATH_IDS: Record<string, string> = {
  id: '{pid}',
  projectId: '{pid}',
  wellId: '{wid}',
  eventId: 'evt-fuzz',
};

/**
 * Every private route the app registers (route-contract.ts), with the kinds of body and query
 * its schemas call for: a new route is fuzzed without being listed here, and a route with a
 * schema the fuzzer does not know fails here, naming it.
 */
async function registeredEndpoints(): Promise<Endpoint[]> {
  const harness = await createHarness();
  try {
    return guardedRoutes(harness.app).map((route) => {
      const name = `${route.method} ${route.url}`;
      const path = route.url.replace(/^\/api\/v1/, '').replace(/:([A-Za-z]+)/g, (_, param) => {
        const id = PATH_IDS[param as string];
        if (!id) throw new Error(`${name}: no fixture id for the path parameter :${param}`);
        return id;
      });
      const body: BodyKind | undefined = route.consumes.includes('text/csv')
        ? 'csv'
        : route.body === undefined
          ? 'none'
          : BODY_KINDS.get(route.body);
      const query = QUERY_KINDS.get(route.querystring);
      if (!body) throw new Error(`${name}: the fuzzer has no body kind for its body schema`);
      if (!query) throw new Error(`${name}: the fuzzer has no query kind for its query schema`);
      return { method: route.method as Method, path, body, query };
    });
  } finally {
    await harness.close();
  }
}

const ENDPOINTS: Endpoint[] = await registeredEndpoints();

const sendsBody = (endpoint: Endpoint) => endpoint.body !== 'none';
const rightType = (endpoint: Endpoint) =>
  endpoint.body === 'csv' ? 'text/csv' : 'application/json';

/** Body and Content-Type as a client would send them, or fuzzed. */
function payload(
  endpoint: Endpoint,
  fuzzBody: boolean,
): fc.Arbitrary<{ body: string | undefined; contentType: string | null }> {
  if (!sendsBody(endpoint)) {
    // GET and DELETE take no body; now and then send one anyway.
    return fc.oneof(
      { arbitrary: fc.constant({ body: undefined, contentType: null }), weight: fuzzBody ? 1 : 8 },
      {
        arbitrary: fc.record({
          body: jsonBody('none'),
          contentType: fc.constantFrom('application/json', 'text/plain'),
        }),
        weight: fuzzBody ? 4 : 1,
      },
    );
  }
  const body =
    endpoint.body === 'csv'
      ? fuzzBody
        ? csvBody
        : validCsv
      : fuzzBody
        ? jsonBody(endpoint.body)
        : validObject(endpoint.body).map((b) => JSON.stringify(b));
  return fc.record({ body, contentType: fc.constant(rightType(endpoint)) });
}

type Focus = 'body' | 'query' | 'path' | 'contentType';

function requestArb(endpoint: Endpoint, focus: Focus): fc.Arbitrary<FuzzRequest> {
  const query =
    focus === 'query'
      ? fuzzQuery(endpoint.query)
      : fc.oneof(
          { arbitrary: validQuery(endpoint.query), weight: 9 },
          { arbitrary: fuzzQuery(endpoint.query), weight: 1 },
        );
  const bodyAndType =
    focus === 'contentType'
      ? fc.record({
          body: fc.oneof(
            jsonBody(endpoint.body === 'csv' ? 'records' : endpoint.body),
            csvBody,
            fc.constant(undefined),
          ),
          contentType: contentTypeArb,
        })
      : payload(endpoint, focus === 'body');
  return fc
    .record({
      project: idOf('project', focus === 'path' ? 8 : 1),
      well: idOf('well', focus === 'path' ? 8 : 1),
      suffix:
        focus === 'path'
          ? fc.constantFrom(
              '',
              '',
              '',
              '/',
              '//',
              '/.',
              '/..',
              '/%2e%2e',
              '/x',
              ';x',
              '%20',
              '.json',
            )
          : fc.constant(''),
      query,
      bodyAndType,
      auth: authArb(focus === 'body' || focus === 'query' ? 2 : 4),
    })
    .map(({ project, well, suffix, query: q, bodyAndType: { body, contentType }, auth }) => ({
      method: endpoint.method,
      project,
      well,
      suffix,
      query: queryString(q),
      contentType,
      body,
      auth,
    }));
}

const FOCI: Array<[Focus, string]> = [
  ['body', 'arbitrary bodies'],
  ['query', 'arbitrary query strings'],
  ['path', 'odd path ids'],
  ['contentType', 'random Content-Types and payloads'],
];

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const PROPERTY = 'never 5xx, errors are the documented envelope, an error changes nothing';

/** A plain, valid-looking request for `endpoint`, to adjust one member at a time. */
function plain(endpoint: Endpoint, changes: Partial<FuzzRequest> = {}): FuzzRequest {
  return {
    method: endpoint.method,
    project: { ref: 'project' },
    well: { ref: 'well' },
    suffix: '',
    query:
      endpoint.query === 'production' || endpoint.query === 'productionDelete'
        ? 'from=2024-01-01&to=2024-01-31'
        : '',
    contentType: null,
    body: undefined,
    auth: { token: 'alice' },
    ...changes,
  };
}

describe.each(ENDPOINTS.map((endpoint) => [label(endpoint), endpoint] as const))(
  'fuzzing %s',
  (_name, endpoint) => {
    beforeAll(setUp);
    afterAll(tearDown);

    const foci = FOCI.filter(([focus]) => focus !== 'path' || endpoint.path.includes('{pid}'));
    it.each(foci)(`%s (%s): ${PROPERTY}`, async (focus) => {
      await assertProperty(requestArb(endpoint, focus), (request) => probe(endpoint, request));
    });
  },
);

describe('oversized bodies', () => {
  beforeAll(setUp);
  afterAll(tearDown);

  // Too big to generate per run; sent once to every endpoint that takes a JSON body.
  const nineMiB = JSON.stringify({ name: 'big', description: 'x'.repeat(9 * 1024 * 1024) });
  const jsonEndpoints = ENDPOINTS.filter(
    (endpoint) => sendsBody(endpoint) && endpoint.body !== 'csv',
  );
  it.each(jsonEndpoints.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s: a 9 MiB JSON body is 413 PAYLOAD_TOO_LARGE and changes nothing',
    async (_name, endpoint) => {
      await isolated(async (unchanged) => {
        const response = await send(
          endpoint,
          plain(endpoint, { body: nineMiB, contentType: 'application/json' }),
        );
        await checkResponse(response, unchanged);
        if (response.statusCode !== 413)
          throw new Error(
            `expected 413, got ${response.statusCode} ${response.body.slice(0, 300)}`,
          );
      });
    },
  );

  it('10,001 records in one production POST is 413 PAYLOAD_TOO_LARGE and changes nothing', async () => {
    const records = Array.from({ length: 10_001 }, (_, i) => ({
      date: new Date(Date.UTC(1990, 0, 1 + i)).toISOString().slice(0, 10),
      oil_rate: 1,
    }));
    const endpoint = ENDPOINTS.find((e) => e.method === 'POST' && e.body === 'records') as Endpoint;
    await isolated(async (unchanged) => {
      const response = await send(
        endpoint,
        plain(endpoint, { body: JSON.stringify({ records }), contentType: 'application/json' }),
      );
      await checkResponse(response, unchanged);
      if (response.statusCode !== 413)
        throw new Error(`expected 413, got ${response.statusCode} ${response.body.slice(0, 300)}`);
    });
  });
});

describe('fuzzing methods and paths', () => {
  beforeAll(setUp);
  afterAll(tearDown);

  const segment = fc.oneof(
    {
      arbitrary: fc.constantFrom(
        'projects',
        'wells',
        'production',
        'import',
        'api',
        'v1',
        'v2',
        'openapi.json',
        'healthz',
        '',
      ),
      weight: 6,
    },
    { arbitrary: fc.constantFrom('{pid}', '{wid}'), weight: 4 },
    { arbitrary: fc.constantFrom(...ODD_IDS), weight: 2 },
    { arbitrary: fc.string({ maxLength: 12 }).map(encode), weight: 1 },
  );

  it(`any method on any path: ${PROPERTY}`, async () => {
    const arb = fc.record({
      method: fc.constantFrom<Method>('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'),
      prefix: fc.constantFrom('/api/v1', '/api/v1', '/api/v2', '', '//api/v1', '/API/V1'),
      segments: fc.array(segment, { minLength: 1, maxLength: 6 }),
      body: fc.oneof(fc.constant(undefined), jsonBody('project')),
      contentType: fc.constantFrom<string | null>('application/json', 'text/csv', null),
      auth: authArb(4),
    });
    await assertProperty(arb, ({ method, prefix, segments, body, contentType, auth }) => {
      // A made-up endpoint whose path is the generated one.
      const endpoint: Endpoint = {
        method,
        path: segments.map((s) => `/${s}`).join(''),
        body: 'none',
        query: 'none',
      };
      return probe(
        endpoint,
        plain(endpoint, { contentType: body === undefined ? null : contentType, body, auth }),
        prefix,
      );
    });
  });

  const METHODS: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];
  /** Whatever body comes with it, a request the router cannot serve is refused as such. */
  const BODIES: Array<[string | null, string | undefined]> = [
    [null, undefined],
    ['application/json', '{}'],
    ['text/csv', 'date\n2024-01-01\n'],
    ['text/plain', 'hello'],
  ];

  async function expectStatus(endpoint: Endpoint, status: number): Promise<void> {
    const wrong: string[] = [];
    for (const [contentType, body] of BODIES) {
      await isolated(async (unchanged) => {
        const response = await send(endpoint, plain(endpoint, { contentType, body }));
        await checkResponse(response, unchanged);
        if (response.statusCode !== status) {
          wrong.push(
            `with Content-Type ${String(contentType)}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      });
    }
    if (wrong.length > 0) throw new Error(`expected ${status}:\n${wrong.join('\n')}`);
  }

  const unsupported = [...new Set(ENDPOINTS.map((e) => e.path))].flatMap((path) => {
    const supported = ENDPOINTS.filter((e) => e.path === path).map((e) => e.method);
    return METHODS.filter((method) => !supported.includes(method)).map(
      (method) => [method, path] as const,
    );
  });
  it.each(unsupported)(
    '%s %s (a known path, a method it lacks) is 405 METHOD_NOT_ALLOWED with Allow, whatever the body',
    async (method, path) => {
      await expectStatus({ method, path, body: 'none', query: 'none' }, 405);
    },
  );

  const UNKNOWN_PATHS = [
    '/nothing',
    '/projects/{pid}/dashboards',
    '/projects/{pid}/wells/{wid}/surfaces',
    '/projects/{pid}/wells/{wid}/production/import/extra',
    '/projects/{pid}/wells/{wid}/production/{wid}',
  ];
  it.each(UNKNOWN_PATHS.flatMap((path) => METHODS.map((method) => [method, path] as const)))(
    '%s %s (an unknown path) is 404 NOT_FOUND, whatever the body',
    async (method, path) => {
      await expectStatus({ method, path, body: 'none', query: 'none' }, 404);
    },
  );
});
