import { randomUUID } from 'node:crypto';
import {
  CoreError,
  type ConnectionSummary,
  type ConnectionTestResult,
  type IpcErrorType,
} from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { emitCacheChanged, resolveConnection, type CoreContext } from '../core-context.js';
import { defineHandlers } from '../handler-kit.js';
import { testConnection } from './connection-test.js';

/**
 * connections-list/add/test/switch/remove/set-token. Tokens go to the
 * SecretStore and nowhere else.
 */
export function connectionHandlers(ctx: CoreContext) {
  const summary = async (row: ConnectionRow): Promise<ConnectionSummary> => ({
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    kind: row.kind,
    createdAt: row.createdAt,
    lastContactAt: row.lastContactAt,
    isCurrent: row.isCurrent,
    hasToken: (await ctx.secrets.get(row.id)) !== null,
  });
  const summaryOf = async (id: string) => summary(resolveConnection(ctx, id));
  const changed = (connectionId: string) =>
    emitCacheChanged(ctx, { connectionId, kind: 'connections' });

  return defineHandlers(
    {
      'connections-list': async () => ({
        connections: await Promise.all(ctx.connections.list().map(summary)),
        secretStorage: { encrypted: !ctx.secrets.warning, warning: ctx.secrets.warning ?? null },
      }),

      /** Checks the address and token with one call, then saves; nothing is saved if the check fails. */
      'connections-add': async (args) => {
        const test = await testConnection(args.baseUrl, (url) =>
          ctx.clients.probe(url, args.token),
        );
        if (!test.ok) throw testFailure(test);
        const id = `con_${randomUUID()}`;
        const at = ctx.now().toISOString();
        await ctx.secrets.set(id, args.token);
        try {
          ctx.db
            .transaction(() => {
              ctx.connections.insert({
                id,
                name: args.name,
                baseUrl: test.baseUrl,
                kind: 'organisation',
                createdAt: at,
                lastContactAt: at,
              });
              if (args.makeCurrent !== false) ctx.connections.setCurrent(id);
            })
            .immediate();
        } catch (error) {
          await ctx.secrets.delete(id);
          throw error;
        }
        changed(id);
        return summaryOf(id);
      },

      'connections-test': async (args) => {
        if (args.connectionId === undefined) {
          // The schema guarantees both when there is no connectionId.
          const token = args.token as string;
          return testConnection(args.baseUrl as string, (url) => ctx.clients.probe(url, token));
        }
        const connection = resolveConnection(ctx, args.connectionId);
        const token = await ctx.secrets.get(connection.id);
        if (token === null) {
          return {
            ok: false,
            problem: 'unauthorized',
            message: `No API token is saved for "${connection.name}"; enter it again.`,
            baseUrl: connection.baseUrl,
          };
        }
        const result = await testConnection(connection.baseUrl, (url) =>
          ctx.clients.probe(url, token),
        );
        if (result.ok) {
          ctx.offline.delete(connection.id);
          ctx.connections.touchContact(connection.id, ctx.now().toISOString());
        } else if (result.problem === 'unreachable' || result.problem === 'timeout') {
          ctx.offline.add(connection.id);
        }
        return result;
      },

      /**
       * A new token for a saved connection (after a 401, or a lost keystore),
       * tested with the same one call as connections-add against the stored
       * address; nothing is saved if it fails. The queued changes are the
       * connection's, so they stay untouched and go out with the new token.
       */
      'connections-set-token': async (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const test = await testConnection(connection.baseUrl, (url) =>
          ctx.clients.probe(url, args.token),
        );
        if (!test.ok) throw testFailure(test);
        // The connection may have been removed while the test was out.
        resolveConnection(ctx, connection.id);
        await ctx.secrets.set(connection.id, args.token);
        ctx.clients.forget(connection.id); // the cached client holds the old token
        ctx.offline.delete(connection.id);
        ctx.connections.touchContact(connection.id, ctx.now().toISOString());
        ctx.sync.tokenReplaced(connection.id);
        ctx.sync.contact(connection.id, true); // reachable: an offline backoff need not wait
        changed(connection.id);
        return summaryOf(connection.id);
      },

      'connections-switch': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        ctx.connections.setCurrent(connection.id);
        changed(connection.id);
        return summaryOf(connection.id);
      },

      /**
       * Deletes the connection, everything cached for it and its token. Refused
       * while the server has not received all its changes, unless the caller
       * says to discard them. The demo workspace becomes current if the current
       * connection was removed.
       */
      'connections-remove': async (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const unsynced = ctx.connections.unsyncedCount(connection.id);
        if (unsynced > 0 && args.discardUnsyncedChanges !== true) {
          throw new CoreError(
            'conflict',
            `"${connection.name}" has ${unsynced} change${unsynced === 1 ? '' : 's'} the server has not received; sync or export them first, or remove with discardUnsyncedChanges.`,
          );
        }
        const currentId = ctx.db
          .transaction(() => {
            ctx.connections.remove(connection.id);
            if (!connection.isCurrent) return ctx.connections.current()?.id ?? null;
            const fallback = ctx.connections.demo()?.id ?? null;
            ctx.connections.setCurrent(fallback);
            return fallback;
          })
          .immediate();
        ctx.clients.forget(connection.id);
        ctx.offline.delete(connection.id);
        await ctx.secrets.delete(connection.id);
        changed(connection.id);
        return { removedId: connection.id, currentId };
      },
    },
    ctx.log,
  );
}

const FAILURE_TYPE: Record<Exclude<ConnectionTestResult, { ok: true }>['problem'], IpcErrorType> = {
  'bad-url': 'validation',
  'https-required': 'validation',
  unreachable: 'offline',
  timeout: 'offline',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  'not-the-api': 'server',
  'rate-limited': 'rate-limited',
  'server-error': 'server',
};

function testFailure(test: Exclude<ConnectionTestResult, { ok: true }>): CoreError {
  const type = FAILURE_TYPE[test.problem];
  return new CoreError(type, test.message, {
    code: test.problem,
    ...(test.status === undefined ? {} : { status: test.status }),
    ...(test.requestId === undefined ? {} : { requestId: test.requestId }),
    ...(type === 'validation' ? { issues: [{ path: 'baseUrl', message: test.message }] } : {}),
  });
}
