import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { readFileSync } from 'node:fs';
import { buildApp } from './app.js';
import type { ImportLimits } from './routes/production-import-slots.js';
import { DEFAULT_BODY_RATE, type BodyRate } from './http/body-rate.js';
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from './http/timeouts.js';
import { openDatabase, type Db } from './store/database.js';
import { sqliteStore } from './store/sqlite-store.js';
import type { Store } from './store/store.js';

export interface ServeOptions {
  host?: string;
  port?: number;
  dbFile: string;
  tlsCert?: string;
  tlsKey?: string;
  logger?: FastifyServerOptions['logger'];
  rateLimit?: boolean;
  /** How long to wait on clients; each one left out keeps its default. */
  timeouts?: Partial<ServerTimeouts>;
  /** The slowest a request body may arrive; each one left out keeps its default. */
  bodyRate?: Partial<BodyRate>;
  /** CSV imports at once, per token and per server; each one left out keeps its default. */
  imports?: Partial<ImportLimits>;
  /** Called with the open database before the server listens (the demo seeder uses it). */
  prepare?: (db: Db) => void | Promise<void>;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  db: Db;
  store: Store;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the SQLite database, builds the app and listens. Used by the CLI and the desktop hosts. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const https = readTls(options);
  const db = openDatabase(options.dbFile);
  try {
    await options.prepare?.(db);
    const listening = await listen(sqliteStore(db), options, https, async () => {
      db.close();
    });
    return { ...listening, db };
  } catch (error) {
    db.close();
    throw error;
  }
}

export type PostgresServeOptions = Omit<ServeOptions, 'dbFile' | 'prepare'> & {
  /** postgres://user@host:port/database (migrated on start). */
  databaseUrl: string;
};

/** The same server on PostgreSQL: several of these may share one database (docs/scaling.md). */
export async function startPostgresServer(
  options: PostgresServeOptions,
): Promise<Omit<RunningServer, 'db'> & { store: Store }> {
  const https = readTls(options);
  // Loaded only here, so the desktop's embedded SQLite server never loads the driver.
  const { openPostgresStore } = await import('./store/postgres/postgres-store.js');
  const store = await openPostgresStore(options.databaseUrl);
  try {
    return await listen(store, options, https, () => store.close());
  } catch (error) {
    await store.close();
    throw error;
  }
}

function readTls(options: { tlsCert?: string; tlsKey?: string }) {
  if (Boolean(options.tlsCert) !== Boolean(options.tlsKey)) {
    throw new Error('TLS needs both --tls-cert and --tls-key');
  }
  return options.tlsCert && options.tlsKey
    ? { cert: readFileSync(options.tlsCert), key: readFileSync(options.tlsKey) }
    : undefined;
}

async function listen(
  store: Store,
  options: Omit<ServeOptions, 'dbFile' | 'prepare'>,
  https: { cert: Buffer; key: Buffer } | undefined,
  closeStore: () => Promise<void>,
): Promise<Omit<RunningServer, 'db'> & { store: Store }> {
  const app = await buildApp({
    store,
    logger: options.logger,
    rateLimit: options.rateLimit,
    https,
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    bodyRate: { ...DEFAULT_BODY_RATE, ...options.bodyRate },
    imports: options.imports,
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 8787 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8787);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closed: Promise<void> | undefined;
  return {
    url: `${https ? 'https' : 'http'}://${urlHost}:${port}`,
    port,
    app,
    store,
    close: () => (closed ??= app.close().then(closeStore)),
  };
}
