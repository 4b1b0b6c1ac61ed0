import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductionRecordInput } from '#shared/api/index.js';
import { ApiClient, type ApiProject, type ApiWell } from '#shared/client/index.js';
import type { QualityProgress } from '#shared/desktop/index.js';
import { addDays } from '#shared/dates/iso-day.js';
import { startCore, type CoreHarness } from '../testing/core-harness.js';
import { startDemoServer, type DemoServer } from '../testing/demo-server.js';

/**
 * quality-scan and quality-dismiss with a real core on a temp folder and the real
 * server: defects are written through the API as another client would, read onto
 * this computer by production-get, and found by the scan.
 */

const RANGE = { from: '2025-03-01', to: '2025-04-29' };
let demo: DemoServer;
let api: ApiClient;
let harness: CoreHarness;
let project: ApiProject;
let wells: ApiWell[];

/** Clean days over RANGE: oil wobbling ±3 % around 100 bbl/d, gas and water with it. */
function cleanDays(): ProductionRecordInput[] {
  return Array.from({ length: 60 }, (_, i) => {
    const wobble = 1 + 0.03 * Math.sin(i * 2.3 + 0.7);
    const oil = Math.round(1000 * wobble) / 10;
    return {
      date: addDays(RANGE.from, i),
      oil_rate: oil,
      gas_rate: Math.round(1500 * wobble * (1 + 0.01 * Math.cos(i))) / 10,
      water_rate: Math.round(500 * wobble * (1 + 0.01 * Math.sin(i))) / 10,
      bhp: 2000,
      thp: 500,
      choke_size: 24,
      runtime: 24,
      gor: null,
      watercut: null,
    };
  });
}

const scan = (args: { flatLineDays?: number } = {}) =>
  harness.core.handlers['quality-scan']({ projectId: project.id, ...args });

beforeAll(async () => {
  demo = await startDemoServer({ wellCounts: [4, 1, 1] });
  api = new ApiClient({ baseUrl: demo.baseUrl, token: demo.token });
  for await (const p of api.iterateProjects()) if (p.unitSystem === 'imperial') project ??= p;
  wells = [];
  for await (const well of api.iterateWells(project.id)) wells.push(well);
  wells.sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id));
  // Three wells get clean days; the first a spike on 2025-03-20 and no report on 2025-04-10.
  for (const [index, well] of wells.slice(0, 3).entries()) {
    const days = cleanDays().map((day) =>
      index === 0 && day.date === '2025-03-20' ? { ...day, oil_rate: 1_240 } : day,
    );
    await api.upsertProduction(project.id, well.id, days);
    if (index === 0) {
      await api.deleteProduction(project.id, well.id, { from: '2025-04-10', to: '2025-04-10' });
    }
  }
  harness = await startCore(demo);
  await harness.core.handlers['wells-list']({ projectId: project.id, refresh: 'await' });
  for (const well of wells.slice(0, 3)) {
    await harness.core.handlers['production-get']({
      projectId: project.id,
      wellId: well.id,
      ...RANGE,
      aggregation: 'daily',
    });
  }
  // The scans run offline, on exactly these days (online, a scan first brings every well's
  // whole history here: see quality-scan-online.test.ts).
  harness.setOffline(true);
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await demo?.close();
});

