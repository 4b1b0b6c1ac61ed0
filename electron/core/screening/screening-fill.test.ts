import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '#shared/client/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import type { ScreeningStatus, WellView } from '#shared/desktop/index.js';
import { SCREENING_WINDOW_DAYS, screeningFigures } from '#shared/production/screening.js';
import {
  startPublishedService,
  type PublishedService,
} from '#shared/client/testing/published-service/published-service.js';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { DEMO_TODAY, startDemoServer, type DemoServer } from '../testing/demo-server.js';

/**
 * The screening fill against our real server (one summary request, the
 * extension its OpenAPI document lists) and against the mock of the published
 * service (no such document: one read of each well's last 120 days), offline,
 * cancelled and resumed.
 */

const NOW = new Date(`${addDays(DEMO_TODAY, 1)}T06:00:00.000Z`);
let demo: DemoServer | undefined;
let service: PublishedService | undefined;
let harness: CoreHarness | undefined;

afterEach(async () => {
  await harness?.close();
  await demo?.close();
  await service?.close();
  harness = undefined;
  demo = undefined;
  service = undefined;
});

async function firstProject(h: CoreHarness) {
  const projects = await h.core.handlers['projects-list']({ refresh: 'await' });
  const project = projects.data[0]!;
  await h.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
  return project;
}

/** Starts the fill and collects its progress events until it is no longer running. */
async function fill(h: CoreHarness, projectId: string) {
  const events: ScreeningStatus[] = [];
  const off = h.core.events.on('screening-progress', (status) => events.push(status));
  const started = await h.core.handlers['screening-fill-start']({ projectId });
  await h.core.whenIdle();
  off();
  const final = await h.core.handlers['screening-fill-status']({ projectId });
  return { started, events, final };
}

async function list(h: CoreHarness, projectId: string, extra: object = {}) {
  return (await h.core.handlers['wells-list']({ projectId, sparklines: ['oil'], ...extra })).data
    .wells;
}

const productionRequests = (h: CoreHarness, mark = 0) =>
  h.requests.slice(mark).filter((request) => /\/wells\/[^/]+\/production/.test(request));

