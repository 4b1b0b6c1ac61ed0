import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiWell } from '#shared/client/index.js';
import { cumulativeAt, exponentialNominal, rateAt } from '#shared/decline/index.js';
import { coreErrorOf } from '../testing/core-error.js';
import {
  DEFAULT_D_MIN,
  KNOWN_CURVE,
  startDeclineFixture,
  type DeclineFixture,
} from './testing/decline-fixture.js';

/** Fitting, saving, reading back and settings, against the real server and a real core. */

const FIRST = '2021-01-01';
const DAYS = 3 * 365;
const LAST = '2023-12-31';

let f: DeclineFixture;
let well: ApiWell;
const handlers = () => f.harness.core.handlers;

beforeAll(async () => {
  f = await startDeclineFixture();
  await f.harness.core.handlers['projects-list']({});
  well = await f.curveWell(f.imperial, 'Known curve 1H', KNOWN_CURVE, FIRST, DAYS);
});

afterAll(() => f.close());

describe('decline fits on this computer', () => {
  it('recovers a known modified hyperbolic from daily rates, saves it, and forecasts it', async () => {
    const fit = await handlers()['decline-fit-run']({
      projectId: f.imperial.id,
      wellId: well.id,
      stream: 'oil',
      frequency: 'daily',
    });
    expect(fit).toMatchObject({
      wellId: well.id,
      stream: 'oil',
      frequency: 'daily',
      window: { from: FIRST, to: LAST },
      anchorDate: FIRST,
      origin: 'fitted',
      poor: false,
      stale: false,
      pointsUsed: DAYS,
      pointsExcluded: 0,
    });
    expect(fit.model.kind).toBe('modified-hyperbolic');
    if (fit.model.kind !== 'modified-hyperbolic') return;
    expect(fit.model.qi).toBeCloseTo(800, 1);
    expect(fit.model.di).toBeCloseTo(1.2, 3);
    expect(fit.model.b).toBeCloseTo(1.1, 3);
    expect(fit.model.dMin).toBeCloseTo(DEFAULT_D_MIN, 9);
    expect(fit.goodness!.rmseLog).toBeLessThan(1e-4);

    // Np from first production to the last producing day; the forecast starts the day after.
    const forecast = fit.forecast!;
    expect(forecast.startDate).toBe('2024-01-01');
    expect(forecast.cumulativeToDate).toBeCloseTo(sumOfDailyRates(), 0);
    // At 6 %/yr the 2 bbl/d limit is more than 50 years away: the forecast stops at 50 years.
    expect(forecast).toMatchObject({ endReason: 'max-duration', endDate: '2073-12-31' });
    expect(rateAt(KNOWN_CURVE, DAYS + forecast.daysToLimit)).toBeCloseTo(2, 1);
    expect(forecast.eur).toBeCloseTo(forecast.cumulativeToDate + forecast.remaining, 6);
    // The remaining volume is the curve's integral over those 50 years.
    const fifty = 50 * 365.25;
    expect(
      forecast.remaining /
        (cumulativeAt(KNOWN_CURVE, DAYS + fifty) - cumulativeAt(KNOWN_CURVE, DAYS)),
    ).toBeCloseTo(1, 4);
    const monthly = forecast.months.reduce((sum, month) => sum + month.volume, 0);
    expect(monthly).toBeCloseTo(forecast.remaining, 3);
    expect(forecast.months[0]!.month).toBe('2024-01');

    const { fits } = await handlers()['decline-fits-get']({
      projectId: f.imperial.id,
      wellId: well.id,
    });
    expect(fits).toEqual([fit]);
    const { data } = await handlers()['wells-get']({ projectId: f.imperial.id, wellId: well.id });
    expect(data.well.decline).toEqual({
      oil: {
        eur: forecast.eur,
        remaining: forecast.remaining,
        b: fit.model.b,
        diEffectivePercent: expect.closeTo(100 * (1 - (1 + 1.1 * 1.2) ** (-1 / 1.1)), 2),
        rmseLog: fit.goodness!.rmseLog,
        poor: false,
        stale: false,
      },
    });
  });

  it('fits monthly average daily rates, with the model the person asks for', async () => {
    const fit = await handlers()['decline-fit-run']({
      projectId: f.imperial.id,
      wellId: well.id,
      stream: 'gas',
      frequency: 'monthly',
      model: 'hyperbolic',
      window: { from: '2021-03-01', to: LAST },
    });
    expect(fit).toMatchObject({ stream: 'gas', frequency: 'monthly', origin: 'fitted' });
    expect(fit.model.kind).toBe('hyperbolic');
    expect(fit.pointsUsed).toBe(34);
    // qi and Di are those of the anchor day: Arps's Di/(1 + b·Di·t) that far down the curve.
    const years = (Date.parse(fit.anchorDate) - Date.parse(FIRST)) / (365.25 * 86_400_000);
    expect(fit.anchorDate >= '2021-03-01').toBe(true);
    expect(fit.model.di / (1.2 / (1 + 1.1 * 1.2 * years))).toBeCloseTo(1, 1);
    expect(fit.model.qi / (2 * rateAt(KNOWN_CURVE, years * 365.25))).toBeCloseTo(1, 1);
    const { fits } = await handlers()['decline-fits-get']({
      projectId: f.imperial.id,
      wellId: well.id,
    });
    expect(fits.map((saved) => saved.stream)).toEqual(['oil', 'gas']);
  });

  it('saves edited parameters as edited, with the goodness of the curve against the window', async () => {
    const base = {
      projectId: f.imperial.id,
      wellId: well.id,
      stream: 'oil' as const,
      frequency: 'daily' as const,
      window: { from: FIRST, to: LAST },
      anchorDate: FIRST,
    };
    const close = await handlers()['decline-fit-save']({
      ...base,
      model: { ...KNOWN_CURVE, qi: 800 * 1.2 } as typeof KNOWN_CURVE & {
        kind: 'modified-hyperbolic';
        b: number;
        dMin: number;
      },
    });
    expect(close).toMatchObject({ origin: 'edited', poor: false, pointsUsed: DAYS, stale: false });
    expect(close.goodness!.rmseLog).toBeCloseTo(Math.log(1.2), 4);
    expect(close.model).toEqual({ ...KNOWN_CURVE, qi: 960 });

    const far = await handlers()['decline-fit-save']({
      ...base,
      model: { kind: 'exponential', qi: 2000, di: 0.1 },
    });
    expect(far).toMatchObject({ origin: 'edited', poor: true });
    expect(far.reasons.map((reason) => reason.code)).toContain('high-rmse');
  });

  it('refuses what it cannot fit or save, naming the argument, and saves nothing', async () => {
    const dry = await f.api.createWell(f.imperial.id, { name: 'Never produced 1' });
    await handlers()['wells-list']({ projectId: f.imperial.id, refresh: 'await' });
    const none = await coreErrorOf(
      handlers()['decline-fit-run']({
        projectId: f.imperial.id,
        wellId: dry.id,
        stream: 'oil',
        frequency: 'daily',
      }),
    );
    expect(none.toJSON()).toMatchObject({
      type: 'validation',
      message: 'This computer holds no oil production of this well.',
      details: { issues: [{ path: 'stream' }] },
    });
    const short = await coreErrorOf(
      handlers()['decline-fit-run']({
        projectId: f.imperial.id,
        wellId: well.id,
        stream: 'oil',
        frequency: 'daily',
        window: { from: '2023-12-29', to: LAST },
      }),
    );
    expect(short.toJSON()).toMatchObject({
      type: 'validation',
      details: {
        issues: [{ path: 'window', message: expect.stringMatching(/3 producing points/) }],
      },
    });
    const anchor = await coreErrorOf(
      handlers()['decline-fit-save']({
        projectId: f.imperial.id,
        wellId: well.id,
        stream: 'water',
        frequency: 'daily',
        window: { from: '2022-01-01', to: LAST },
        anchorDate: '2021-06-01',
        model: { kind: 'exponential', qi: 10, di: 0.1 },
      }),
    );
    expect(anchor.toJSON()).toMatchObject({
      type: 'validation',
      details: { issues: [{ path: 'anchorDate' }] },
    });
    const missing = await coreErrorOf(
      handlers()['decline-fits-get']({ projectId: f.imperial.id, wellId: 'wel_nowhere' }),
    );
    expect(missing.type).toBe('not-found');
    const { fits } = await handlers()['decline-fits-get']({
      projectId: f.imperial.id,
      wellId: well.id,
    });
    expect(fits.map((saved) => saved.stream)).toEqual(['oil', 'gas']);
    expect(
      await handlers()['decline-fits-get']({ projectId: f.imperial.id, wellId: dry.id }),
    ).toEqual({ fits: [] });
  });

  it('deletes a fit', async () => {
    const args = { projectId: f.imperial.id, wellId: well.id };
    expect(await handlers()['decline-fit-delete']({ ...args, stream: 'gas' })).toEqual({
      deleted: true,
    });
    expect(await handlers()['decline-fit-delete']({ ...args, stream: 'gas' })).toEqual({
      deleted: false,
    });
    const { fits } = await handlers()['decline-fits-get'](args);
    expect(fits.map((saved) => saved.stream)).toEqual(['oil']);
  });
});

