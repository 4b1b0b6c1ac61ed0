/**
 * Test support: the rounds both backend-termination suites run (in-process apps, and spawned
 * `serve` processes). Each round starts one request on one of two instances over one schema,
 * with a read on the other, and ends backends at a seeded random point of it: reads, small
 * and large production POSTs, CSV imports, and migrations of a fresh schema. It then checks
 * every answer, that the write was all or nothing, and that both instances answer again.
 */
import { addDays } from '#shared/dates/iso-day.js';
import { seededRandom, terminateDuring, type Terminator } from './terminate-backends.js';

export interface Answer {
  status: number;
  /** The error envelope's code, when the body has one. */
  code?: string;
  retryAfter?: string | null;
  json?: unknown;
}

/** One server instance, reached however the suite reaches it. */
export interface Instance {
  /** The application name its connections carry. */
  name: string;
  /** `path` from the origin: /healthz, /api/v1/…; JSON or CSV body. */
  request(method: string, path: string, body?: { json?: unknown; csv?: string }): Promise<Answer>;
}

export interface Rig {
  killer: Terminator;
  instances: readonly [Instance, Instance];
  /** The schema both instances use. */
  schema: string;
  /** Migrates the schema at `url` from empty, as the server does; a failure names its cause. */
  migrate(url: string): Promise<{ ok: true } | { ok: false; message: string }>;
  /** How many tables a complete migration leaves in a schema. */
  migratedTables: number;
}

export interface Tally {
  rounds: number;
  /** Rounds in which at least one backend was ended. */
  roundsWithTermination: number;
  backendsEnded: number;
  unavailable: number;
  writesCommitted: number;
  writesRolledBack: number;
  migrationsFailed: number;
  byOperation: Record<Operation, number>;
  byVictims: Record<'target' | 'both' | 'other', number>;
}

const OPERATIONS = ['read', 'write', 'large-write', 'csv-import', 'migrate'] as const;
const VICTIMS = ['target', 'target', 'both', 'both', 'other'] as const;
type Operation = (typeof OPERATIONS)[number];

/** Records per operation: a large POST spans two of the store's 5,000-row statements. */
const LARGE_POST = 6_000;
const CSV_ROWS = 3_000;

function records(start: string, count: number, tag: number) {
  return Array.from({ length: count }, (_, i) => ({
    date: addDays(start, i),
    oil_rate: 100 + (i % 50),
    gas_rate: 300 + tag,
    water_rate: 20 + (i % 7),
  }));
}

function csv(start: string, count: number, tag: number): string {
  const lines = records(start, count, tag).map(
    (r) => `${r.date},${r.oil_rate},${r.gas_rate},${r.water_rate}`,
  );
  return `date,oil_rate,gas_rate,water_rate\n${lines.join('\n')}\n`;
}

/** A failure of the rig, with the round's seed position so it can be replayed. */
function check(condition: boolean, round: number, what: string): void {
  if (!condition) throw new Error(`round ${round}: ${what}`);
}

/** 2xx, or 503 UNAVAILABLE with Retry-After: nothing else is an acceptable answer. */
function tallyAnswer(
  answer: Answer,
  ok: number,
  may503: boolean,
  round: number,
  tally: Tally,
  what: string,
): void {
  if (answer.status === 503 && may503) {
    check(answer.code === 'UNAVAILABLE', round, `${what}: 503 with code ${answer.code}`);
    check(answer.retryAfter === '5', round, `${what}: 503 without Retry-After: 5`);
    tally.unavailable++;
    return;
  }
  check(answer.status === ok, round, `${what}: answered ${answer.status} (${answer.code ?? ''})`);
}

/** Creates the project and well the rounds write to, through the first instance. */
async function projectAndWell(instance: Instance): Promise<{ projectId: string; wellId: string }> {
  const project = await instance.request('POST', '/api/v1/projects', { json: { name: 'Chaos' } });
  if (project.status !== 201) throw new Error(`project create answered ${project.status}`);
  const projectId = (project.json as { id: string }).id;
  const well = await instance.request('POST', `/api/v1/projects/${projectId}/wells`, {
    json: { name: 'Chaos 1' },
  });
  if (well.status !== 201) throw new Error(`well create answered ${well.status}`);
  return { projectId, wellId: (well.json as { id: string }).id };
}