describe('screening fill on our server (the summary extension)', () => {
  it('fills every well with one request, figures equal to the rows the API serves', async () => {
    demo = await startDemoServer({ wellCounts: [6, 2] });
    harness = await startCore(demo, { now: () => NOW });
    const project = await firstProject(harness);
    const mark = harness.requests.length;

    const { started, events, final } = await fill(harness, project.id);
    expect(started).toMatchObject({ state: 'running', total: 6, done: 0 });
    expect(final).toMatchObject({ state: 'done', path: 'summary', total: 6, done: 6, requests: 1 });
    expect(final.asOf).toBe(NOW.toISOString());
    expect(events.at(-1)).toMatchObject({ state: 'done', done: 6 });
    const sent = harness.requests.slice(mark);
    expect(sent.filter((request) => request.includes('/production/latest'))).toHaveLength(1);
    expect(productionRequests(harness, mark)).toEqual([]);

    // Against the API: the 120 days up to each well's last producing day, read directly,
    // give the same figures (a well that stopped years ago included).
    const api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token, rateLimit: false });
    const wells = await list(harness, project.id);
    expect(wells).toHaveLength(6);
    for (const well of wells) {
      const history = await api.getProduction(project.id, well.id, {
        from: '2000-01-01',
        to: DEMO_TODAY,
        fields: ['oil_rate', 'gas_rate', 'water_rate'],
      });
      const producing = history.data.filter(
        (day) => (day.oil_rate ?? 0) > 0 || (day.gas_rate ?? 0) > 0 || (day.water_rate ?? 0) > 0,
      );
      const last = producing.at(-1)?.date ?? DEMO_TODAY;
      const recent = history.data.filter(
        (day) => day.date >= addDays(last, -(SCREENING_WINDOW_DAYS - 1)) && day.date <= last,
      );
      const expected = screeningFigures({
        dates: recent.map((day) => day.date),
        rates: {
          oil: recent.map((day) => day.oil_rate ?? null),
          gas: recent.map((day) => day.gas_rate ?? null),
          water: recent.map((day) => day.water_rate ?? null),
        },
      });
      expect(well.lastProduction?.date ?? null).toBe(expected.lastProductionDate);
      if (expected.lastProductionDate === null) continue;
      expect(well.lastProduction?.oilRate).toBeCloseTo(expected.latest.oil ?? 0, 6);
      for (const stream of ['oil', 'gas', 'water'] as const) {
        const change = well.screening?.change[stream] ?? null;
        if (expected.change[stream] === null) expect(change).toBeNull();
        else expect(change).toBeCloseTo(expected.change[stream]!, 6);
      }
      expect(well.screening?.sparklines.oil).toHaveLength(90);
      expect(well.screening?.sparklines.oil?.at(-1)).toBeCloseTo(expected.latest.oil ?? 0, 6);
    }
    // The averaged bases, from the summary's days, equal those of the rows.
    for (const basis of ['avg-7', 'avg-30'] as const) {
      const averaged = await list(harness, project.id, { rateBasis: basis });
      for (const well of averaged) {
        const history = await api.getProduction(project.id, well.id, {
          from: addDays(well.lastProduction?.date ?? DEMO_TODAY, -(SCREENING_WINDOW_DAYS - 1)),
          to: well.lastProduction?.date ?? DEMO_TODAY,
          fields: ['oil_rate', 'gas_rate', 'water_rate'],
        });
        const expected = screeningFigures({
          dates: history.data.map((day) => day.date),
          rates: {
            oil: history.data.map((day) => day.oil_rate ?? null),
            gas: history.data.map((day) => day.gas_rate ?? null),
            water: history.data.map((day) => day.water_rate ?? null),
          },
        }).averages[basis];
        if (expected.gas === null) expect(well.lastProduction?.gasRate ?? null).toBeNull();
        else expect(well.lastProduction?.gasRate).toBeCloseTo(expected.gas, 6);
        if (expected.oil === null) expect(well.lastProduction?.oilRate ?? null).toBeNull();
        else expect(well.lastProduction?.oilRate).toBeCloseTo(expected.oil, 6);
      }
    }
  });

  it('sorts by the latest oil rate and the 30-day change, empty values last', async () => {
    demo = await startDemoServer({ wellCounts: [6] });
    harness = await startCore(demo, { now: () => NOW });
    const project = await firstProject(harness);
    await fill(harness, project.id);
    const byOil = await list(harness, project.id, {
      sort: { column: 'latestOilRate', direction: 'desc' },
    });
    const rates = byOil.map((well) => well.lastProduction?.oilRate ?? null);
    const known = rates.filter((rate): rate is number => rate !== null);
    expect(known.length).toBeGreaterThan(0);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(rates.slice(known.length).every((rate) => rate === null)).toBe(true);

    const byChange = await list(harness, project.id, {
      sort: { column: 'oilChange', direction: 'asc' },
    });
    const changes = byChange
      .map((well) => well.screening?.change.oil ?? null)
      .filter((change): change is number => change !== null);
    expect(changes).toEqual([...changes].sort((a, b) => a - b));

    const bySince = await list(harness, project.id, {
      sort: { column: 'daysSinceProduction', direction: 'asc' },
    });
    const days = bySince
      .map((well) => well.lastProduction?.date ?? null)
      .filter((day): day is string => day !== null);
    // Fewest days since first: the latest days first.
    expect(days).toEqual([...days].sort().reverse());
  });

  it('asks nothing again while the figures are fresh, and again once they are stale', async () => {
    demo = await startDemoServer({ wellCounts: [4] });
    let now = NOW;
    harness = await startCore(demo, { now: () => now });
    const project = await firstProject(harness);
    await fill(harness, project.id);
    const mark = harness.requests.length;
    const again = await fill(harness, project.id);
    expect(again.final).toMatchObject({ state: 'done', total: 0, requests: 0 });
    expect(harness.requests.slice(mark)).toEqual([]);

    now = new Date(NOW.getTime() + 7 * 60 * 60 * 1000);
    const later = await fill(harness, project.id);
    expect(later.final).toMatchObject({ state: 'done', total: 4, done: 4, requests: 1 });
    expect(later.final.asOf).toBe(now.toISOString());
  });

  it('still reads the summary after a run cancelled while the server document was on its way', async () => {
    // The benchmark's stuck fill: a run cancelled (the table left the project) while the
    // client asked the server which extensions it offers left "none" for good, and every
    // later fill read the 20,000 wells one at a time, for far longer than anyone waits.
    demo = await startDemoServer({ wellCounts: [6] });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    harness = await startCore(demo, {
      now: () => NOW,
      fetch: async (input, init) => {
        asked.push(new URL(input).pathname);
        if (new URL(input).pathname.endsWith('/openapi.json')) await held;
        return globalThis.fetch(input, init);
      },
    });
    const project = await firstProject(harness);
    await harness.core.handlers['screening-fill-start']({ projectId: project.id });
    await vi.waitFor(() => expect(asked.some((path) => path.endsWith('/openapi.json'))).toBe(true));
    await harness.core.handlers['screening-fill-cancel']({ projectId: project.id });
    release();
    await harness.core.whenIdle();
    expect(
      await harness.core.handlers['screening-fill-status']({ projectId: project.id }),
    ).toMatchObject({ state: 'cancelled', done: 0 });

    const { final } = await fill(harness, project.id);
    expect(final).toMatchObject({ state: 'done', path: 'summary', total: 6, done: 6, requests: 1 });
    expect(asked.filter((path) => /\/wells\/[^/]+\/production/.test(path))).toEqual([]);
  });

  it('a run started again after a cancel uses the summary the cancelled run asked for', async () => {
    demo = await startDemoServer({ wellCounts: [5] });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    harness = await startCore(demo, {
      now: () => NOW,
      fetch: async (input, init) => {
        asked.push(new URL(input).pathname);
        if (new URL(input).pathname.endsWith('/production/latest')) await held;
        return globalThis.fetch(input, init);
      },
    });
    const project = await firstProject(harness);
    const summaries = () => asked.filter((path) => path.endsWith('/production/latest'));
    await harness.core.handlers['screening-fill-start']({ projectId: project.id });
    await vi.waitFor(() => expect(summaries()).toHaveLength(1));
    // The table leaves the project and comes back while the summary is on its way.
    await harness.core.handlers['screening-fill-cancel']({ projectId: project.id });
    const again = await harness.core.handlers['screening-fill-start']({ projectId: project.id });
    release();
    await harness.core.whenIdle();
    const final = await harness.core.handlers['screening-fill-status']({ projectId: project.id });
    expect(final).toMatchObject({
      state: 'done',
      startedAt: again.startedAt,
      path: 'summary',
      total: 5,
      done: 5,
      requests: 0,
    });
    expect(summaries()).toHaveLength(1);
    const wells = await list(harness, project.id);
    expect(wells.every((well) => well.screening !== null)).toBe(true);
  });

  it('computes from the cache, without a request, the wells whose recent rows it holds', async () => {
    demo = await startDemoServer({ wellCounts: [3] });
    harness = await startCore(demo, { now: () => NOW });
    const project = await firstProject(harness);
    const today = addDays(DEMO_TODAY, 1);
    const wells = await list(harness, project.id);
    await harness.core.handlers['offline-download-start']({
      projectId: project.id,
      from: addDays(today, -200),
      to: today,
    });
    await harness.core.whenIdle();
    const mark = harness.requests.length;
    const { final } = await fill(harness, project.id);
    expect(final).toMatchObject({ state: 'done', path: 'cache', total: 3, done: 3, requests: 0 });
    expect(harness.requests.slice(mark)).toEqual([]);
    const filled = await list(harness, project.id);
    expect(filled.map((well) => well.screening !== null)).toEqual(wells.map(() => true));
  });
});