describe('decline settings', () => {
  it('has defaults in round numbers of the project units', async () => {
    expect(await handlers()['decline-settings-get']({ projectId: f.imperial.id })).toEqual({
      model: 'modified-hyperbolic',
      dMinEffectivePercent: 6,
      economicLimit: { oil: 2, gas: 20, water: 2 },
      endDate: null,
      maxYears: 50,
    });
    expect(await handlers()['decline-settings-get']({ projectId: f.metric.id })).toEqual({
      model: 'modified-hyperbolic',
      dMinEffectivePercent: 6,
      economicLimit: { oil: 0.3, gas: 0.5, water: 0.3 },
      endDate: null,
      maxYears: 50,
    });
  });

  it('recomputes the saved fits’ EUR and remaining when the settings change', async () => {
    const args = { projectId: f.imperial.id, wellId: well.id };
    await handlers()['decline-fit-run']({ ...args, stream: 'oil', frequency: 'daily' });
    const before = (await handlers()['wells-get'](args)).data.well.decline.oil!;
    const settings = {
      model: 'modified-hyperbolic' as const,
      dMinEffectivePercent: 6,
      economicLimit: { oil: 50, gas: 20, water: 2 },
      endDate: null,
      maxYears: 50,
    };
    expect(
      await handlers()['decline-settings-save']({ projectId: f.imperial.id, settings }),
    ).toEqual(settings);
    const after = (await handlers()['wells-get'](args)).data.well.decline.oil!;
    expect(after.remaining!).toBeLessThan(before.remaining!);
    const { fits } = await handlers()['decline-fits-get'](args);
    const forecast = fits[0]!.forecast!;
    expect(forecast.eur).toBeCloseTo(after.eur!, 6);
    expect(rateAt(KNOWN_CURVE, DAYS + forecast.daysToLimit)).toBeCloseTo(50, 0);

    // An end date stops the forecast there, inclusive.
    await handlers()['decline-settings-save']({
      projectId: f.imperial.id,
      settings: { ...settings, endDate: '2024-12-31' },
    });
    const ended = (await handlers()['decline-fits-get'](args)).fits[0]!.forecast!;
    expect(ended).toMatchObject({ endReason: 'end-date', endDate: '2024-12-31' });
    expect(ended.months).toHaveLength(12);
    await handlers()['decline-settings-save']({
      projectId: f.imperial.id,
      settings: { ...settings, economicLimit: { oil: 2, gas: 20, water: 2 } },
    });
  });

  it('keeps metric limits as typed, and fits a metric well in m³/d', async () => {
    const metricWell = await f.curveWell(f.metric, 'Metric curve 1', KNOWN_CURVE, FIRST, DAYS);
    const settings = {
      model: 'exponential' as const,
      dMinEffectivePercent: 8,
      economicLimit: { oil: 0.7, gas: 1.3, water: 0.1 },
      endDate: null,
      maxYears: 50,
    };
    await handlers()['decline-settings-save']({ projectId: f.metric.id, settings });
    expect(await handlers()['decline-settings-get']({ projectId: f.metric.id })).toEqual(settings);
    const fit = await handlers()['decline-fit-run']({
      projectId: f.metric.id,
      wellId: metricWell.id,
      stream: 'oil',
      frequency: 'daily',
      model: 'modified-hyperbolic',
    });
    expect(fit.model.qi).toBeCloseTo(800, 1);
    if (fit.model.kind === 'modified-hyperbolic') {
      expect(fit.model.dMin).toBeCloseTo(exponentialNominal(0.08), 9);
    }
    expect(rateAt(fit.model, DAYS + fit.forecast!.daysToLimit)).toBeCloseTo(0.7, 2);
  });
});

function sumOfDailyRates(): number {
  let total = 0;
  for (let t = 0; t < DAYS; t++) total += Math.round(rateAt(KNOWN_CURVE, t) * 1e6) / 1e6;
  return total;
}