describe('quality-scan', () => {
  it('finds the defects in the production on this computer, with reasons naming the values', async () => {
    const result = await scan();
    const first = wells[0]!;
    expect(result.findings.map((f) => [f.wellName, f.rule, f.from, f.to])).toEqual([
      [first.name, 'spike', '2025-03-20', '2025-03-20'],
      [first.name, 'reporting-gap', '2025-04-10', '2025-04-10'],
    ]);
    const [spike, gap] = result.findings;
    expect(spike!.reason).toBe(
      'Oil 1,240 bbl/d on 2025-03-20 is 12.5× the median of the 14 producing days around it, 99.4 bbl/d',
    );
    expect(gap!.reason).toBe(
      'No report for 1 day (2025-04-10) between reports on 2025-04-09 and 2025-04-11',
    );
    expect(spike!.wellId).toBe(first.id);
    expect(spike!.dismissed).toBe(false);
    // 12.5× the median: critical; 1,240 − 99.4 bbl booked too much. The gap: one day
    // of the usual 99.4 bbl/d (the median of the seven days either side), minor.
    expect(spike).toMatchObject({ severity: 'critical', atStake: { stream: 'oil', unit: 'bbl' } });
    expect(spike!.atStake!.volume).toBeCloseTo(1_240 - 99.4, 1);
    expect(gap).toMatchObject({ severity: 'minor', atStake: { stream: 'oil', unit: 'bbl' } });
    expect(gap!.atStake!.volume).toBeGreaterThan(95);
    expect(gap!.atStake!.volume).toBeLessThan(104);
    expect(result.settings).toEqual({ minGapDays: 1, flatLineDays: 7 });
  });

  it('says which wells it could not scan and how old the data is', async () => {
    const result = await scan();
    expect(result.wellCount).toBe(4);
    expect(result.wellsScanned).toBe(3);
    expect(result.wellsWithoutProduction).toEqual([wells[3]!.name]);
    // Offline with a few months of each: scanned on what is here, and named.
    expect([...result.wellsNotWhole].sort()).toEqual(
      wells
        .slice(0, 3)
        .map((well) => well.name)
        .sort(),
    );
    expect(Date.parse(result.oldestFetchedAt!)).toBeLessThanOrEqual(
      Date.parse(result.newestFetchedAt!),
    );
    expect(Date.parse(result.oldestFetchedAt!)).toBeLessThanOrEqual(Date.parse(result.scannedAt));
  });

  it('reports progress and gives way to other handlers between wells', async () => {
    const progress: QualityProgress[] = [];
    const listen = (event: QualityProgress) => progress.push(event);
    harness.core.events.on('quality-progress', listen);
    let finished = false;
    const running = scan().then((result) => {
      finished = true;
      return result;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const well = await harness.core.handlers['wells-get']({
      projectId: project.id,
      wellId: wells[0]!.id,
    });
    expect(well.data.well.name).toBe(wells[0]!.name);
    expect(finished).toBe(false);
    await running;
    harness.core.events.off('quality-progress', listen);
    expect(progress[0]).toMatchObject({ projectId: project.id, wellsDone: 0, wellsTotal: 4 });
    expect(progress.at(-1)).toMatchObject({ wellsDone: 4, wellsTotal: 4 });
  });

  it('takes the flat-line length as an option', async () => {
    const flat = cleanDays()
      .slice(0, 5)
      .map((day) => ({ ...day, water_rate: 48.7 }));
    await api.upsertProduction(project.id, wells[1]!.id, flat);
    harness.setOffline(false);
    await harness.core.handlers['production-get']({
      projectId: project.id,
      wellId: wells[1]!.id,
      ...RANGE,
      aggregation: 'daily',
      refresh: 'await',
    });
    harness.setOffline(true);
    expect((await scan()).findings.filter((f) => f.rule === 'flat-line')).toEqual([]);
    const [finding] = (await scan({ flatLineDays: 5 })).findings.filter(
      (f) => f.rule === 'flat-line',
    );
    expect(finding).toMatchObject({ wellId: wells[1]!.id, from: '2025-03-01', to: '2025-03-05' });
    expect(finding!.reason).toMatch(/^Water 48\.7 bbl\/d on 5 days running/);
  });
});

describe('quality-dismiss', () => {
  it('keeps a dismissal on this computer, across a restart, until it is undone', async () => {
    const { findings } = await scan();
    const spike = findings.find((f) => f.rule === 'spike')!;
    expect(
      await harness.core.handlers['quality-dismiss']({
        projectId: project.id,
        key: spike.key,
        dismissed: true,
      }),
    ).toEqual({ keys: [spike.key], dismissed: true });
    const dismissedNow = (await scan()).findings.find((f) => f.key === spike.key);
    expect(dismissedNow!.dismissed).toBe(true);

    await harness.reopen();
    const afterRestart = await scan();
    expect(afterRestart.findings.find((f) => f.key === spike.key)!.dismissed).toBe(true);
    expect(afterRestart.findings.filter((f) => f.dismissed)).toHaveLength(1);

    await harness.core.handlers['quality-dismiss']({
      projectId: project.id,
      key: spike.key,
      dismissed: false,
    });
    expect((await scan()).findings.find((f) => f.key === spike.key)!.dismissed).toBe(false);
  });

  it('dismisses many at once (a well’s, a rule’s), and shows them again', async () => {
    const { findings } = await scan();
    const keys = findings.map((f) => f.key);
    expect(keys.length).toBeGreaterThan(1);
    const dismiss = (dismissed: boolean) =>
      harness.core.handlers['quality-dismiss']({ projectId: project.id, keys, dismissed });
    expect(await dismiss(true)).toEqual({ keys, dismissed: true });
    await harness.reopen();
    expect((await scan()).findings.every((f) => f.dismissed)).toBe(true);
    await dismiss(false);
    expect((await scan()).findings.some((f) => f.dismissed)).toBe(false);
  });

  it('refuses a dismissal with both or neither of key and keys, naming keys', async () => {
    for (const args of [
      { projectId: project.id, dismissed: true },
      { projectId: project.id, key: 'k', keys: ['k'], dismissed: true },
      { projectId: project.id, keys: [], dismissed: true },
    ]) {
      const answer = await harness.core.invoke('quality-dismiss', args);
      expect(answer).toMatchObject({ ok: false, error: { type: 'validation' } });
      expect(JSON.stringify(answer)).toMatch(/keys/);
    }
  });

  it('refuses a project this computer does not hold, and changes nothing', async () => {
    await expect(
      harness.core.handlers['quality-dismiss']({ projectId: 'nope', key: 'k', dismissed: true }),
    ).rejects.toMatchObject({ type: 'not-found', message: expect.stringMatching(/^Project nope/) });
    await expect(
      harness.core.handlers['quality-scan']({ projectId: 'nope' }),
    ).rejects.toMatchObject({ type: 'not-found' });
  });

  it('scans a well as the engineer sees it, with edits not yet on the server', async () => {
    const well = wells[2]!;
    const day = cleanDays().find((record) => record.date === '2025-04-01')!;
    // A queued edit: the cached server rows stay as they were, the overlay has the spike.
    await harness.core.handlers['records-save']({
      projectId: project.id,
      wellId: well.id,
      records: [{ ...day, oil_rate: 1_500 }],
    });
    const findings = (await scan()).findings.filter((f) => f.wellId === well.id);
    expect(findings.map((f) => [f.rule, f.from])).toEqual([['spike', '2025-04-01']]);
    expect(findings[0]!.reason).toMatch(/^Oil 1,500 bbl\/d on 2025-04-01 is 1\d\.\d× the median/);
  });
});

describe('quality-settings', () => {
  it('starts from the defaults, saves per project, and the next scan uses them', async () => {
    const get = () => harness.core.handlers['quality-settings-get']({ projectId: project.id });
    expect(await get()).toEqual({ minGapDays: 1, flatLineDays: 7, savedAt: null });
    expect((await scan()).findings.some((f) => f.rule === 'reporting-gap')).toBe(true);

    const saved = await harness.core.handlers['quality-settings-save']({
      projectId: project.id,
      minGapDays: 2,
      flatLineDays: 5,
    });
    expect(saved).toMatchObject({ minGapDays: 2, flatLineDays: 5 });
    await harness.reopen();
    expect(await get()).toEqual(saved);
    const result = await scan();
    expect(result.settings).toEqual({ minGapDays: 2, flatLineDays: 5 });
    // The one-day gap is no longer reported; the five equal days of water now are.
    expect(result.findings.some((f) => f.rule === 'reporting-gap')).toBe(false);
    expect(result.findings.some((f) => f.rule === 'flat-line')).toBe(true);
    // A scan's own rule wins over the saved one.
    expect((await scan({ flatLineDays: 7 })).findings.some((f) => f.rule === 'flat-line')).toBe(
      false,
    );

    await expect(
      harness.core.handlers['quality-settings-save']({
        projectId: project.id,
        minGapDays: 1,
        flatLineDays: 1,
      }),
    ).rejects.toMatchObject({ type: 'validation', message: expect.stringMatching(/flatLineDays/) });
    await expect(
      harness.core.handlers['quality-settings-get']({ projectId: 'nope' }),
    ).rejects.toMatchObject({ type: 'not-found' });
    await harness.core.handlers['quality-settings-save']({
      projectId: project.id,
      minGapDays: 1,
      flatLineDays: 7,
    });
  });
});
