import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, epochDay } from '#shared/dates/iso-day.js';
import { rateAt } from '#shared/decline/index.js';
import type { ApiWell } from '#shared/client/index.js';
import type { SavedDeclineFit } from '#shared/desktop/index.js';
import {
  KNOWN_CURVE,
  startDeclineFixture,
  type DeclineFixture,
} from '../decline/testing/decline-fixture.js';
import { defaultWindowStart } from './lost-production.js';

/**
 * lost-production against a real server's data: a well on its curve but for a 10-day
 * shut-in and then a week at 12 hours a day making half its rate, judged against the fit
 * of its first year; the seeded wells have no fit and are rated by their trailing rate.
 */

const FIRST = '2021-01-01';
const DAYS = 2 * 365;
const LAST = addDays(FIRST, DAYS - 1);
const SHUT_IN = addDays(FIRST, 500);
const HALF = addDays(SHUT_IN, 10);

let f: DeclineFixture;
let well: ApiWell;
let fit: SavedDeclineFit;
/** The well's oil on each changed day, as the server holds it after the change. */
const halfDays: Array<{ date: string; oil: number }> = [];
const handlers = () => f.harness.core.handlers;

beforeAll(async () => {
  f = await startDeclineFixture();
  await handlers()['projects-list']({});
  well = await f.curveWell(f.imperial, 'Down ten days 1H', KNOWN_CURVE, FIRST, DAYS);
  const changed = [];
  for (let i = 0; i < 10; i++) {
    changed.push({ date: addDays(SHUT_IN, i), oil_rate: 0, gas_rate: 0, runtime: 0 });
  }
  const served = await f.api.getProduction(f.imperial.id, well.id, {
    from: HALF,
    to: addDays(HALF, 6),
  });
  for (const day of served.data) {
    halfDays.push({ date: day.date, oil: day.oil_rate! / 2 });
    changed.push({ date: day.date, oil_rate: day.oil_rate! / 2, runtime: 12 });
  }
  await f.api.upsertProductionChunked(f.imperial.id, well.id, changed);
  const target = { projectId: f.imperial.id, wellId: well.id };
  await handlers()['production-get']({ ...target, from: FIRST, to: LAST, aggregation: 'daily' });
  fit = await handlers()['decline-fit-run']({
    ...target,
    stream: 'oil',
    frequency: 'daily',
    window: { from: FIRST, to: addDays(FIRST, 364) },
  });
});

afterAll(() => f.close());

