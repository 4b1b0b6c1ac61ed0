import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '#shared/client/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { recordsOf, RECORDS_PER_SAVE, type CrashChildOptions } from '../testing/crash-protocol.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/**
 * Crash safety: the core runs in a child process that saves and syncs, and is
 * killed with SIGKILL at random points — while starting, in a save, in a sync
 * pass, or just at some moment. After every kill, every save that had returned
 * is in the outbox or on the server with its values, nothing is there twice,
 * nothing is there that was never saved, and the cache passes integrity_check.
 * A last child then drains the outbox: the server ends with every save, once.
 */

const CHILD = fileURLToPath(new URL('../testing/crash-child.ts', import.meta.url));
const KILLS = 55;
const FIRST_DATE = '2001-01-01';

let demo: DemoServer;
let api: ApiClient;
let dataDir: string;
let base: Omit<CrashChildOptions, 'firstId' | 'mode'>;

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [1, 0, 0] });
  api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token });
  const [project] = (await api.listProjects()).data;
  const well = await api.createWell(project!.id, { name: 'Crash 1H' });
  dataDir = mkdtempSync(join(tmpdir(), 'flowline-crash-'));
  base = {
    dataDir,
    baseUrl: demo.baseUrl,
    token: demo.token,
    projectId: project!.id,
    wellId: well.id,
    firstDate: FIRST_DATE,
  };
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await demo.close();
});

type Message = { type: string; id?: number; phase?: string; pending?: number };

interface Child {
  process: ChildProcess;
  messages: Message[];
  /** Resolves with the first message (seen or coming) that satisfies the predicate. */
  when(predicate: (message: Message) => boolean): Promise<Message>;
  exited: Promise<void>;
}