export async function runRounds(rig: Rig, seed: number, rounds: number): Promise<Tally> {
  const { projectId, wellId } = await projectAndWell(rig.instances[0]);
  const random = seededRandom(seed);
  const tally: Tally = {
    rounds,
    roundsWithTermination: 0,
    backendsEnded: 0,
    unavailable: 0,
    writesCommitted: 0,
    writesRolledBack: 0,
    migrationsFailed: 0,
    byOperation: { read: 0, write: 0, 'large-write': 0, 'csv-import': 0, migrate: 0 },
    byVictims: { target: 0, both: 0, other: 0 },
  };
  const production = `/api/v1/projects/${projectId}/wells/${wellId}/production`;
  const { killer } = rig;
  const scalar = <T>(sql: string, values: readonly unknown[]) =>
    killer.scalar<T>(sql.replaceAll('SCHEMA', rig.schema), values);
  const wellSeq = await scalar<number>('SELECT seq FROM SCHEMA.wells WHERE id = $1', [wellId]);
  let nextDate = '1700-01-01';
  const written: Array<{ from: string; to: string }> = [];

  for (let round = 0; round < rounds; round++) {
    const operation = OPERATIONS[random.int(OPERATIONS.length)] as Operation;
    tally.byOperation[operation]++;
    const which = random.int(2);
    const target = rig.instances[which] as Instance;
    const other = rig.instances[1 - which] as Instance;
    const long = operation === 'large-write' || operation === 'csv-import';
    const plan = { delayMs: random.int(long ? 400 : 40), busy: random.next() < 0.7 };
    // Whose backends end: the request's instance, both, or only the other one (whose read
    // then fails or not, while the request itself must succeed untouched).
    const victims = VICTIMS[random.int(VICTIMS.length)] as (typeof VICTIMS)[number];
    const spared = victims === 'other';
    const names =
      victims === 'both'
        ? rig.instances.map((instance) => instance.name)
        : [(spared ? other : target).name];
    tally.byVictims[victims]++;
    const background = other.request('GET', '/api/v1/projects');

    if (operation === 'migrate') {
      const schema = await killer.schema('chaos_mig');
      const url = killer.url(schema, `${schema}_migrate`);
      const { result, ended } = await terminateDuring(
        killer,
        spared ? names : [...names, `${schema}_migrate`],
        plan,
        rig.migrate(url),
      );
      tally.backendsEnded += ended;
      if (ended > 0) tally.roundsWithTermination++;
      const tables = await killer.scalar<number>(
        'SELECT count(*)::int FROM pg_tables WHERE schemaname = $1',
        [schema],
      );
      check(result.ok || !spared, round, 'a migration nobody terminated failed');
      if (result.ok) {
        check(
          tables === rig.migratedTables,
          round,
          `migration reported done with ${tables} tables`,
        );
      } else {
        tally.migrationsFailed++;
        check(/unavailable/i.test(result.message), round, `migration failed: ${result.message}`);
        check(tables === 0, round, `a failed migration left ${tables} tables`);
        const again = await rig.migrate(url);
        check(again.ok, round, 'the migration failed again with nothing terminated');
      }
    } else if (operation === 'read') {
      const range = written[random.int(written.length)] ?? { from: '1700-01-01', to: '1700-12-31' };
      const { result, ended } = await terminateDuring(
        killer,
        names,
        plan,
        target.request('GET', `${production}?from=${range.from}&to=${range.to}`),
      );
      tally.backendsEnded += ended;
      if (ended > 0) tally.roundsWithTermination++;
      tallyAnswer(result, 200, !spared, round, tally, 'read');
    } else {
      const count =
        operation === 'write'
          ? 1 + random.int(200)
          : operation === 'large-write'
            ? LARGE_POST
            : CSV_ROWS;
      const from = nextDate;
      const to = addDays(from, count - 1);
      nextDate = addDays(to, 1);
      const versionBefore = await scalar<number>(
        'SELECT data_version FROM SCHEMA.wells WHERE seq = $1',
        [wellSeq],
      );
      const request =
        operation === 'csv-import'
          ? target.request('POST', `${production}/import`, { csv: csv(from, count, round) })
          : target.request('POST', production, { json: { records: records(from, count, round) } });
      const { result, ended } = await terminateDuring(killer, names, plan, request);
      tally.backendsEnded += ended;
      if (ended > 0) tally.roundsWithTermination++;
      tallyAnswer(result, 200, !spared, round, tally, operation);
      const rows = await scalar<number>(
        'SELECT count(*)::int FROM SCHEMA.production WHERE well_seq = $1 AND date BETWEEN $2 AND $3',
        [wellSeq, from, to],
      );
      const versionAfter = await scalar<number>(
        'SELECT data_version FROM SCHEMA.wells WHERE seq = $1',
        [wellSeq],
      );
      check(rows === 0 || rows === count, round, `${operation} left ${rows} of ${count} records`);
      if (result.status === 200)
        check(rows === count, round, `${operation} answered 200 with ${rows} rows`);
      // The well's data version moves in the same transaction as the rows: once, or not at all.
      check(
        Number(versionAfter) - Number(versionBefore) === (rows === count ? 1 : 0),
        round,
        `data version went from ${versionBefore} to ${versionAfter} with ${rows} of ${count} rows`,
      );
      if (rows === count) {
        tally.writesCommitted++;
        written.push({ from, to });
      } else {
        tally.writesRolledBack++;
      }
    }
    tallyAnswer(await background, 200, true, round, tally, 'background read');

    // Afterwards, both instances answer: the broken connections were discarded, not reused.
    for (const instance of rig.instances) {
      const health = await instance.request('GET', '/healthz');
      check(health.status === 200, round, `${instance.name} /healthz answered ${health.status}`);
      const read = await instance.request('GET', '/api/v1/projects');
      check(read.status === 200, round, `${instance.name} read answered ${read.status}`);
    }
  }
  return tally;
}
