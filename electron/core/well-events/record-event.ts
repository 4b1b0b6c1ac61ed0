import { randomUUID } from 'node:crypto';
import { CoreError, type WellEventSaveArgs, type WellEventView } from '#shared/desktop/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import type { ValueChange } from '../changes/change-log-repo.js';
import { emitCacheChanged, type CoreContext } from '../core-context.js';
import type { StoredEvent } from './well-events-repo.js';

/**
 * Recording, changing and deleting a well event on this computer. Each change is written with
 * its change-log row in one transaction, then the sync engine is told: the event goes out
 * with the next pass (event-sync.ts), offline first like any edit.
 */

/** Whether this connection's server takes events: known once it answered, else unknown. */
export const eventsShared = new WeakMap<object, Map<string, boolean>>();

export function sharedOf(ctx: CoreContext, connectionId: string): boolean | null {
  return eventsShared.get(ctx)?.get(connectionId) ?? null;
}

export function rememberShared(ctx: CoreContext, connectionId: string, shared: boolean): void {
  let known = eventsShared.get(ctx);
  if (!known) eventsShared.set(ctx, (known = new Map()));
  known.set(connectionId, shared);
}

const MEMBERS = ['startDate', 'endDate', 'category', 'note'] as const;

function changedValues(before: StoredEvent | undefined, after: StoredEvent | null): ValueChange[] {
  return MEMBERS.flatMap((member): ValueChange[] => {
    const old = before?.[member] ?? null;
    const now = after?.[member] ?? null;
    return old === now ? [] : [[member, old, now]];
  });
}

function spanText(event: Pick<StoredEvent, 'startDate' | 'endDate'>): string {
  return event.endDate === null
    ? `from ${event.startDate}, ongoing`
    : event.startDate === event.endDate
      ? event.startDate
      : `${event.startDate} to ${event.endDate}`;
}

export function viewOf(ctx: CoreContext, connectionId: string, event: StoredEvent): WellEventView {
  return {
    id: event.id,
    wellId: event.wellId,
    wellName: ctx.wells.get(connectionId, event.wellId)?.name ?? event.wellId,
    startDate: event.startDate,
    endDate: event.endDate,
    category: event.category,
    note: event.note,
    updatedAt: event.updatedAt,
    state: event.state,
    error: event.error,
  };
}

/** Creates (no id) or changes an event; returns it as saved. */
export function saveEvent(
  ctx: CoreContext,
  connection: ConnectionRow,
  args: WellEventSaveArgs,
): StoredEvent {
  const well = ctx.wells.get(connection.id, args.wellId);
  if (!well || well.projectId !== args.projectId) {
    throw new CoreError(
      'not-found',
      `Well ${args.wellId} is not in this project on this computer.`,
    );
  }
  const before =
    args.id === undefined ? undefined : ctx.wellEvents.get(connection.id, args.projectId, args.id);
  if (args.id !== undefined && (!before || before.state === 'deleted')) {
    throw new CoreError('not-found', `Event ${args.id} is not on this computer.`);
  }
  if (before && before.wellId !== args.wellId) {
    throw new CoreError(
      'validation',
      'An event stays with its well: record a new one on the other well.',
      { issues: [{ path: 'wellId', message: 'must be the well the event was recorded on' }] },
    );
  }
  const local = sharedOf(ctx, connection.id) === false;
  const at = ctx.now().toISOString();
  const event: StoredEvent = {
    id: args.id ?? randomUUID(),
    projectId: args.projectId,
    wellId: args.wellId,
    startDate: args.startDate,
    endDate: args.endDate ?? null,
    category: args.category,
    note: args.note ?? '',
    updatedAt: at,
    state: local ? 'local' : 'pending',
    error: null,
  };
  if (before && changedValues(before, event).length === 0 && before.wellId === event.wellId) {
    return before;
  }
  ctx.db.transaction(() => writeEvent(ctx, connection, well, before, event)).immediate();
  announceChange(ctx, connection.id, args.projectId, well.id);
  return event;
}

/**
 * Writes an event and its change-log row; call inside a transaction (a save, or an import of
 * many events as one action).
 */
export function writeEvent(
  ctx: CoreContext,
  connection: ConnectionRow,
  well: { id: string; name: string },
  before: StoredEvent | undefined,
  event: StoredEvent,
): void {
  ctx.wellEvents.put(connection.id, event);
  ctx.changeLog.recordEvent(
    {
      connectionId: connection.id,
      projectId: event.projectId,
      wellId: well.id,
      wellName: well.name,
      at: event.updatedAt,
      actor: ctx.changeLog.actor,
      sourceLabel: `${event.category}, ${spanText(event)}`,
    },
    event.id,
    changedValues(before, event),
    event.state === 'local',
  );
}

/** Deletes an event: at once when the server never had it, else once the server agrees. */
export function deleteEvent(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  id: string,
): void {
  const before = ctx.wellEvents.get(connection.id, projectId, id);
  if (!before || before.state === 'deleted') {
    throw new CoreError('not-found', `Event ${id} is not on this computer.`);
  }
  const local = before.state === 'local' || sharedOf(ctx, connection.id) === false;
  const wellName = ctx.wells.get(connection.id, before.wellId)?.name ?? before.wellId;
  const at = ctx.now().toISOString();
  ctx.db
    .transaction(() => {
      if (local) ctx.wellEvents.remove(connection.id, projectId, id);
      // The server may hold it (sent, or a send whose answer was lost): a DELETE goes out.
      else
        ctx.wellEvents.put(connection.id, {
          ...before,
          state: 'deleted',
          updatedAt: at,
          error: null,
        });
      ctx.changeLog.recordEvent(
        {
          connectionId: connection.id,
          projectId,
          wellId: before.wellId,
          wellName,
          at,
          actor: ctx.changeLog.actor,
          sourceLabel: `${before.category}, ${spanText(before)} (deleted)`,
        },
        id,
        changedValues(before, null),
        local,
      );
    })
    .immediate();
  announceChange(ctx, connection.id, projectId, before.wellId);
}

/** Readers of events re-read; a change made here also starts a sync pass. */
export function announce(
  ctx: CoreContext,
  connectionId: string,
  projectId: string,
  wellId?: string,
): void {
  emitCacheChanged(ctx, { connectionId, kind: 'events', projectId, ...(wellId ? { wellId } : {}) });
}

function announceChange(ctx: CoreContext, connectionId: string, projectId: string, wellId: string) {
  announce(ctx, connectionId, projectId, wellId);
  ctx.sync.kick(connectionId);
}
