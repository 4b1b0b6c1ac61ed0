/**
 * A production POST of 10,000 records is one transaction: a server SIGKILLed at
 * any moment leaves either none or all of them, and a well-formed database file.
 * Runs on SQLite, and on PostgreSQL under `npm run test:pg` (testing/crash-target.ts).
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { crashTarget, type CrashTarget, type WellState } from './testing/crash-target.js';
import { rawJsonPost, type RawResponse } from './testing/raw-request.js';
import {
  createTokenCli,
  createWell,
  dailyRecords,
  killAllChildren,
  projectAndWell,
  startServe,
  tempDir,
} from './testing/spawn-server.js';

const RECORDS = 10_000;

type KillPlan =
  | { kind: 'mid-upload'; fraction: number }
  | { kind: 'after-send'; delayMs: number }
  | { kind: 'on-first-write' }
  | { kind: 'after-response' };

const jitter = (ms: number) => Math.max(0, Math.round(ms + (Math.random() - 0.5) * 20));

/**
 * Kill moments from "the body is still arriving" to "the 200 is already back".
 * A cold server answers a 10,000-record POST in roughly 150–250 ms on an idle
 * 2-core machine, so the fixed delays after the body is sent span 0–300 ms. They
 * drift with machine load, so two more kills are aimed at the write itself: the
 * moment the database's write-ahead log starts to change (SQLite), or the server's
 * session takes a transaction id (PostgreSQL).
 */
const PLANS: KillPlan[] = [
  { kind: 'mid-upload', fraction: 0.5 },
  ...[0, 80, 150, 200, 300].map((ms): KillPlan => ({
    kind: 'after-send',
    delayMs: ms === 0 ? 0 : jitter(ms),
  })),
  { kind: 'on-first-write' },
  { kind: 'on-first-write' },
  { kind: 'after-response' },
];

describe('crash atomicity of a 10,000-record production POST', () => {
  const temp = tempDir();
  let target: CrashTarget | undefined;
  afterEach(killAllChildren);
  afterAll(async () => {
    await target?.close();
    temp.cleanup();
  });

  it('leaves exactly 0 or exactly 10,000 rows and an intact file, whenever the server is SIGKILLed', async () => {
    target = await crashTarget(temp.dir);
    const file = target.db;
    const token = await createTokenCli(file, 'crash-user', ['--plan', 'enterprise']);
    const body = JSON.stringify({ records: dailyRecords(RECORDS) });

    let projectId = '';
    const wellIds: string[] = [];
    /** Wells whose POST was acknowledged with 200: they must hold 10,000 rows forever after. */
    const acknowledged = new Set<string>();
    const outcomes: string[] = [];
    const tally = { zero: 0, all: 0, acknowledgedBeforeKill: 0, committedUnacknowledged: 0 };

    let responseMs = 0;
    for (const [index, plan] of PLANS.entries()) {
      const server = await startServe(['--db', file, '--port', '0', '--log-level', 'warn']);
      let wellId: string;
      if (projectId === '') {
        ({ projectId, wellId } = await projectAndWell(server, token, `Crash well ${index}`));
      } else {
        wellId = await createWell(server, token, projectId, `Crash well ${index}`);
      }
      wellIds.push(wellId);

      const post = rawJsonPost(
        `${server.api}/projects/${projectId}/wells/${wellId}/production`,
        token,
        body,
      );
      let response: RawResponse | undefined;
      if (plan.kind === 'mid-upload') {
        await post.writePart(plan.fraction);
        await new Promise((wait) => setTimeout(wait, 20));
        server.signal('SIGKILL');
      } else if (plan.kind === 'on-first-write') {
        // Nothing else writes while this POST runs: the first write seen is its own.
        const written = target.watchWrite();
        await post.finish();
        const changed = await written(10_000);
        response = post.received();
        server.signal('SIGKILL');
        expect(changed, 'the POST never reached the database within 10 s').toBe(true);
      } else if (plan.kind === 'after-send') {
        await post.finish();
        if (plan.delayMs > 0) await new Promise((wait) => setTimeout(wait, plan.delayMs));
        response = post.received();
        server.signal('SIGKILL');
      } else {
        await post.finish();
        const sentAt = performance.now();
        const outcome = await post.outcome;
        if (outcome instanceof Error) throw outcome;
        response = outcome;
        server.signal('SIGKILL');
        responseMs = performance.now() - sentAt;
      }
      const exit = await server.exited;
      expect(exit.signal).toBe('SIGKILL');
      await post.outcome;

      await target.settle();
      const { integrity, wells } = await target.inspect(wellIds);
      if (integrity !== undefined) expect(integrity).toBe('ok');
      const state = wells.get(wellId) as WellState;
      expect(state.exists).toBe(true);
      expect([0, RECORDS]).toContain(state.count);
      // The well's firstProductionDate is written in the same transaction.
      expect(state.firstProductionDate).toBe(state.count === RECORDS ? '1990-01-01' : null);
      if (plan.kind === 'mid-upload') expect(state.count).toBe(0);

      if (response) {
        expect(response.status).toBe(200);
        expect(JSON.parse(response.body)).toEqual({
          inserted: RECORDS,
          updated: 0,
          total: RECORDS,
        });
        expect(state.count).toBe(RECORDS);
        acknowledged.add(wellId);
        tally.acknowledgedBeforeKill++;
      }
      // Earlier acknowledged writes survive every later crash and recovery.
      for (const id of acknowledged) expect(wells.get(id)?.count).toBe(RECORDS);

      if (state.count === 0) tally.zero++;
      else tally.all++;
      if (state.count === RECORDS && !response) tally.committedUnacknowledged++;
      const when =
        plan.kind === 'mid-upload'
          ? `mid-upload (${plan.fraction * 100}% of the body sent)`
          : plan.kind === 'after-send'
            ? `${plan.delayMs} ms after the body was sent`
            : plan.kind === 'on-first-write'
              ? target.writeMoment
              : `right after the 200 (${Math.round(responseMs)} ms after the body was sent)`;
      outcomes.push(
        `  kill ${when}: ${state.count} rows${response ? ` (response ${response.status} before the kill)` : ''}`,
      );
    }

    console.log(
      `crash atomicity: ${PLANS.length} kills, ${tally.zero} left 0 rows, ${tally.all} left ${RECORDS} rows, ` +
        `${tally.acknowledgedBeforeKill} had their 200 before the kill, ` +
        `${tally.committedUnacknowledged} were committed but killed before the 200 arrived\n${outcomes.join('\n')}`,
    );
    expect(tally.zero + tally.all).toBe(PLANS.length);
    expect(tally.acknowledgedBeforeKill).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