describe('screening fill on the published service (no summary: one read per well)', () => {
  const MOCK_NOW = new Date('2025-03-10T09:00:00.000Z');

  async function connect(wells: number) {
    service = await startPublishedService({
      seed: [{ name: 'Permian Basin', unitSystem: 'imperial', wells, days: 60 }],
    });
    harness = await startCore(service, { now: () => MOCK_NOW });
    return firstProject(harness);
  }

  it("reads each well's last 120 days once and fills the table from them", async () => {
    const project = await connect(4);
    const mark = harness!.requests.length;
    const { final, events } = await fill(harness!, project.id);
    expect(final).toMatchObject({
      state: 'done',
      path: 'per-well',
      total: 4,
      done: 4,
      requests: 4,
    });
    // Progress moves one well at a time, never backwards.
    const done = events.map((event) => event.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    const reads = productionRequests(harness!, mark);
    expect(reads).toHaveLength(4);
    for (const read of reads) {
      expect(read).toContain(`from=${addDays('2025-03-10', -(SCREENING_WINDOW_DAYS - 1))}`);
      expect(read).toContain('to=2025-03-10');
    }
    expect(service!.requests.some((request) => request.path.endsWith('/openapi.json'))).toBe(true);
    const wells: WellView[] = await list(harness!, project.id);
    // The seed: oil 500 − 2·day − 10·well over 60 days from 2025-01-01; the last day is day 59.
    const first = wells.find((well) => well.id === 'well-seed-0-0')!;
    expect(first.lastProduction).toMatchObject({ date: '2025-03-01', oilRate: 382 });
    expect(first.screening?.change.oil).toBeCloseTo(((382 - 442) / 442) * 100, 6);
    expect(first.screening?.sparklines.oil?.filter((value) => value !== null)).toHaveLength(60);
    // The last 7 producing days are 394 down to 382, the last 30 are 440 down to 382.
    const averaged = async (rateBasis: 'avg-7' | 'avg-30') =>
      (await list(harness!, project.id, { rateBasis })).find((well) => well.id === first.id)!;
    expect((await averaged('avg-7')).lastProduction).toMatchObject({ oilRate: 388 });
    expect((await averaged('avg-30')).lastProduction).toMatchObject({ oilRate: 411 });
  });

  it('a well idle for longer than the window: its figures end at its last producing day', async () => {
    // Its rows here (a download), then the fill months later: the 120 days to today hold none.
    service = await startPublishedService({
      seed: [{ name: 'Permian Basin', unitSystem: 'imperial', wells: 1, days: 60 }],
    });
    let now = MOCK_NOW;
    harness = await startCore(service, { now: () => now });
    const project = await firstProject(harness);
    await harness.core.handlers['offline-download-start']({
      projectId: project.id,
      from: '2024-12-01',
      to: '2025-03-10',
    });
    await harness.core.whenIdle();
    now = new Date('2025-09-01T09:00:00.000Z');
    const { final } = await fill(harness, project.id);
    expect(final).toMatchObject({ state: 'done', done: 1 });
    const [well] = await list(harness, project.id, { rateBasis: 'avg-30' });
    expect(well?.lastProduction).toMatchObject({ date: '2025-03-01', oilRate: 411 });
    expect(well?.screening?.sparklines.oil?.at(-1)).toBe(382);
  });

  it('stops when cancelled and fills only the rest when started again', async () => {
    const project = await connect(12);
    await harness!.core.handlers['screening-fill-start']({ projectId: project.id });
    const cancelled = await harness!.core.handlers['screening-fill-cancel']({
      projectId: project.id,
    });
    await harness!.core.whenIdle();
    const after = await harness!.core.handlers['screening-fill-status']({ projectId: project.id });
    expect(after.state).toBe('cancelled');
    expect(after.done).toBeLessThan(12);
    expect(cancelled.projectId).toBe(project.id);

    const { final } = await fill(harness!, project.id);
    expect(final).toMatchObject({ state: 'done', total: 12 - after.done, done: 12 - after.done });
    const wells = await list(harness!, project.id);
    expect(wells.every((well) => well.screening !== null)).toBe(true);
  });

  it('starts a new run when started again right after a cancel, before the run has stopped', async () => {
    // The wells table leaving its project and coming back at once (or its effect running
    // again): the cancel and the next start reach the core before the cancelled run has
    // noticed. The start must not answer with that run, which then ends `cancelled`.
    const project = await connect(12);
    const first = await harness!.core.handlers['screening-fill-start']({ projectId: project.id });
    await harness!.core.handlers['screening-fill-cancel']({ projectId: project.id });
    const second = await harness!.core.handlers['screening-fill-start']({ projectId: project.id });
    expect(second.state).toBe('running');
    // Later than the cancelled run's, even on a clock that stands still (as here): the
    // table keeps the status of the later run.
    expect(second.startedAt! > first.startedAt!).toBe(true);
    await harness!.core.whenIdle();
    const final = await harness!.core.handlers['screening-fill-status']({ projectId: project.id });
    expect(final).toMatchObject({ state: 'done', startedAt: second.startedAt, total: 12 });
    const wells = await list(harness!, project.id);
    expect(wells.every((well) => well.screening !== null)).toBe(true);
  });

  it('offline, fills from what the cache holds and says how old it is', async () => {
    const project = await connect(3);
    // One well was opened while connected (its chart read its production).
    const openedAt = MOCK_NOW.toISOString();
    await harness!.core.handlers['production-get']({
      projectId: project.id,
      wellId: 'well-seed-0-1',
      from: '2025-01-01',
      to: '2025-03-10',
      aggregation: 'daily',
      refresh: 'await',
    });
    harness!.setOffline(true);
    const { final } = await fill(harness!, project.id);
    expect(final).toMatchObject({ state: 'offline', total: 3, done: 3 });
    expect(final.asOf).toBe(openedAt);
    const wells = await list(harness!, project.id);
    const opened = wells.find((well) => well.id === 'well-seed-0-1')!;
    expect(opened.screening).toMatchObject({ asOf: openedAt });
    expect(opened.lastProduction).toMatchObject({ date: '2025-03-01', oilRate: 372 });
    expect(wells.filter((well) => well.screening === null)).toHaveLength(2);
  });
});
