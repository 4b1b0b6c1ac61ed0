import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates/iso-day.js';
import type { ApiWell } from '#shared/client/index.js';
import type { SavedDeclineFit } from '#shared/desktop/index.js';
import {
  KNOWN_CURVE,
  startDeclineFixture,
  type DeclineFixture,
} from '../decline/testing/decline-fixture.js';

/**
 * variance-list against a real server's data: a well on its curve, then at half of it for
 * its last 20 days, judged against the fit of its first two years; a well with no fit.
 */

const FIRST = '2021-01-01';
const DAYS = 3 * 365;
const LAST = addDays(FIRST, DAYS - 1);
const DROP = addDays(LAST, -19);
const DAY_MS = 86_400_000;

let f: DeclineFixture;
let well: ApiWell;
let fit: SavedDeclineFit;
const handlers = () => f.harness.core.handlers;

/** The modified hyperbolic's rate `t` days after qi, from the textbook closed forms. */
function rate(model: SavedDeclineFit['model'], t: number): number {
  if (model.kind !== 'modified-hyperbolic') throw new Error('the fixture fits modified hyperbolic');
  const d = model.di / 365.25;
  const dMin = model.dMin / 365.25;
  const tSwitch = (1 / dMin - 1 / d) / model.b;
  const hyperbolic = (u: number) => model.qi * (1 + model.b * d * u) ** (-1 / model.b);
  return t <= tSwitch ? hyperbolic(t) : hyperbolic(tSwitch) * Math.exp(-dMin * (t - tSwitch));
}

beforeAll(async () => {
  f = await startDeclineFixture();
  await handlers()['projects-list']({});
  well = await f.curveWell(f.imperial, 'Falling off 1H', KNOWN_CURVE, FIRST, DAYS);
  // Its last 20 days at half the curve: a pump wearing out.
  const half = [];
  for (let date = DROP; date <= LAST; date = addDays(date, 1)) {
    const server = (await f.api.getProduction(f.imperial.id, well.id, { from: date, to: date }))
      .data[0]!;
    half.push({ date, oil_rate: server.oil_rate! / 2, gas_rate: server.gas_rate });
  }
  await f.api.upsertProductionChunked(f.imperial.id, well.id, half);
  const target = { projectId: f.imperial.id, wellId: well.id };
  await handlers()['wells-list']({ projectId: f.imperial.id, refresh: 'await' });
  await handlers()['production-get']({ ...target, from: FIRST, to: LAST, aggregation: 'daily' });
  fit = await handlers()['decline-fit-run']({
    ...target,
    stream: 'oil',
    frequency: 'daily',
    window: { from: FIRST, to: addDays(FIRST, 2 * 365) },
  });
});

afterAll(() => f.close());

describe('variance to forecast', () => {
  it('ranks the well by its shortfall over its last 30 days, and dates the fall-off', async () => {
    const result = await handlers()['variance-list']({ projectId: f.imperial.id });
    expect(result).toMatchObject({ stream: 'oil', windowDays: 30, tolerancePercent: 10 });
    const row = result.wells[0]!;
    expect(row).toMatchObject({
      wellId: well.id,
      fit: 'current',
      from: addDays(LAST, -29),
      to: LAST,
      days: 30,
      divergedSince: DROP,
    });
    const anchor = Date.parse(fit.anchorDate);
    const production = await f.api.getProduction(f.imperial.id, well.id, {
      from: addDays(LAST, -29),
      to: LAST,
    });
    let actual = 0;
    let forecast = 0;
    for (const day of production.data) {
      actual += day.oil_rate!;
      forecast += rate(fit.model, (Date.parse(day.date) - anchor) / DAY_MS);
    }
    expect(row.actual! / actual).toBeCloseTo(1, 9);
    expect(row.forecast! / forecast).toBeCloseTo(1, 9);
    expect(row.volumeVariance! / (actual - forecast)).toBeCloseTo(1, 9);
    expect(row.percentVariance!).toBeCloseTo((100 * (actual - forecast)) / forecast, 7);
    // About two thirds of the window at half the forecast: a third or more below it.
    expect(row.percentVariance!).toBeLessThan(-25);
  });

  it('lists wells without a fit last, as such, and refuses a window of no days', async () => {
    const result = await handlers()['variance-list']({ projectId: f.imperial.id, windowDays: 7 });
    const others = result.wells.filter((row) => row.wellId !== well.id);
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) expect(row).toMatchObject({ fit: 'none', volumeVariance: null });
    expect(result.wells[0]).toMatchObject({ wellId: well.id, days: 7, divergedSince: DROP });
    await expect(
      handlers()['variance-list']({ projectId: f.imperial.id, windowDays: 0 }),
    ).rejects.toThrow(/windowDays/);
  });
});
