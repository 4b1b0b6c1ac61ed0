import { resolveConnection, type CoreContext } from '../core-context.js';
import { wellDeclineSummaries } from '../decline/well-decline-summaries.js';
import { defineHandlers } from '../handler-kit.js';
import { overlaidWell } from '../overlay/well-overlay.js';
import { wellViewer } from '../units/well-units.js';
import { announceOutbox, announceProduction, editTarget } from './edit-target.js';
import { discardOperations, listOperations, resolveConflict } from './outbox-admin.js';
import { operationDetail } from './outbox-detail.js';
import { saveDelete } from './save-delete.js';
import { saveRecords } from './save-records.js';
import { saveWellUpdate } from './save-well-update.js';

/**
 * The edit handlers: each validates (the shared schema first, in defineHandler,
 * then what needs the cache), writes the outbox in one transaction, tells the
 * renderer, and kicks the sync engine.
 */
export function outboxHandlers(ctx: CoreContext) {
  return defineHandlers(
    {
      'records-save': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const target = editTarget(ctx, connection, args.projectId, args.wellId);
        const result = saveRecords(ctx, target, args.records, { source: args.source ?? 'grid' });
        const dates = args.records.map((record) => record.date).sort();
        const where = {
          connectionId: connection.id,
          projectId: args.projectId,
          wellId: args.wellId,
        };
        announceOutbox(ctx, connection.id, where);
        announceProduction(ctx, where, { from: dates[0]!, to: dates[dates.length - 1]! });
        ctx.sync.kick(connection.id);
        return result;
      },

      'records-delete': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const target = editTarget(ctx, connection, args.projectId, args.wellId);
        const result = saveDelete(ctx, target, { from: args.from, to: args.to });
        const where = {
          connectionId: connection.id,
          projectId: args.projectId,
          wellId: args.wellId,
        };
        announceOutbox(ctx, connection.id, where);
        announceProduction(ctx, where, { from: args.from, to: args.to });
        ctx.sync.kick(connection.id);
        return result;
      },

      'well-update': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        const target = editTarget(ctx, connection, args.projectId, args.wellId);
        const outboxSeq = saveWellUpdate(ctx, target, args.patch);
        const where = {
          connectionId: connection.id,
          projectId: args.projectId,
          wellId: args.wellId,
        };
        announceOutbox(ctx, connection.id, where);
        ctx.events.emit('cache-changed', { ...where, kind: 'wells' });
        ctx.sync.kick(connection.id);
        const { row, state } = overlaidWell(ctx, connection.id, target.well);
        const decline = wellDeclineSummaries(ctx, connection.id, [row.id], target.unitSystem);
        return { well: wellViewer(target.unitSystem)(row, state, decline.get(row.id)), outboxSeq };
      },

      'outbox-list': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        return { operations: listOperations(ctx, connection.id, args) };
      },

      'outbox-get': (args) =>
        operationDetail(
          ctx,
          resolveConnection(ctx, args.connectionId).id,
          args.seq,
          args.withRecords !== false,
        ),

      'outbox-discard': (args) => {
        const connection = resolveConnection(ctx, args.connectionId);
        return { discarded: discardOperations(ctx, connection.id, args.seqs) };
      },

      'conflict-resolve': (args) =>
        resolveConflict(ctx, resolveConnection(ctx, args.connectionId).id, args),
    },
    ctx.log,
  );
}
