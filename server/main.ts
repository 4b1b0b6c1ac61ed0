import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { readFileSync } from 'node:fs';
import { buildApp } from './app.js';
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from './http/timeouts.js';
import { openDatabase, type Db } from './store/database.js';

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
  /** Called with the open database before the server listens (the demo seeder uses it). */
  prepare?: (db: Db) => void | Promise<void>;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  db: Db;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database, builds the app and listens. Used by the CLI and by the desktop hosts. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  if (Boolean(options.tlsCert) !== Boolean(options.tlsKey)) {
    throw new Error('TLS needs both --tls-cert and --tls-key');
  }
  const https =
    options.tlsCert && options.tlsKey
      ? { cert: readFileSync(options.tlsCert), key: readFileSync(options.tlsKey) }
      : undefined;
  const db = openDatabase(options.dbFile);
  try {
    await options.prepare?.(db);
    const app = await buildApp({
      db,
      logger: options.logger,
      rateLimit: options.rateLimit,
      https,
      timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
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
      db,
      close: () =>
        (closed ??= app.close().then(() => {
          db.close();
        })),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
