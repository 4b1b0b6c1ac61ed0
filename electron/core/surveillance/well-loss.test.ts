import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFromEpochDay } from '#shared/dates/iso-day.js';
import { wellLoss, type LossSeries } from './well-loss.js';

const START = 19_000; // 2022-01-08

function series(days: Array<{ rate: number | null; runtime: number | null }>): LossSeries {
  return {
    days: days.map((_, i) => START + i),
    rates: days.map((day) => day.rate),
    runtimes: days.map((day) => day.runtime),
  };
}

describe('lost production of one well, worked by hand', () => {
  // An exponential forecast of 100 bbl/d declining 36.525 %/year nominal: 0.1 %/day, so
  // q(t) = 100 e^(−0.001 t), written out here rather than taken from the decline module.
  const di = 0.36525;
  const q = (t: number) => 100 * Math.exp(-0.001 * t);
  const forecast = { model: { kind: 'exponential' as const, qi: 100, di }, anchorDay: START };

  // 60 days on the forecast, but for a 10-day shut-in (days 20–29) and a week at 12 h a day
  // making half the forecast (days 30–36).
  const days = Array.from({ length: 60 }, (_, t) => {
    if (t >= 20 && t <= 29) return { rate: 0, runtime: 0 };
    if (t >= 30 && t <= 36) return { rate: q(t) / 2, runtime: 12 };
    return { rate: q(t), runtime: 24 };
  });

  it('loses the whole forecast on shut-in days and half of it at half runtime', () => {
    const loss = wellLoss(series(days), START + 10, START + 40, forecast);
    let shutIn = 0;
    for (let t = 20; t <= 29; t++) shutIn += q(t);
    let reduced = 0;
    for (let t = 30; t <= 36; t++) reduced += q(t) / 2;
    // By hand: 10 × 100 e^(−0.0245) = 975.80 bbl; 7 × 50 e^(−0.033) = 338.64 bbl.
    expect(shutIn).toBeCloseTo(975.8, 1);
    expect(reduced).toBeCloseTo(338.64, 1);
    expect(loss.shutInDays).toBe(10);
    expect(loss.reducedRuntimeDays).toBe(7);
    expect(loss.unratedDays).toBe(0);
    expect(loss.lost).toBeCloseTo(shutIn + reduced, 9);
    const byReason = { 'shut-in': 0, 'reduced-runtime': 0 };
    for (const day of loss.days) byReason[day.reason] += day.lost;
    expect(byReason['shut-in']).toBeCloseTo(shutIn, 9);
    expect(byReason['reduced-runtime']).toBeCloseTo(reduced, 9);
    expect(loss.days.every((day) => day.from === 'forecast')).toBe(true);
    expect(loss.days[0]).toMatchObject({ date: isoFromEpochDay(START + 20), reason: 'shut-in' });
  });

  it('counts only the days inside the window', () => {
    // Days 25–32: 5 shut-in days and 3 half days.
    const loss = wellLoss(series(days), START + 25, START + 32, forecast);
    expect([loss.shutInDays, loss.reducedRuntimeDays]).toEqual([5, 3]);
    let expected = 0;
    for (let t = 25; t <= 29; t++) expected += q(t);
    for (let t = 30; t <= 32; t++) expected += q(t) / 2;
    expect(loss.lost).toBeCloseTo(expected, 9);
  });

  it('rates a well without a fit by its last 30 full producing days', () => {
    const trailing = series([
      // 30 full days without a runtime reported, at 10 then 20 bbl/d (mean 15).
      ...Array.from({ length: 15 }, () => ({ rate: 10, runtime: null })),
      ...Array.from({ length: 15 }, () => ({ rate: 20, runtime: null })),
      // Shut in with no runtime reported: a rate of 0.
      { rate: 0, runtime: null },
      { rate: 0, runtime: null },
      // A quarter day making 3: loses 12. A 20-hour day above the potential loses nothing.
      { rate: 3, runtime: 6 },
      { rate: 18, runtime: 20 },
      // No record of the stream and no runtime: not counted.
      { rate: null, runtime: null },
    ]);
    const loss = wellLoss(trailing, START, START + 40, null);
    expect(loss.days.map((day) => [day.reason, day.potential, day.lost])).toEqual([
      ['shut-in', 15, 15],
      ['shut-in', 15, 15],
      ['reduced-runtime', 15, 12],
      ['reduced-runtime', 15, 0],
    ]);
    expect(loss.lost).toBe(42);
    expect(loss.days.every((day) => day.from === 'trailing')).toBe(true);
  });

  it('leaves a shut-in day with no potential unrated, losing nothing', () => {
    const loss = wellLoss(
      series([
        { rate: 0, runtime: 0 },
        { rate: 5, runtime: 24 },
        { rate: 0, runtime: 0 },
      ]),
      START,
      START + 2,
      null,
    );
    expect(loss.unratedDays).toBe(1);
    expect(loss.shutInDays).toBe(2);
    expect(loss.lost).toBe(5);
  });
});