describe('lost production', () => {
  it('loses the forecast on shut-in days and the rest of it on short days, by reason', async () => {
    const from = addDays(SHUT_IN, -5);
    const to = addDays(HALF, 20);
    const result = await handlers()['lost-production']({ projectId: f.imperial.id, from, to });
    expect(result).toMatchObject({ stream: 'oil', from, to, trailingDays: 30 });
    const row = result.wells.find((candidate) => candidate.wellId === well.id)!;
    expect(row).toMatchObject({
      basis: 'forecast',
      fit: 'current',
      shutInDays: 10,
      reducedRuntimeDays: 7,
      unratedDays: 0,
    });
    const anchor = epochDay(fit.anchorDate);
    const forecastOn = (date: string) => rateAt(fit.model, epochDay(date) - anchor);
    let shutIn = 0;
    for (let i = 0; i < 10; i++) shutIn += forecastOn(addDays(SHUT_IN, i));
    let reduced = 0;
    for (const day of halfDays) reduced += Math.max(0, forecastOn(day.date) - day.oil);
    expect(row.byReason['shut-in'] / shutIn).toBeCloseTo(1, 9);
    expect(row.byReason['reduced-runtime'] / reduced).toBeCloseTo(1, 9);
    expect(row.lost / (shutIn + reduced)).toBeCloseTo(1, 9);

    // The project's totals are the sums of its wells' and of its months'.
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(result.total).toBeCloseTo(sum(result.wells.map((w) => w.lost)), 6);
    expect(result.total).toBeCloseTo(sum(result.months.map((m) => m.total)), 6);
    expect(result.byReason['shut-in']).toBeCloseTo(
      sum(result.wells.map((w) => w.byReason['shut-in'])),
      6,
    );
    expect(result.months.map((m) => m.month)).toEqual(['2022-05-01', '2022-06-01']);
    // The most lost first.
    const losses = result.wells.map((w) => w.lost);
    expect(losses).toEqual([...losses].sort((a, b) => b - a));
  });

  it('rates wells without a fit by their trailing full days, and says so', async () => {
    const result = await handlers()['lost-production']({ projectId: f.imperial.id });
    const others = result.wells.filter((row) => row.wellId !== well.id);
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) expect(row).toMatchObject({ basis: 'trailing', fit: 'none' });
  });

  it('defaults to the month of the last day with data and the two before it', async () => {
    const result = await handlers()['lost-production']({ projectId: f.imperial.id });
    expect(result.to >= LAST).toBe(true);
    expect(result.from).toBe(defaultWindowStart(result.to));
    expect(result.months).toHaveLength(3);
    expect(defaultWindowStart('2024-03-31')).toBe('2024-01-01');
    expect(defaultWindowStart('2024-01-15')).toBe('2023-11-01');
  });

  it('refuses a window given by half, or backwards, naming the field', async () => {
    await expect(
      handlers()['lost-production']({ projectId: f.imperial.id, from: '2022-01-01' }),
    ).rejects.toThrow(/to/);
    await expect(
      handlers()['lost-production']({
        projectId: f.imperial.id,
        from: '2022-03-01',
        to: '2022-02-01',
      }),
    ).rejects.toThrow(/from/);
  });

  it('puts each lost day down to the event covering it, the latest to start, else to its kind', async () => {
    const target = { projectId: f.imperial.id, wellId: well.id };
    const record = (startDate: string, endDate: string | null, category: string) =>
      handlers()['well-event-save']({ ...target, startDate, endDate, category });
    // Shut-in days 0-5 to a lift failure, but day 3 to the one-day storm inside it; the half
    // days from the fifth on to a facility outage still going on.
    await record(addDays(SHUT_IN, -2), addDays(SHUT_IN, 5), 'Artificial-lift failure');
    await record(addDays(SHUT_IN, 3), addDays(SHUT_IN, 3), 'Weather');
    await record(addDays(HALF, 4), null, 'Facility');

    const from = addDays(SHUT_IN, -5);
    const to = addDays(HALF, 20);
    const result = await handlers()['lost-production']({ projectId: f.imperial.id, from, to });
    const row = result.wells.find((candidate) => candidate.wellId === well.id)!;
    const anchor = epochDay(fit.anchorDate);
    const forecastOn = (date: string) => rateAt(fit.model, epochDay(date) - anchor);
    const shutInOn = (days: number[]) =>
      days.reduce((sum, i) => sum + forecastOn(addDays(SHUT_IN, i)), 0);
    const halfOn = (days: number[]) =>
      days.reduce((sum, i) => {
        const day = halfDays[i]!;
        return sum + Math.max(0, forecastOn(day.date) - day.oil);
      }, 0);
    const expected: Record<string, number> = {
      'Artificial-lift failure': shutInOn([0, 1, 2, 4, 5]),
      Weather: shutInOn([3]),
      'Shut in, no event recorded': shutInOn([6, 7, 8, 9]),
      Facility: halfOn([4, 5, 6]),
      'Reduced runtime, no event recorded': halfOn([0, 1, 2, 3]),
    };
    const got = Object.fromEntries(row.causes.map((cause) => [cause.cause, cause.volume]));
    expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
    for (const [cause, volume] of Object.entries(expected)) {
      expect(got[cause]! / volume, cause).toBeCloseTo(1, 9);
    }
    expect(row.causes.find((cause) => cause.cause === 'Weather')!.recorded).toBe(true);
    expect(row.causes.find((cause) => cause.cause.startsWith('Shut in'))!.recorded).toBe(false);
    // Largest first, and the causes add up to the well's loss.
    const volumes = row.causes.map((cause) => cause.volume);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    expect(volumes.reduce((a, b) => a + b, 0) / row.lost).toBeCloseTo(1, 9);
    // The months' causes add up to the project's.
    for (const cause of result.causes) {
      const months = result.months.reduce(
        (sum, month) => sum + (month.byCause[cause.cause] ?? 0),
        0,
      );
      expect(months / cause.volume, cause.cause).toBeCloseTo(1, 6);
    }
  });
});
