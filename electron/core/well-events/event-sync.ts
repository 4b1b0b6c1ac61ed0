import type { WellEvent } from '#shared/api/index.js';
import type { ConnectionRow } from '../cache/connections-repo.js';
import { callServer, writeIfConnected, type CoreContext } from '../core-context.js';
import { classify, PassStop, stopsThePass } from '../sync/classify.js';
import type { PushScope } from '../sync/push-scope.js';
import { announce, rememberShared } from './record-event.js';
import type { StoredEvent } from './well-events-repo.js';

/**
 * Well events between this computer and the server. Events travel outside the outbox: each is
 * a whole document sent with a PUT at the id made here (repeatable, so a lost answer costs
 * nothing) or a DELETE, and the server's list replaces what is kept as synced. A server
 * without events (the published service) keeps them here, 'local', and says so.
 */

/** Sends the events changed or deleted here; part of every sync pass (sync-engine.ts). */
export async function pushWellEvents(scope: PushScope): Promise<void> {
  const { ctx, connection, signal } = scope;
  const work = ctx.wellEvents.toSend(connection.id);
  if (work.length === 0) return;
  let offers: boolean;
  try {
    offers = await callServer(ctx, connection, (client) => client.offersWellEvents({ signal }));
  } catch (error) {
    const failure = classify(error);
    if (stopsThePass(failure)) throw new PassStop(failure);
    return;
  }
  rememberShared(ctx, connection.id, offers);
  if (!offers) {
    keepHere(ctx, connection, work);
    return;
  }
  for (const event of work) {
    try {
      await sendOne(ctx, connection, event, signal);
    } catch (error) {
      const failure = classify(error);
      if (stopsThePass(failure)) throw new PassStop(failure);
      // A delete the server cannot find is done: the event is not there.
      if (failure.kind === 'gone' && event.state === 'deleted') {
        settle(ctx, connection, event);
      } else if (failure.kind === 'gone' || failure.kind === 'rejected') {
        // Kept, with the server's words, until the person changes it (which sends it again).
        writeIfConnected(ctx, connection.id, () =>
          ctx.wellEvents.setState(
            connection.id,
            event.projectId,
            event.id,
            event.state,
            failure.error.message,
          ),
        );
        announce(ctx, connection.id, event.projectId, event.wellId);
      }
      continue;
    }
    scope.pushed += 1;
    settle(ctx, connection, event);
  }
}

async function sendOne(
  ctx: CoreContext,
  connection: ConnectionRow,
  event: StoredEvent,
  signal: AbortSignal,
): Promise<void> {
  await callServer(ctx, connection, async (client) => {
    if (event.state === 'deleted') {
      await client.deleteWellEvent(event.projectId, event.wellId, event.id, { signal });
      return;
    }
    await client.putWellEvent(
      event.projectId,
      event.wellId,
      event.id,
      {
        startDate: event.startDate,
        endDate: event.endDate,
        category: event.category,
        note: event.note,
      },
      { signal },
    );
  });
}

/** The server took the change: synced (or gone, for a delete), unless changed again since. */
function settle(ctx: CoreContext, connection: ConnectionRow, sent: StoredEvent): void {
  writeIfConnected(ctx, connection.id, () => {
    const now = ctx.wellEvents.get(connection.id, sent.projectId, sent.id);
    // Changed while the request was out: that change goes with the next pass.
    if (!now || now.updatedAt !== sent.updatedAt || now.state !== sent.state) return;
    if (sent.state === 'deleted') ctx.wellEvents.remove(connection.id, sent.projectId, sent.id);
    else ctx.wellEvents.setState(connection.id, sent.projectId, sent.id, 'synced', null);
    ctx.changeLog.settleEvent(connection.id, sent.id, 'synced', ctx.now().toISOString());
  });
  announce(ctx, connection.id, sent.projectId, sent.wellId);
}

/** A server without events: what was to be sent stays here, and the log says so. */
function keepHere(ctx: CoreContext, connection: ConnectionRow, work: readonly StoredEvent[]): void {
  const at = ctx.now().toISOString();
  writeIfConnected(ctx, connection.id, () => {
    for (const event of work) {
      if (event.state === 'deleted')
        ctx.wellEvents.remove(connection.id, event.projectId, event.id);
      else ctx.wellEvents.setState(connection.id, event.projectId, event.id, 'local', null);
      ctx.changeLog.settleEvent(connection.id, event.id, 'local', at);
    }
  });
  for (const projectId of new Set(work.map((event) => event.projectId))) {
    announce(ctx, connection.id, projectId);
  }
}

/**
 * Reads the project's events from the server into the cache; false when the server has no
 * events. Throws what the client throws (offline, refused): the caller decides.
 */
export async function pullWellEvents(
  ctx: CoreContext,
  connection: ConnectionRow,
  projectId: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const options = signal ? { signal } : {};
  const offers = await callServer(ctx, connection, (client) => client.offersWellEvents(options));
  rememberShared(ctx, connection.id, offers);
  if (!offers) return false;
  const events: WellEvent[] = [];
  await callServer(ctx, connection, async (client) => {
    for await (const page of client.pagesOfProjectEvents(projectId, options))
      events.push(...page.data);
  });
  const changed = writeIfConnected(ctx, connection.id, () =>
    ctx.wellEvents.mergeFromServer(connection.id, projectId, events),
  );
  if (changed) announce(ctx, connection.id, projectId);
  return true;
}