function startChild(options: CrashChildOptions): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const messages: Message[] = [];
  const waiters: Array<{ predicate: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as Message;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    messages,
    exited,
    when: (predicate) => {
      const seen = messages.find(predicate);
      return seen
        ? Promise.resolve(seen)
        : new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The kill points, chosen at random per round. Kinds 1 and 2 wait for what the test needs to
 * have happened (a save acknowledged; a save begun), however slow the machine: the test's
 * verdict counts saves, never how many fit into a time window.
 */
function killPoint(child: Child, round: number): Promise<unknown> {
  const kind = round % 4;
  const r = Math.random();
  if (kind === 0) return sleep(r * 300); // any moment, from process start (opening, recovering)
  const ready = child.when((m) => m.type === 'ready');
  if (kind === 1) {
    // Any moment while working, once at least one save has been acknowledged.
    return ready.then(() => child.when((m) => m.type === 'saved')).then(() => sleep(r * 250));
  }
  if (kind === 2) {
    // Inside a save: just after it announced itself.
    const nth = 1 + Math.floor(r * 12);
    return child.when(
      (m) => m.type === 'saving' && child.messages.filter((x) => x.type === 'saving').length >= nth,
    );
  }
  // Inside a sync pass: as one starts.
  const nth = 1 + Math.floor(r * 3);
  return child.when(
    (m) =>
      m.type === 'status' &&
      m.phase === 'syncing' &&
      child.messages.filter((x) => x.phase === 'syncing').length >= nth,
  );
}

interface Ledger {
  acked: Set<number>;
  issued: Set<number>;
}

/** The invariant, checked on the cache as the next start will find it, and on the server. */
async function check(ledger: Ledger): Promise<number> {
  let outbox: Array<{ date: string; oil_rate: number; water_rate: number }> = [];
  const file = join(dataDir, 'cache.db');
  // Killed before the cache was created, or before its first migration committed: nothing was saved.
  const db = existsSync(file) ? new Database(file, { fileMustExist: true }) : null;
  const migrated = db?.prepare("SELECT 1 FROM sqlite_master WHERE name = 'outbox'").get();
  if (!migrated) expect(ledger.acked.size).toBe(0);
  try {
    if (db) expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    if (db && migrated)
      outbox = db
        .prepare(
          `SELECT r.date, r.oil_rate, r.water_rate FROM outbox o JOIN outbox_records r ON r.outbox_seq = o.seq
         WHERE o.well_id = ? ORDER BY r.date`,
        )
        .all(base.wellId) as typeof outbox;
    const empty = migrated
      ? db!
          .prepare(
            `SELECT COUNT(*) FROM outbox o WHERE kind = 'upsert-records' AND NOT EXISTS (SELECT 1 FROM outbox_records WHERE outbox_seq = o.seq)`,
          )
          .pluck()
          .get()
      : 0;
    expect(empty).toBe(0);
  } finally {
    db?.close();
  }
  const last = Math.max(0, ...ledger.issued);
  const series = await api.getProduction(base.projectId, base.wellId, {
    from: FIRST_DATE,
    to: addDays(FIRST_DATE, (last + 1) * RECORDS_PER_SAVE),
  });
  const server = new Map(series.data.map((row) => [row.date, row]));
  const queued = new Map<string, (typeof outbox)[number]>();
  for (const row of outbox) {
    expect(queued.has(row.date), `${row.date} queued twice`).toBe(false);
    queued.set(row.date, row);
  }
  // Every day the server or the outbox holds was saved, with the values saved.
  const saved = new Map(
    [...ledger.issued].flatMap((id) => recordsOf(id, FIRST_DATE).map((r) => [r.date, r] as const)),
  );
  for (const [date, row] of server) {
    expect(saved.get(date), `server ${date}`).toMatchObject({
      oil_rate: row.oil_rate,
      water_rate: row.water_rate,
    });
    expect(row.gas_rate).toBeNull();
  }
  for (const [date, row] of queued) expect(saved.get(date), `outbox ${date}`).toEqual(row);
  // Every save that returned is in the outbox or on the server.
  for (const id of ledger.acked) {
    for (const record of recordsOf(id, FIRST_DATE)) {
      const there = queued.get(record.date) ?? server.get(record.date);
      expect(there, `save ${id}, ${record.date}`).toMatchObject({
        oil_rate: record.oil_rate,
        water_rate: record.water_rate,
      });
    }
  }
  return ledger.acked.size;
}

describe('crash safety', () => {
  it(`keeps every acknowledged save through ${KILLS} SIGKILLs during saves and sync`, async () => {
    const ledger: Ledger = { acked: new Set(), issued: new Set() };
    let checks = 0;
    let killedWhileSaving = 0;
    for (let round = 0; round < KILLS; round++) {
      const child = startChild({
        ...base,
        firstId: Math.max(-1, ...ledger.issued) + 1,
        mode: 'save',
      });
      // The kill point; "any moment" and "in a sync pass" kill a second after start at the
      // latest, the save kinds wait for their save (a child that died early ends the wait).
      const waitsForSave = round % 4 === 1 || round % 4 === 2;
      await Promise.race([
        killPoint(child, round),
        child.exited,
        ...(waitsForSave ? [] : [sleep(1_500)]),
      ]);
      child.process.kill('SIGKILL');
      await child.exited;
      for (const message of child.messages) {
        if (message.type === 'saving') ledger.issued.add(message.id!);
        if (message.type === 'saved') ledger.acked.add(message.id!);
      }
      const last = child.messages.filter((m) => m.type === 'saving' || m.type === 'saved').at(-1);
      if (last?.type === 'saving') killedWhileSaving++;
      checks += await check(ledger);
    }

    const drain = startChild({ ...base, firstId: 0, mode: 'drain' });
    await drain.when((m) => m.type === 'drained');
    await drain.exited;
    await check(ledger);
    const series = await api.getProduction(base.projectId, base.wellId, {
      from: FIRST_DATE,
      to: '2100-01-01',
    });
    const acked = [...ledger.acked].flatMap((id) => recordsOf(id, FIRST_DATE).map((r) => r.date));
    expect(series.data.length).toBeGreaterThanOrEqual(acked.length);
    expect(series.data.length).toBeLessThanOrEqual(ledger.issued.size * RECORDS_PER_SAVE);
    // Every "while working" round waited for an acknowledged save of its own.
    const roundsAfterASave = Math.ceil((KILLS - 1) / 4);
    expect(ledger.acked.size).toBeGreaterThanOrEqual(roundsAfterASave);
    console.info(
      `crash test: ${KILLS} kills (${killedWhileSaving} inside a save), ${ledger.acked.size} acknowledged saves of ${ledger.issued.size} started, ${checks} save checks, ${series.data.length} records on the server`,
    );
  }, 180_000);
});