describe('lost production, for any days', () => {
  const day = fc.record({
    rate: fc.option(fc.double({ min: 0, max: 5_000, noNaN: true }), { nil: null }),
    runtime: fc.option(fc.constantFrom(0, 3, 12, 23.5, 24), { nil: null }),
  });

  it('is never negative, never above the potential, and totals the sum of its days', () => {
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 1, maxLength: 120 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 60 }),
        (days, withForecast, startOffset) => {
          const forecast = withForecast
            ? { model: { kind: 'exponential' as const, qi: 800, di: 0.5 }, anchorDay: START }
            : null;
          const loss = wellLoss(series(days), START + startOffset, START + 200, forecast);
          let lost = 0;
          let potential = 0;
          for (const d of loss.days) {
            expect(d.lost).toBeGreaterThanOrEqual(0);
            expect(d.lost).toBeLessThanOrEqual(d.potential);
            lost += d.lost;
            potential += d.potential;
          }
          expect(loss.lost).toBeCloseTo(lost, 6);
          expect(loss.potential).toBeCloseTo(potential, 6);
          expect(loss.lost).toBeLessThanOrEqual(loss.potential + 1e-9);
          expect(loss.days.length + loss.unratedDays).toBe(
            loss.shutInDays + loss.reducedRuntimeDays,
          );
        },
      ),
    );
  });

  it('puts each lost day down to the latest-starting event covering it, else to none', () => {
    const span = fc
      .record({
        start: fc.integer({ min: -10, max: 130 }),
        length: fc.integer({ min: 0, max: 40 }),
        ongoing: fc.boolean(),
        category: fc.constantFrom('Facility', 'Weather', 'Workover'),
      })
      .map(({ start, length, ongoing, category }) => ({
        startDay: START + start,
        endDay: ongoing ? Infinity : START + start + length,
        category,
      }));
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 1, maxLength: 120 }),
        fc.array(span, { maxLength: 5 }),
        (days, events) => {
          const plain = wellLoss(series(days), START, START + 200, null);
          const loss = wellLoss(series(days), START, START + 200, null, events);
          // Events change the reason given, never the figures.
          expect(loss.days.map(({ cause: _, ...rest }) => rest)).toEqual(
            plain.days.map(({ cause: _, ...rest }) => rest),
          );
          for (const d of loss.days) {
            const dayNumber =
              START + days.findIndex((_, i) => isoFromEpochDay(START + i) === d.date);
            const covering = events.filter(
              (event) => event.startDay <= dayNumber && dayNumber <= event.endDay,
            );
            const latest = Math.max(...covering.map((event) => event.startDay));
            if (covering.length === 0) expect(d.cause).toBeNull();
            else {
              expect(
                covering.filter((e) => e.startDay === latest).map((e) => e.category),
              ).toContain(d.cause);
            }
          }
        },
      ),
    );
  });
});
