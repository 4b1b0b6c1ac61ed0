import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiProject, type ApiWell } from '#shared/client/index.js';
import { HISTORY_START } from '#shared/desktop/index.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/**
 * A core killed (SIGKILL) in the middle of keeping a project, then started again without
 * being asked: the kept project resumes by itself, fetches only what the killed run had not
 * stored, and ends equal to the server's data, day by day and value by value.
 */

const CHILD = join(import.meta.dirname, 'testing', 'replica-child.ts');
const WELLS = 30;
let demo: DemoServer;
let api: ApiClient;
let project: ApiProject;
let dataDir: string;

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [WELLS], rateLimit: false });
  api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token, rateLimit: false });
  for await (const p of api.iterateProjects()) project ??= p;
  dataDir = mkdtempSync(join(tmpdir(), 'flowline-replica-crash-'));
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await demo.close();
});

type Message = { type: string; url?: string; recent?: number; complete?: number };

function startChild(open: boolean) {
  const options = {
    dataDir,
    baseUrl: demo.baseUrl,
    token: demo.token,
    projectId: project.id,
    open,
  };
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', CHILD, JSON.stringify(options)],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const messages: Message[] = [];
  const waiters: Array<{ predicate: (m: Message) => boolean; resolve: () => void }> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const message = JSON.parse(line) as Message;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const when = (predicate: (m: Message) => boolean) =>
    messages.some(predicate)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ predicate, resolve }));
  return { child, messages, exited, when };
}

function readCache<T>(read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'cache.db'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** "…/wells/<id>/production?from=…&to=…" → the well and the range asked for. */
function parseRequest(url: string): { wellId: string; from: string; to: string } {
  const parsed = new URL(url, 'http://x');
  return {
    wellId: /\/wells\/([^/]+)\/production/.exec(parsed.pathname)![1]!,
    from: parsed.searchParams.get('from')!,
    to: parsed.searchParams.get('to')!,
  };
}

describe('keeping a project through a crash', () => {
  it('resumes after SIGKILL by itself, fetches no stored day again, and equals the server', async () => {
    const first = startChild(true);
    // Killed during the history pass: some wells whole, others not yet.
    await first.when((m) => m.type === 'progress' && (m.complete ?? 0) >= 5);
    first.child.kill('SIGKILL');
    await first.exited;

    const stored = readCache(
      (db) =>
        db
          .prepare('SELECT well_id AS wellId, from_date AS "from", to_date AS "to" FROM coverage')
          .all() as Array<{ wellId: string; from: string; to: string }>,
    );
    expect(stored.length).toBeGreaterThan(0);

    const second = startChild(false);
    await second.when((m) => m.type === 'current');
    second.child.kill('SIGTERM');
    await second.exited;

    // Nothing the killed run stored was asked for again.
    const again = second.messages
      .filter((m) => m.type === 'request')
      .map((m) => parseRequest(m.url!));
    expect(again.length).toBeGreaterThan(0);
    for (const request of again) {
      const overlaps = stored.filter(
        (interval) =>
          interval.wellId === request.wellId &&
          interval.from <= request.to &&
          interval.to >= request.from,
      );
      expect(overlaps, `${request.wellId} ${request.from}..${request.to}`).toEqual([]);
    }

    // The replica equals the server: every well, every day, every value (in imperial units).
    const today = new Date().toISOString().slice(0, 10);
    const wells: ApiWell[] = [];
    for await (const well of api.iterateWells(project.id)) wells.push(well);
    expect(wells).toHaveLength(WELLS);
    for (const well of wells) {
      const series = await api.getProduction(project.id, well.id, {
        from: HISTORY_START,
        to: today,
        aggregation: 'daily',
        fields: ['oil_rate', 'gas_rate', 'water_rate'],
      });
      const cached = readCache(
        (db) =>
          db
            .prepare(
              'SELECT date, oil_rate, water_rate FROM production WHERE well_id = ? ORDER BY date',
            )
            .all(well.id) as Array<{
            date: string;
            oil_rate: number | null;
            water_rate: number | null;
          }>,
      );
      expect(cached.map((row) => row.date)).toEqual(series.data.map((record) => record.date));
      if (project.unitSystem === 'imperial') {
        expect(cached.map((row) => row.oil_rate)).toEqual(
          series.data.map((record) => record.oil_rate ?? null),
        );
        expect(cached.map((row) => row.water_rate)).toEqual(
          series.data.map((record) => record.water_rate ?? null),
        );
      }
    }
  });
});
