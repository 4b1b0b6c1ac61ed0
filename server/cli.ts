import { parseArgs } from 'node:util';
import { isCalendarDate } from '#shared/api/index.js';
import { DEFAULT_SCOPES, isPlan, isScope, SCOPES, PLANS, type Scope } from './auth/scopes.js';
import { serverLogOptions } from './http/log-options.js';
import { DEFAULT_BODY_RATE, type BodyRate } from './http/body-rate.js';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './routes/production-import-slots.js';
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from './http/timeouts.js';
import { startPostgresServer, startServer } from './main.js';
import { openDatabase } from './store/database.js';
import { describeDatabase, isPostgresUrl } from './store/database-url.js';
import { sqliteStore } from './store/sqlite-store.js';
import type { Store } from './store/store.js';
import type { SeedSummary } from './demo/seed.js';

const DEFAULT_DB = './.flowline/server.db';
/** A PostgreSQL URL here is used when --db is not given (so it stays out of shell history). */
const DATABASE_URL_ENV = 'FLOWLINE_DATABASE_URL';

/** --db, else FLOWLINE_DATABASE_URL, else the default SQLite file. */
function databaseTarget(values: Record<string, string | boolean | undefined>): string {
  return (values.db as string | undefined) ?? process.env[DATABASE_URL_ENV] ?? DEFAULT_DB;
}

/** Opens the Store the target names, runs `work` on it and closes it. */
async function withStore<T>(target: string, work: (store: Store) => Promise<T>): Promise<T> {
  if (isPostgresUrl(target)) {
    const { openPostgresStore } = await import('./store/postgres/postgres-store.js');
    const store = await openPostgresStore(target);
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  }
  const db = openDatabase(target);
  try {
    return await work(sqliteStore(db));
  } finally {
    db.close();
  }
}

const USAGE = `Flowline Production Data API server

Usage:
  npm run server -- serve [--host 127.0.0.1] [--port 8787] [--db <file or postgres://…>] [--demo]
                          [--tls-cert <file> --tls-key <file>] [--log-level info]
                          [--headers-timeout-ms ${DEFAULT_TIMEOUTS.headersMs}] [--request-timeout-ms ${DEFAULT_TIMEOUTS.requestMs}]
                          [--keep-alive-timeout-ms ${DEFAULT_TIMEOUTS.keepAliveMs}] [--idle-timeout-ms ${DEFAULT_TIMEOUTS.idleMs}]
                          [--min-body-rate ${DEFAULT_BODY_RATE.minBytesPerSecond}] [--body-rate-window-ms ${DEFAULT_BODY_RATE.windowMs}] [--body-rate-grace-ms ${DEFAULT_BODY_RATE.graceMs}]
                          [--imports-per-token ${DEFAULT_IMPORT_LIMITS.perToken}] [--imports-per-server ${DEFAULT_IMPORT_LIMITS.perServer}]
  npm run server --silent -- token create --db <file or URL> --user <name> [--scopes a,b]
                          [--plan standard|professional|enterprise] [--expires YYYY-MM-DD]
  npm run server -- token revoke --db <file or URL> --token <token>
  npm run server -- migrate --db <file or URL>
  npm run server -- export --db <SQLite file> --to <postgres://…> [--replace]

Scopes: ${SCOPES.join(', ')} (default: every scope but admin).
Plans: ${Object.keys(PLANS).join(', ')} (default: standard).
--db takes a SQLite file or a PostgreSQL URL (postgres://user@host:5432/flowline); without it,
${DATABASE_URL_ENV} is used if set, else the SQLite file ${DEFAULT_DB}.`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, sub] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === 'serve') return serve(argv.slice(1));
  if (command === 'token' && sub === 'create') return tokenCreate(argv.slice(2));
  if (command === 'token' && sub === 'revoke') return tokenRevoke(argv.slice(2));
  if (command === 'migrate') return migrateCommand(argv.slice(1));
  if (command === 'export') return exportCommand(argv.slice(1));
  throw new UsageError(`unknown command "${argv.slice(0, 2).join(' ')}"`);
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>;

