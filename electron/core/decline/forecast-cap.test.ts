import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiWell } from '#shared/client/index.js';
import type { DeclineSettings, SavedDeclineFit } from '#shared/desktop/index.js';
import {
  KNOWN_CURVE,
  startDeclineFixture,
  type DeclineFixture,
} from './testing/decline-fixture.js';

/**
 * The project's forecast cap: a slowly declining well whose forecast ends at the cap gets the
 * end date and EUR of the cap in force, in the panel's forecast and the wells table's saved
 * EUR alike, whether the cap changed after the fit or before it.
 */

const FIRST = '2021-01-01';
const DAYS = 3 * 365;
const DAY_MS = 86_400_000;

let f: DeclineFixture;
let well: ApiWell;
const handlers = () => f.harness.core.handlers;
const target = () => ({ projectId: f.imperial.id, wellId: well.id });

// At 6 %/yr terminal decline the 0.5 bbl/d limit lies centuries away: the cap ends the forecast.
const settings = (maxYears: number): DeclineSettings => ({
  model: 'modified-hyperbolic',
  dMinEffectivePercent: 6,
  economicLimit: { oil: 0.5, gas: 20, water: 2 },
  endDate: null,
  maxYears,
});

/**
 * The modified hyperbolic's cumulative from qi to `days` later, written out here from the
 * textbook closed forms (not shared/decline): Arps hyperbolic, Np = qi/((1 − b)·D)·(1 − (1 +
 * b·D·t)^(1 − 1/b)), until its decline D/(1 + b·D·t) falls to Dmin, then exponential at Dmin.
 * Declines are nominal per year of 365.25 days; rates per day.
 */
function cumulative(model: SavedDeclineFit['model'], days: number): number {
  if (model.kind !== 'modified-hyperbolic') throw new Error('the fixture fits modified hyperbolic');
  const d = model.di / 365.25;
  const dMin = model.dMin / 365.25;
  const { qi, b } = model;
  const hyperbolic = (t: number) => (qi / ((1 - b) * d)) * (1 - (1 + b * d * t) ** (1 - 1 / b));
  const tSwitch = (1 / dMin - 1 / d) / b;
  if (days <= tSwitch) return hyperbolic(days);
  const qSwitch = qi * (1 + b * d * tSwitch) ** (-1 / b);
  return hyperbolic(tSwitch) + (qSwitch / dMin) * (1 - Math.exp(-dMin * (days - tSwitch)));
}

/** The EUR of a forecast from the day after the last producing day, `years` long. */
function expectedEur(fit: SavedDeclineFit, years: number): number {
  const start = (Date.parse('2024-01-01') - Date.parse(fit.anchorDate)) / DAY_MS;
  const remaining = cumulative(fit.model, start + years * 365.25) - cumulative(fit.model, start);
  return fit.forecast!.cumulativeToDate + remaining;
}

async function shown() {
  const { fits } = await handlers()['decline-fits-get'](target());
  const row = (await handlers()['wells-get'](target())).data.well.decline.oil!;
  return { fit: fits[0]!, forecast: fits[0]!.forecast!, savedEur: row.eur };
}

beforeAll(async () => {
  f = await startDeclineFixture();
  await handlers()['projects-list']({});
  well = await f.curveWell(f.imperial, 'Slow decline 1H', KNOWN_CURVE, FIRST, DAYS);
});

afterAll(() => f.close());

describe('the forecast cap of the project', () => {
  it('ends a forecast that has not reached the limit, and moves when the cap changes', async () => {
    await handlers()['decline-settings-save']({ projectId: f.imperial.id, settings: settings(50) });
    await handlers()['decline-fit-run']({ ...target(), stream: 'oil', frequency: 'daily' });
    const fifty = await shown();
    expect(fifty.forecast).toMatchObject({ endReason: 'max-duration', startDate: '2024-01-01' });
    // 50 × 365.25 = 18,262.5 days from 2024-01-01 (13 leap days): the last day is 2073-12-31.
    expect(fifty.forecast.endDate).toBe('2073-12-31');
    expect(fifty.forecast.eur / expectedEur(fifty.fit, 50)).toBeCloseTo(1, 9);
    expect(fifty.savedEur).toBe(fifty.forecast.eur);

    await handlers()['decline-settings-save']({ projectId: f.imperial.id, settings: settings(30) });
    const thirty = await shown();
    expect(thirty.forecast.endReason).toBe('max-duration');
    // 30 × 365.25 = 10,957.5 days from 2024-01-01 (8 leap days): the last day is 2053-12-31.
    expect(thirty.forecast.endDate).toBe('2053-12-31');
    expect(thirty.forecast.eur / expectedEur(thirty.fit, 30)).toBeCloseTo(1, 9);
    expect(thirty.forecast.eur).toBeLessThan(fifty.forecast.eur);
    // The wells table's EUR was recomputed with the settings: the same number as the panel's.
    expect(thirty.savedEur).toBe(thirty.forecast.eur);
    expect(thirty.forecast.months).toHaveLength(30 * 12);

    // A fit made under the 30-year cap saves the EUR of that cap.
    await handlers()['decline-fit-run']({ ...target(), stream: 'oil', frequency: 'daily' });
    const refitted = await shown();
    expect(refitted.forecast.endDate).toBe('2053-12-31');
    expect(refitted.savedEur).toBe(refitted.forecast.eur);
    expect(refitted.forecast.eur / expectedEur(refitted.fit, 30)).toBeCloseTo(1, 9);

    // Back to 50 years, back to the EUR of 50 years.
    await handlers()['decline-settings-save']({ projectId: f.imperial.id, settings: settings(50) });
    const again = await shown();
    expect(again.forecast.endDate).toBe('2073-12-31');
    expect(again.savedEur).toBe(again.forecast.eur);
    expect(again.forecast.eur / expectedEur(again.fit, 50)).toBeCloseTo(1, 9);
  });

  it('is read back as saved, and refused out of range naming maxYears', async () => {
    await handlers()['decline-settings-save']({
      projectId: f.imperial.id,
      settings: settings(12.5),
    });
    expect(await handlers()['decline-settings-get']({ projectId: f.imperial.id })).toEqual(
      settings(12.5),
    );
    const reply = await f.harness.core.invoke('decline-settings-save', {
      projectId: f.imperial.id,
      settings: settings(0),
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { type: 'validation', message: expect.stringContaining('settings.maxYears') },
    });
  });
});
