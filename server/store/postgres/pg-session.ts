import { createHash } from 'node:crypto';
import pg from 'pg';
import { StoreUnavailableError } from '../store-unavailable.js';

/** Node's socket errors that mean the database could not be reached. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * True for failures that say nothing about the request and will pass by themselves:
 * the database is down, unreachable, starting, shutting down or out of connections.
 * SQLSTATE class 08 is "connection exception", 57P0x are shutdowns and start-up, 53 is
 * "insufficient resources" (too many connections among them).
 */
export function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (UNREACHABLE.has(code)) return true;
    if (/^(08|53)/.test(code) || /^57P0[123]$/.test(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  // pg's own words for a connection that ended or broke, and for a query sent on one after.
  return /Connection terminated|timeout exceeded when trying to connect|connection error|not queryable/i.test(
    message,
  );
}

function translate(error: unknown): unknown {
  return isUnavailable(error)
    ? new StoreUnavailableError(error instanceof Error ? error.message : String(error), {
        cause: error,
      })
    : error;
}

/** What pg's Pool and PoolClient both offer. */
type Queryable = Pick<pg.Pool, 'query'>;

const statementNames = new Map<string, string>();

/**
 * A query with parameters goes as a named prepared statement: each connection parses and
 * plans it once and then only binds values, which on the per-request path (token, project,
 * well, production) is a good share of PostgreSQL's work. The name is a digest of the text,
 * so one name never stands for two texts. Queries without parameters (migrations, several
 * statements in one text, which cannot be prepared) go as plain queries.
 */
function statement(text: string, values: readonly unknown[]): pg.QueryConfig {
  if (values.length === 0) return { text };
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `fl_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return { name, text, values: values as unknown[] };
}

/**
 * Queries on a pool or on one transaction's connection, with positional `$n` parameters.
 * Every failure that means "the database is not there" becomes a StoreUnavailableError,
 * which the API answers with 503 and Retry-After.
 */
export class PgSession {
  constructor(private readonly target: Queryable) {}

  async rows<R>(text: string, values: readonly unknown[] = []): Promise<R[]> {
    try {
      const result = await this.target.query(statement(text, values));
      return result.rows as R[];
    } catch (error) {
      throw translate(error);
    }
  }

  /** Rows as arrays, in column order: no object per row on the production read path. */
  async arrays<R extends unknown[]>(text: string, values: readonly unknown[] = []): Promise<R[]> {
    try {
      const result = await this.target.query({ ...statement(text, values), rowMode: 'array' });
      return result.rows as R[];
    } catch (error) {
      throw translate(error);
    }
  }

  async one<R>(text: string, values: readonly unknown[] = []): Promise<R | undefined> {
    return (await this.rows<R>(text, values))[0];
  }

  /** The first column of the first row. */
  async scalar<T>(text: string, values: readonly unknown[] = []): Promise<T | undefined> {
    const row = (await this.arrays<[T]>(text, values))[0];
    return row?.[0];
  }

  /** The number of rows a write touched. */
  async run(text: string, values: readonly unknown[] = []): Promise<number> {
    try {
      return (await this.target.query(statement(text, values))).rowCount ?? 0;
    } catch (error) {
      throw translate(error);
    }
  }
}

/** The pool every query goes through, and transactions on one of its connections. */
export class PgDatabase extends PgSession {
  constructor(readonly pool: pg.Pool) {
    super(pool);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: PgSession) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw translate(error);
    }
    const tx = new PgSession(client);
    let discard = false;
    try {
      await tx.run('BEGIN');
      const result = await work(tx);
      await tx.run('COMMIT');
      return result;
    } catch (error) {
      // A connection that could not roll back is in a state nobody knows: it is not reused.
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      discard = !rolledBack || error instanceof StoreUnavailableError;
      throw error;
    } finally {
      // A connection that broke mid-transaction is discarded, not handed to the next request.
      client.release(
        discard || brokenClients.has(client)
          ? new Error('The connection broke during a transaction')
          : undefined,
      );
    }
  }
}

/** Clients whose connection emitted 'error': never handed back to the pool for reuse. */
const brokenClients = new WeakSet<pg.ClientBase>();

/** BIGINT (identity ids, counts, data versions) as a JS number: none comes near 2^53. */
const INT8_OID = 20;

/** A pool for a postgres:// URL; connecting waits at most `connectTimeoutMs`. */
export function createPool(url: string, connectTimeoutMs = 5_000): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    max: 10,
    // How operators find the server's sessions in pg_stat_activity; a URL's application_name wins.
    fallback_application_name: 'flowline-server',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // A backend that ends (pg_terminate_backend, a restart, a failover) makes its client emit
  // 'error', and an 'error' event nobody listens to ends the process. The pool listens only
  // while a client is idle (and then re-emits on the pool, heard here); a client checked out
  // for a query or a transaction is heard by this listener, attached to every client the pool
  // opens. The query in flight fails by itself and becomes a 503 (isUnavailable); the client is
  // marked so that its transaction hands it back as broken, and the pool closes it instead of
  // reusing it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => brokenClients.add(client));
  });
  return pool;
}

/**
 * False for text PostgreSQL cannot hold (a NUL character): no id this server issued has one,
 * so a lookup by such an id finds nothing, as it does on SQLite, instead of failing.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000');
}
