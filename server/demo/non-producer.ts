import type { ProductionRecord } from '#shared/api/index.js';
import { weekday } from './days.js';
import { Trend, round1 } from './numbers.js';
import type { Random } from './random.js';
import type { RecordPlan } from './records.js';
import { Timeline } from './timeline.js';

/** Pressure gradient of produced brine, psi/ft: the column between wellhead and formation. */
const BRINE_GRADIENT = 0.45;

/** What a well that produces nothing reports: every field null (the date is added per day). */
const NOTHING: Omit<ProductionRecord, 'date'> = {
  oil_rate: null,
  water_rate: null,
  gas_rate: null,
  bhp: null,
  thp: null,
  choke_size: null,
  runtime: null,
  gor: null,
  watercut: null,
};

/**
 * Water injectors (pressure maintenance) and salt-water disposal wells. They
 * report the injected volume as water_rate; oil, gas, choke, GOR and watercut
 * do not apply and stay null. Injectors take a steady, slowly shrinking volume
 * at rising pressure as the formation fills; disposal wells take whatever the
 * trucks and pipelines bring — noisy, lighter on Sundays — at a wellhead
 * pressure that starts near zero (on vacuum) and climbs over the years.
 */
export function* injectionRecords(plan: RecordPlan, rng: Random): Generator<ProductionRecord> {
  const swd = plan.type === 'swd';
  const timeline = new Timeline(rng, {
    firstDay: plan.firstDay,
    lastDay: plan.lastDay,
    status: plan.status,
    shutInsPerYear: 0.5,
    downtimeRate: swd ? 0.05 : 0.03,
    missingRate: 0.004,
  });
  const target = swd ? rng.range(2_500, 18_000) : rng.range(600, 3_000);
  const rampDays = rng.int(5, 20);
  const lossPerYear = rng.range(0.01, 0.05);
  const thpStart = swd ? rng.range(0, 250) : rng.range(900, 1_800);
  const thpLate = swd ? rng.range(400, 1_400) : thpStart * rng.range(1.1, 1.5);
  const thp = new Trend(thpStart, thpLate, rng.range(900, 2_000));
  // Disposal volumes grow as more producers in the area are tied in.
  const tieIns = new Trend(0.6, 1, 400);
  const noise = swd ? 0.12 : 0.04;
  // Friction in the tubing takes a little off the hydrostatic head while injecting.
  const head = BRINE_GRADIENT * plan.tvd * rng.range(0.95, 0.99);

  let wander = 0;
  while (timeline.next()) {
    const d = timeline.day;
    wander = 0.9 * wander + 0.03 * rng.gauss();
    if (timeline.missing) continue;

    const date = timeline.date();
    if (timeline.offline) {
      yield { date, ...NOTHING, water_rate: 0, runtime: 0 };
      continue;
    }
    const thpInjecting = thp.at(d) * (1 + 0.02 * rng.gauss());
    if (timeline.shutInDay > 0) {
      // Fall-off: the wellhead pressure bleeds away into the formation.
      const thpShut = thpInjecting * Math.exp(-timeline.shutInDay / 4);
      yield {
        date,
        ...NOTHING,
        water_rate: 0,
        runtime: 0,
        thp: round1(thpShut),
        bhp: round1(thpShut + head),
      };
      continue;
    }

    const ramp = d < rampDays ? (d + 1) / rampDays : 1;
    const trend = swd
      ? tieIns.at(d) * (weekday(plan.firstDay + d) === 0 ? 0.8 : 1)
      : Math.max(0.5, 1 - (lossPerYear * d) / 365.25);
    const volume =
      target *
      ramp *
      trend *
      Math.exp(wander) *
      (1 + noise * rng.gauss()) *
      (timeline.runtime / 24);
    yield {
      date,
      ...NOTHING,
      water_rate: round1(volume),
      thp: round1(thpInjecting),
      bhp: round1(thpInjecting + head),
      runtime: timeline.runtime,
    };
  }
}

/**
 * Observation wells: downhole gauges only. The bottom-hole pressure follows
 * the slow depletion of the surrounding drainage; the static wellhead pressure
 * is what is left after the water column, zero once the level drops below surface.
 */
export function* observerRecords(plan: RecordPlan, rng: Random): Generator<ProductionRecord> {
  const timeline = new Timeline(rng, {
    firstDay: plan.firstDay,
    lastDay: plan.lastDay,
    status: plan.status,
    shutInsPerYear: 0,
    downtimeRate: 0,
    missingRate: 0.008,
  });
  const reservoir0 = rng.range(...plan.profile.pressureGradient) * plan.tvd;
  const reservoir = new Trend(
    reservoir0,
    reservoir0 * rng.range(0.5, 0.7),
    rng.range(1_500, 4_000),
  );
  const column = rng.range(0.38, 0.44) * plan.tvd;

  while (timeline.next()) {
    if (timeline.missing) continue;
    const date = timeline.date();
    if (timeline.offline) {
      yield { date, ...NOTHING };
      continue;
    }
    const bhp = reservoir.at(timeline.day) * (1 + 0.002 * rng.gauss());
    yield { date, ...NOTHING, bhp: round1(bhp), thp: round1(Math.max(0, bhp - column)) };
  }
}
