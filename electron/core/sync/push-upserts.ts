import { PRODUCTION_FIELDS, type UnitSystem } from '#shared/api/index.js';
import { isApiCallError } from '#shared/client/index.js';
import type { IpcError } from '#shared/desktop/index.js';
import type { DateInterval } from '../cache/date-intervals.js';
import { callServer, writeIfConnected } from '../core-context.js';
import { announceOutbox, announceProduction } from '../outbox/edit-target.js';
import type { OutboxOp } from '../outbox/outbox-repo.js';
import type { UpsertPayload } from '../outbox/payloads.js';
import { apiRecordMaker } from '../outbox/stored-values.js';
import { seriesToStoredRows } from '../cache/series-rows.js';
import { classify } from './classify.js';
import { conflictError, findConflicts, type PushDay } from './conflicts.js';
import type { PushScope } from './push-scope.js';
import { daysFromRows, rebase, storeServerDays, type ServerDays } from './server-days.js';
import { failOps } from './settle.js';

/**
 * Sends a well's leading run of upsert operations (already marked syncing):
 * one conflict read of the span they touch, then their merged records in
 * POSTs of at most 5,000. Conflicting operations (and everything after them in
 * this well) stay behind; the ones before the first conflict are sent.
 */
export async function pushUpserts(
  scope: PushScope,
  group: readonly OutboxOp[],
  units: UnitSystem,
): Promise<void> {
  const { ctx, connection, signal } = scope;
  const head = group[0]!;
  const all = mergeDays(scope, group);
  const span: DateInterval = { from: all[0]!.date, to: all[all.length - 1]!.date };

  const series = await callServer(ctx, connection, (client) =>
    client.getProduction(
      head.projectId,
      head.wellId,
      { ...span, aggregation: 'daily', fields: PRODUCTION_FIELDS },
      { signal },
    ),
  );
  const readAt = ctx.now().toISOString();
  const server = daysFromRows(seriesToStoredRows(series, span, units));
  const conflicts = findConflicts(all, server);
  const firstConflict = conflicts.size === 0 ? Infinity : Math.min(...conflicts.keys());
  const sending = group.filter((op) => op.seq < firstConflict);
  const waiting = group.filter((op) => op.seq > firstConflict && !conflicts.has(op.seq));

  if (conflicts.size > 0) {
    writeIfConnected(ctx, connection.id, () => {
      // The server's values as found: "take theirs" just drops ours over them.
      storeServerDays(ctx, connection.id, head.wellId, span, server, readAt);
      for (const [seq, days] of conflicts) {
        const theirs: UpsertPayload['theirs'] = Object.fromEntries(
          days.map((d) => [d.date, d.theirs]),
        );
        ctx.outbox.setPayload(connection.id, seq, JSON.stringify({ theirs }), readAt);
        ctx.outbox.failAttempt(connection.id, seq, 'conflict', conflictError(days, units), readAt);
      }
      for (const op of waiting) ctx.outbox.setState(connection.id, op.seq, 'pending', readAt);
    });
    announceOutbox(ctx, connection.id, { projectId: head.projectId, wellId: head.wellId });
    announceProduction(
      ctx,
      { connectionId: connection.id, projectId: head.projectId, wellId: head.wellId },
      span,
    );
  }
  if (sending.length === 0) return;

  const days = sending.length === group.length ? all : mergeDays(scope, sending);
  const toApi = apiRecordMaker(units);
  const records = days.map((day) => toApi(day.date, day.latest.values));
  let sent = 0;
  try {
    await callServer(ctx, connection, (client) =>
      client.upsertProductionChunked(head.projectId, head.wellId, records, {
        signal,
        onProgress: (progress) => {
          sent = progress.sent;
        },
      }),
    );
  } catch (error) {
    const failure = classify(error);
    if (failure.kind !== 'rejected') throw error;
    rejectRecords(scope, sending, days, sent, failure.error, error);
    return;
  }

  const ours = new Map(days.map((day) => [day.date, day.latest.values]));
  const after: ServerDays = new Map([...server, ...ours]);
  const at = ctx.now().toISOString();
  writeIfConnected(ctx, connection.id, () => {
    for (const op of sending) ctx.outbox.remove(connection.id, op.seq);
    // The server's rows of the span now: as read, with ours over them.
    storeServerDays(ctx, connection.id, head.wellId, span, after, readAt);
    rebase(ctx, connection.id, head.wellId, span, (date) => ours.get(date), at);
  });
  scope.pushed += sending.length;
  announceOutbox(ctx, connection.id, { projectId: head.projectId, wellId: head.wellId });
  announceProduction(
    ctx,
    { connectionId: connection.id, projectId: head.projectId, wellId: head.wellId },
    span,
  );
}

/** The records of the operations, one per day, the latest operation's winning. */
function mergeDays(scope: PushScope, ops: readonly OutboxOp[]): PushDay[] {
  const days = new Map<string, PushDay>();
  for (const op of ops) {
    for (const record of scope.ctx.outboxRecords.of(op.seq)) {
      const row = { seq: op.seq, values: record.values, base: record.base };
      const day = days.get(record.date);
      if (day) {
        day.latest = row;
        day.rows.push(row);
      } else days.set(record.date, { date: record.date, latest: row, rows: [row] });
    }
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * A 400 (or 403, 409, …) for a POST: the operations whose records the
 * server's details name fail with those details, each path rewritten from
 * the request's index to the record's date (`records[2024-01-05].watercut`);
 * the others go back to pending. With nothing to map (no details, or a 403),
 * every operation sent fails with the server's message.
 */
function rejectRecords(
  scope: PushScope,
  sending: readonly OutboxOp[],
  days: readonly PushDay[],
  chunkStart: number,
  error: IpcError,
  raw: unknown,
): void {
  const perOp = new Map<number, IpcError>();
  const details = isApiCallError(raw) && raw.status === 400 ? (raw.details ?? []) : [];
  for (const detail of details) {
    const match = /^records\[(\d+)\](.*)$/.exec(detail.path);
    const day = match ? days[chunkStart + Number(match[1])] : undefined;
    if (!match || !day) continue;
    const own = perOp.get(day.latest.seq) ?? {
      ...error,
      details: { ...error.details, issues: [] },
    };
    own.details!.issues!.push({ path: `records[${day.date}]${match[2]}`, message: detail.message });
    perOp.set(day.latest.seq, own);
  }
  failOps(scope, sending, error, perOp.size === 0 ? undefined : perOp);
}
