import { createToken, revokeToken, TokenVerifier } from '../auth/token-store.js';
import { GcraLimiter } from '../rate-limit/gcra.js';
import { metaValue, type Db } from './database.js';
import { ChangesRepo } from './changes-repo.js';
import { EventsRepo } from './events-repo.js';
import { ProductionRepo } from './production-repo.js';
import { readProjectRecentRates } from './production-latest-repo.js';
import { ProjectsRepo } from './projects-repo.js';
import { importIntoSqlite, WriteGate } from './sqlite-import.js';
import type { Store } from './store.js';
import { WellsRepo } from './wells-repo.js';

/**
 * The Store over one SQLite file: today's repositories, synchronous better-sqlite3 behind
 * async methods (an already-resolved promise costs far less than the query). One process
 * serves a SQLite file, so rate-limit buckets stay in memory. The caller owns the database:
 * close() leaves it open.
 */
export function sqliteStore(db: Db): Store {
  const projects = new ProjectsRepo(db);
  const changes = new ChangesRepo(db);
  const wells = new WellsRepo(db);
  const production = new ProductionRepo(db);
  const events = new EventsRepo(db);
  const verifier = new TokenVerifier(db);
  const limiter = new GcraLimiter();
  const ping = db.prepare('SELECT 1');
  // While an import writes on its own connection, this connection's writes wait their turn
  // (sqlite-import.ts says why); when none does, they run at once, as before.
  const gate = new WriteGate();
  const write = async <T>(work: () => T): Promise<T> => {
    if (gate.busy) await gate.idle();
    return work();
  };
  return {
    engine: 'sqlite',
    projects: {
      list: async (principal, limit, after) => projects.list(principal, limit, after),
      get: async (principal, id) => projects.get(principal, id),
      access: async (principal, id) => projects.access(principal, id),
      create: (principal, input, now) => write(() => projects.create(principal, input, now)),
      update: (principal, id, patch, now) =>
        write(() => projects.update(principal, id, patch, now)),
      delete: (id) => write(() => projects.delete(id)),
      changes: async (id, since) => changes.read(id, since),
    },
    wells: {
      list: async (projectId, filters, limit, after) =>
        wells.list(projectId, filters, limit, after),
      get: async (projectId, wellId) => wells.get(projectId, wellId),
      getWithAccess: async (principal, projectId, wellId) => {
        const project = projects.access(principal, projectId);
        return project && { project, well: wells.get(project.id, wellId) };
      },
      create: (projectId, fields, now) => write(() => wells.create(projectId, fields, now)),
      update: (projectId, wellId, patch, now) =>
        write(() => wells.update(projectId, wellId, patch, now)),
      delete: (wellId) => write(() => wells.delete(wellId)),
    },
    production: {
      read: async (wellSeq, from, to) => production.read(wellSeq, from, to),
      readRaw: async (wellSeq, from, to, fields) => production.readRaw(wellSeq, from, to, fields),
      readPacked: async (wellSeq, from, to) => production.readPacked(wellSeq, from, to),
      readMonthly: async (wellSeq, from, to, system) =>
        production.readMonthly(wellSeq, from, to, system),
      upsert: (wellSeq, records, now) => write(() => production.upsert(wellSeq, records, now)),
      importRows: (wellSeq, rows, now = new Date(), signal) =>
        importIntoSqlite(db, gate, wellSeq, rows, now, signal),
      deleteRange: (wellSeq, from, to, now) =>
        write(() => production.deleteRange(wellSeq, from, to, now)),
      recentRates: async (projectId, days) => readProjectRecentRates(db, projectId, days),
    },
    events: {
      list: async (scope, limit, after) => events.list(scope, limit, after),
      get: async (projectId, wellSeq, id) => events.get(projectId, wellSeq, id),
      put: (projectId, wellSeq, id, fields, now = new Date()) =>
        write(() => events.put(projectId, wellSeq, id, fields, now)),
      delete: (projectId, wellSeq, id) => write(() => events.delete(projectId, wellSeq, id)),
    },
    tokens: {
      create: (options) => write(() => createToken(db, options)),
      revoke: (token, now) => write(() => revokeToken(db, token, now)),
      verify: async (token, now) => verifier.verify(token, now),
    },
    rateLimits: {
      take: async (key, limit, nowMs) => limiter.take(key, limit, nowMs),
    },
    metaValue: (key, make) => write(() => metaValue(db, key, make)),
    ping: async () => {
      ping.get();
    },
    close: async () => undefined,
  };
}
