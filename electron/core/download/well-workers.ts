import { setTimeout as sleep } from 'node:timers/promises';
import type { UnitSystem } from '#shared/api/index.js';
import { CoreError } from '#shared/desktop/index.js';
import { callServer, type CoreContext } from '../core-context.js';
import { fetchProject, forgetWell } from '../reads/server-refresh.js';
import { FailureStreak, judgeWellFailure } from './failure-policy.js';
import type { DownloadSpec, RunControl, RunDeps, WellTask } from './run-types.js';
import { fetchAndStore } from './well-fetch.js';

/**
 * A few wells at once, so the server's work and our SQLite writes overlap;
 * more would only queue in the client's rate limiter, which paces them all.
 */
export const DOWNLOAD_CONCURRENCY = 4;

/** Fetches the wells with a few workers; returns those now cached. */
export async function fetchWells(
  ctx: CoreContext,
  spec: DownloadSpec,
  tasks: readonly WellTask[],
  pass: { unitSystem: UnitSystem; again: boolean },
  control: RunControl,
  deps: RunDeps,
): Promise<WellTask[]> {
  const queue = [...tasks];
  const fetched: WellTask[] = [];
  const streak = new FailureStreak();
  // One worker's fatal error (offline, 401) stops the others at once.
  const fatal = new AbortController();
  const signal = AbortSignal.any([control.signal, fatal.signal]);
  let failure: { error: unknown } | undefined;
  const next = (): WellTask | undefined => {
    if (control.stopping.aborted || signal.aborted) return undefined;
    const first = control.first?.();
    const hurried = first && first.size > 0 ? queue.findIndex((task) => first.has(task.id)) : -1;
    return hurried > 0 ? queue.splice(hurried, 1)[0] : queue.shift();
  };

  await callServer(ctx, spec.connection, async (client) => {
    deps.progress.watchLimiter(() => client.limiterState());
    const worker = async () => {
      for (;;) {
        if (control.turn) await control.turn(signal);
        const task = next();
        if (!task) return;
        if (await downloadWell(task)) fetched.push(task);
      }
    };
    const downloadWell = async (task: WellTask): Promise<boolean> => {
      for (let rateRetries = 0; ; rateRetries++) {
        try {
          const stored = await fetchAndStore(ctx, spec, client, task, pass, signal);
          deps.progress.answered(task.gaps.length);
          if (stored !== null) {
            deps.progress.wellFetched(stored, pass.again);
            streak.record({ kind: 'ok' });
            return true;
          }
          // A refresh removed the well meanwhile: the server no longer lists it.
          skip(
            task,
            new CoreError(
              'not-found',
              `Well ${task.name} is no longer in project ${spec.projectId}.`,
            ),
            true,
            pass.again,
          );
          return false;
        } catch (error) {
          const verdict = judgeWellFailure(error, rateRetries);
          if (verdict.kind === 'stop') throw error;
          if (verdict.kind === 'retry') {
            try {
              await sleep(verdict.afterMs, undefined, {
                signal: AbortSignal.any([signal, control.stopping]),
              });
            } catch (aborted) {
              if (control.stopping.aborted && !signal.aborted) return false; // cancelled: left for a re-run
              throw aborted;
            }
            continue;
          }
          deps.progress.answered(task.gaps.length);
          const reported = verdict.gone
            ? new CoreError(
                'not-found',
                forgetWell(ctx, spec.connection, spec.projectId, task.id).message,
                verdict.error.details,
              )
            : verdict.error;
          const judged = skip(task, reported, verdict.gone, pass.again);
          if (judged === 'stop') throw error;
          // Several wells gone in a row: is it the project? (fetchProject throws not-found if so.)
          if (judged === 'check')
            await fetchProject(ctx, spec.connection, client, spec.projectId, signal);
          return false;
        }
      }
    };
    const skip = (task: WellTask, error: CoreError, gone: boolean, again: boolean) => {
      const failed = { wellId: task.id, name: task.name, error: error.toJSON() };
      if (!again) deps.progress.wellFailed(failed, gone);
      deps.log.wellFailed(spec.connection.id, spec.projectId, failed);
      return streak.record({ kind: 'skip', gone });
    };
    const concurrency = control.concurrency ?? DOWNLOAD_CONCURRENCY;
    const workers = Array.from({ length: Math.min(concurrency, queue.length) }, () =>
      worker().catch((error: unknown) => {
        failure ??= { error };
        fatal.abort();
      }),
    );
    await Promise.all(workers);
    if (failure) throw failure.error;
  });
  return fetched;
}