function options(args: string[], spec: OptionSpec): Record<string, string | boolean | undefined> {
  try {
    return parseArgs({ args, options: spec, strict: true, allowPositionals: false })
      .values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function serve(args: string[]): Promise<number> {
  const values = options(args, {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8787' },
    db: { type: 'string' },
    demo: { type: 'boolean', default: false },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'log-level': { type: 'string', default: 'info' },
    ...TIMEOUT_FLAGS,
    ...BODY_RATE_FLAGS,
    ...IMPORT_FLAGS,
  });
  if (Boolean(values['tls-cert']) !== Boolean(values['tls-key'])) {
    throw new UsageError('TLS needs both --tls-cert and --tls-key');
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(String(values.port)) || port > 65535)
    throw new UsageError(`--port must be 0–65535, got ${values.port}`);
  const timeouts = parseTimeouts(values);
  const bodyRate = parseBodyRate(values);
  const imports = parseImportLimits(values);
  const target = databaseTarget(values);
  let demoToken: string | undefined;
  const common = {
    host: values.host as string,
    port,
    tlsCert: values['tls-cert'] as string | undefined,
    tlsKey: values['tls-key'] as string | undefined,
    logger: serverLogOptions(values['log-level'] as string),
    timeouts,
    bodyRate,
    imports,
  };
  const reportSeed = (seeded: SeedSummary | undefined) => {
    if (!seeded) return;
    process.stderr.write(
      `Seeded the demo dataset: ${seeded.projects} projects, ${seeded.wells} wells, ${seeded.records.toLocaleString('en-US')} daily records in ${(seeded.ms / 1000).toFixed(1)} s\n`,
    );
  };
  if (isPostgresUrl(target) && values.demo) {
    // Loaded only for --demo, so the other commands never depend on the generator.
    const { seedPostgresDemo, issuePostgresDemoToken } =
      await import('./store/postgres/pg-demo.js');
    reportSeed(await seedPostgresDemo(target));
    demoToken = await issuePostgresDemoToken(target);
  }
  const server = isPostgresUrl(target)
    ? await startPostgresServer({ ...common, databaseUrl: target })
    : await startServer({
        ...common,
        dbFile: target,
        prepare: async (db) => {
          if (!values.demo) return;
          const { seedDemoIfEmpty } = await import('./demo/seed.js');
          const { issueDemoToken } = await import('./demo/demo-token.js');
          reportSeed(seedDemoIfEmpty(db));
          demoToken = issueDemoToken(db);
        },
      });
  process.stderr.write(
    `Flowline API listening on ${server.url}/api/v1 (database ${describeDatabase(target)})\n`,
  );
  if (demoToken) {
    process.stdout.write(
      `Demo token (shown once): ${demoToken}\nTry: curl -H "Authorization: Bearer ${demoToken}" ${server.url}/api/v1/projects\n`,
    );
  }
  const stop = (signal: string) => {
    process.stderr.write(`${signal}: finishing in-flight requests, then closing the database\n`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return new Promise<number>(() => undefined);
}

/** serve's timeout flags, each naming a member of ServerTimeouts. */
const TIMEOUT_FLAG_NAMES = {
  'headers-timeout-ms': 'headersMs',
  'request-timeout-ms': 'requestMs',
  'keep-alive-timeout-ms': 'keepAliveMs',
  'idle-timeout-ms': 'idleMs',
} as const satisfies Record<string, keyof ServerTimeouts>;

const TIMEOUT_FLAGS: OptionSpec = Object.fromEntries(
  Object.entries(TIMEOUT_FLAG_NAMES).map(([flag, name]) => [
    flag,
    { type: 'string', default: String(DEFAULT_TIMEOUTS[name]) },
  ]),
);

function parseTimeouts(values: Record<string, string | boolean | undefined>): ServerTimeouts {
  const timeouts = { ...DEFAULT_TIMEOUTS };
  for (const [flag, name] of Object.entries(TIMEOUT_FLAG_NAMES)) {
    const text = String(values[flag]);
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1) {
      throw new UsageError(`--${flag} must be a whole number of milliseconds ≥ 1, got ${text}`);
    }
    timeouts[name] = Number(text);
  }
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new UsageError(
      `--headers-timeout-ms (${timeouts.headersMs}) cannot be longer than --request-timeout-ms (${timeouts.requestMs})`,
    );
  }
  return timeouts;
}

/** serve's body rate flags: the member each sets, and its least value. */
const BODY_RATE_FLAG_NAMES = {
  'min-body-rate': { name: 'minBytesPerSecond', least: 0, unit: 'bytes per second' },
  'body-rate-window-ms': { name: 'windowMs', least: 1, unit: 'milliseconds' },
  'body-rate-grace-ms': { name: 'graceMs', least: 0, unit: 'milliseconds' },
} as const satisfies Record<string, { name: keyof BodyRate; least: number; unit: string }>;

const BODY_RATE_FLAGS: OptionSpec = Object.fromEntries(
  Object.entries(BODY_RATE_FLAG_NAMES).map(([flag, { name }]) => [
    flag,
    { type: 'string', default: String(DEFAULT_BODY_RATE[name]) },
  ]),
);

function parseBodyRate(values: Record<string, string | boolean | undefined>): BodyRate {
  const rate = { ...DEFAULT_BODY_RATE };
  for (const [flag, { name, least, unit }] of Object.entries(BODY_RATE_FLAG_NAMES)) {
    const text = String(values[flag]);
    if (!/^\d{1,10}$/.test(text) || Number(text) < least) {
      throw new UsageError(`--${flag} must be a whole number of ${unit} ≥ ${least}, got ${text}`);
    }
    rate[name] = Number(text);
  }
  return rate;
}

/** serve's flags for the CSV imports that may run at once. */
const IMPORT_FLAG_NAMES = {
  'imports-per-token': 'perToken',
  'imports-per-server': 'perServer',
} as const satisfies Record<string, keyof ImportLimits>;

const IMPORT_FLAGS: OptionSpec = Object.fromEntries(
  Object.entries(IMPORT_FLAG_NAMES).map(([flag, name]) => [
    flag,
    { type: 'string', default: String(DEFAULT_IMPORT_LIMITS[name]) },
  ]),
);

function parseImportLimits(values: Record<string, string | boolean | undefined>): ImportLimits {
  const limits = { ...DEFAULT_IMPORT_LIMITS };
  for (const [flag, name] of Object.entries(IMPORT_FLAG_NAMES)) {
    const text = String(values[flag]);
    if (!/^\d{1,6}$/.test(text) || Number(text) < 1) {
      throw new UsageError(`--${flag} must be a whole number ≥ 1, got ${text}`);
    }
    limits[name] = Number(text);
  }
  return limits;
}

async function tokenCreate(args: string[]): Promise<number> {
  const values = options(args, {
    db: { type: 'string' },
    user: { type: 'string' },
    scopes: { type: 'string' },
    plan: { type: 'string' },
    expires: { type: 'string' },
  });
  const user = (values.user as string | undefined)?.trim();
  if (!user) throw new UsageError('token create needs --user <name>');
  const scopes =
    values.scopes === undefined ? [...DEFAULT_SCOPES] : parseScopes(values.scopes as string);
  const plan = values.plan as string | undefined;
  if (plan !== undefined && !isPlan(plan))
    throw new UsageError(`--plan must be one of ${Object.keys(PLANS).join(', ')}, got "${plan}"`);
  const expires = values.expires as string | undefined;
  if (expires !== undefined && !isCalendarDate(expires))
    throw new UsageError(`--expires must be a date YYYY-MM-DD, got "${expires}"`);
  if (expires !== undefined && expires <= new Date().toISOString().slice(0, 10)) {
    process.stderr.write(
      `Warning: --expires ${expires} is not in the future; this token is already expired\n`,
    );
  }
  const { token, projects } = await withStore(databaseTarget(values), async (store) => {
    const token = await store.tokens.create({ user, scopes, plan, expires });
    return { token, projects: await projectsOf(store, token) };
  });
  // A new user sees an empty workspace; say why before they think the data is gone.
  if (projects === 0) {
    process.stderr.write(
      `Note: ${user} has no projects in this database. Each user sees only the projects they ` +
        `created or were added to; the demo workspace's belong to the user "demo" ` +
        `(token create --user demo).\n`,
    );
  }
  process.stdout.write(`${token}\n`);
  return 0;
}

/** How many projects the token's user can see; null for a token that is already expired. */
async function projectsOf(store: Store, token: string): Promise<number | null> {
  const lookup = await store.tokens.verify(token, new Date());
  if (!lookup.ok) return null;
  return (await store.projects.list(lookup.principal, 1)).total;
}

function parseScopes(list: string): Scope[] {
  const scopes = list
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--scopes takes a comma-separated list of ${SCOPES.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
    );
  }
  return scopes as Scope[];
}

async function tokenRevoke(args: string[]): Promise<number> {
  const values = options(args, {
    db: { type: 'string' },
    token: { type: 'string' },
  });
  if (!values.token) throw new UsageError('token revoke needs --token <token>');
  const revoked = await withStore(databaseTarget(values), (store) =>
    store.tokens.revoke(values.token as string),
  );
  if (!revoked) {
    process.stderr.write('No such token in this database; nothing was revoked\n');
    return 1;
  }
  process.stderr.write('Token revoked\n');
  return 0;
}

/** Brings the database's schema up to date (serve does too, on start) and says what it did. */
async function migrateCommand(args: string[]): Promise<number> {
  const values = options(args, { db: { type: 'string' } });
  const target = databaseTarget(values);
  if (isPostgresUrl(target)) {
    const { migratePostgresUrl } = await import('./store/postgres/postgres-store.js');
    const applied = await migratePostgresUrl(target);
    process.stderr.write(
      applied.length === 0
        ? `${describeDatabase(target)} is up to date\n`
        : `Applied migrations ${applied.join(', ')} to ${describeDatabase(target)}\n`,
    );
    return 0;
  }
  openDatabase(target).close();
  process.stderr.write(`${target} is up to date\n`);
  return 0;
}

/**
 * Copies a SQLite server's data into PostgreSQL and prints what was verified. --to defaults to
 * FLOWLINE_DATABASE_URL, --db to the default SQLite file: the two sides of a move.
 */
async function exportCommand(args: string[]): Promise<number> {
  const values = options(args, {
    db: { type: 'string', default: DEFAULT_DB },
    to: { type: 'string' },
    replace: { type: 'boolean', default: false },
  });
  const source = values.db as string;
  const target = (values.to as string | undefined) ?? process.env[DATABASE_URL_ENV];
  if (isPostgresUrl(source)) throw new UsageError('--db names the SQLite file to export from');
  if (target === undefined) {
    throw new UsageError(`export needs --to <postgres://…> (or ${DATABASE_URL_ENV})`);
  }
  if (!isPostgresUrl(target)) {
    throw new UsageError(`--to must be a postgres:// URL, got "${describeDatabase(target)}"`);
  }
  const { exportSqliteToPostgres, formatExportSummary, ExportError } =
    await import('./store/postgres/export-sqlite.js');
  try {
    const summary = await exportSqliteToPostgres(source, target, {
      whenNotEmpty: values.replace ? 'replace' : 'refuse',
    });
    process.stdout.write(
      `Exported ${source} to ${describeDatabase(target)}\n${formatExportSummary(summary!)}\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof ExportError)) throw error;
    process.stderr.write(`flowline server: export refused: ${error.message}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`flowline server: ${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    process.stderr.write(`flowline server: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
