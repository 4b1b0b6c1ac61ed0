import type { ProductionRecord } from '#shared/api/index.js';
import type { Range } from './basins.js';
import { modifiedHyperbolic } from './decline.js';
import { Trend, round1, round2 } from './numbers.js';
import type { Random } from './random.js';
import type { RecordPlan } from './records.js';
import { Timeline } from './timeline.js';

/** Choke sizes in 64ths of an inch, as a field's bean box holds them. */
const CHOKE_LADDER = [12, 14, 16, 18, 20, 22, 24, 28, 32, 36, 40, 48, 56, 64] as const;

function draw(rng: Random, [min, max]: Range): number {
  return rng.range(min, max);
}

/**
 * A producer's daily history: a modified-hyperbolic oil decline after a
 * flowback clean-up, gas from a rising GOR, water from a rising watercut (with
 * frac-water flowback at the start), pressures drawing down, a choke opened in
 * steps, partial-day outages, shut-ins with pressure build-up and a flush of
 * production on reopening.
 */
export function* producerRecords(plan: RecordPlan, rng: Random): Generator<ProductionRecord> {
  const p = plan.profile;
  const timeline = new Timeline(rng, {
    firstDay: plan.firstDay,
    lastDay: plan.lastDay,
    status: plan.status,
    shutInsPerYear: 0.7,
    downtimeRate: 0.035,
    missingRate: 0.004,
  });

  const decline = modifiedHyperbolic({
    qi: draw(rng, p.qi),
    diPerYear: draw(rng, p.diPerYear),
    b: draw(rng, p.b),
    dMinPerYear: draw(rng, p.dMinPerYear),
  });
  const cleanupDays = rng.int(10, 40);

  const gor0 = draw(rng, p.gor);
  const gor = new Trend(gor0, gor0 * draw(rng, p.gorGrowth), rng.range(900, 1_500));

  const watercutStart = draw(rng, p.watercutStart);
  const watercutEnd = Math.max(watercutStart, draw(rng, p.watercutEnd));
  const watercut = new Trend(watercutStart, watercutEnd, rng.range(1_000, 2_500));
  // Frac water comes back first: the watercut starts high and falls over weeks.
  const flowback = new Trend((95 - watercutStart) * rng.range(0.4, 0.9), 0, rng.range(15, 45));

  const reservoir0 = draw(rng, p.pressureGradient) * plan.tvd;
  const reservoir = new Trend(reservoir0, 0.35 * reservoir0, rng.range(1_500, 3_500));
  const bhp0 = reservoir0 * rng.range(0.55, 0.72);
  const bhp = new Trend(bhp0, reservoir0 * rng.range(0.1, 0.2), rng.range(150, 500));
  const thp = new Trend(
    Math.min(bhp0 * 0.6, rng.range(1_200, 2_800)),
    rng.range(80, 250),
    rng.range(100, 400),
  );
  // Pressure gradient of the fluid column between the perforations and the wellhead when shut in.
  const columnGradient = rng.range(0.25, 0.38);

  const chokes = chokeSchedule(rng, timeline.length);
  let chokeIndex = 0;

  let wander = 0; // slow multiplicative drift (log space), so weeks run high or low together
  while (timeline.next()) {
    const d = timeline.day;
    wander = 0.93 * wander + 0.025 * rng.gauss();
    while (chokeIndex + 1 < chokes.length && (chokes[chokeIndex + 1] as Choke).day <= d)
      chokeIndex++;
    if (timeline.missing) continue;

    const date = timeline.date();
    if (timeline.offline) {
      yield offlineRecord(date);
      continue;
    }

    const bhpFlowing = bhp.at(d) * (1 + 0.012 * rng.gauss());
    const thpFlowing = Math.min(thp.at(d) * (1 + 0.03 * rng.gauss()), 0.8 * bhpFlowing);

    if (timeline.shutInDay > 0) {
      // Build-up: the bottom-hole pressure climbs back towards the reservoir pressure.
      const pressure = reservoir.at(d);
      const bhpShut =
        bhpFlowing + (pressure - bhpFlowing) * (1 - Math.exp(-timeline.shutInDay / 4));
      const thpShut = Math.max(thpFlowing, bhpShut - columnGradient * plan.tvd);
      yield {
        date,
        oil_rate: 0,
        water_rate: 0,
        gas_rate: 0,
        bhp: round1(bhpShut),
        thp: round1(thpShut),
        choke_size: 0,
        runtime: 0,
        gor: null,
        watercut: null,
      };
      continue;
    }

    const cleanup = d < cleanupDays ? 0.3 + (0.7 * (d + 1)) / cleanupDays : 1;
    const flush = timeline.sinceReopen < 60 ? 1 + 0.25 * Math.exp(-timeline.sinceReopen / 6) : 1;
    const hours = timeline.runtime / 24;
    const noise = 1 + 0.04 * rng.gauss();
    const oilFull = decline(d) * cleanup * flush * Math.exp(wander) * noise * hours;
    const dayGor = gor.at(d) * (1 + 0.04 * rng.gauss());
    const dayWatercut = Math.min(
      97,
      Math.max(0.5, watercut.at(d) + flowback.at(d) + 1.2 * rng.gauss()),
    );

    const oil = round1(oilFull);
    const gas = round1((oilFull * dayGor) / 1000);
    const water = round1((oilFull * dayWatercut) / (100 - dayWatercut));
    yield {
      date,
      oil_rate: oil,
      water_rate: water,
      gas_rate: gas,
      bhp: round1(bhpFlowing),
      thp: round1(thpFlowing),
      choke_size: (chokes[chokeIndex] as Choke).size,
      runtime: timeline.runtime,
      // Derived from the rounded rates, so they agree exactly with what is stored.
      gor: oil > 0 ? round1((1000 * gas) / oil) : null,
      watercut: oil + water > 0 ? round2((100 * water) / (oil + water)) : null,
    };
  }
}

interface Choke {
  day: number;
  size: number;
}

/**
 * Operators flow a new well back on a small choke to protect the fracture
 * network, then open it a few sizes at a time over the first years, now and
 * then pinching back a size; each change holds until the next.
 */
function chokeSchedule(rng: Random, length: number): Choke[] {
  let index = rng.int(2, 6);
  const schedule: Choke[] = [{ day: 0, size: CHOKE_LADDER[index] as number }];
  let day = rng.int(15, 90);
  while (day < length && index < CHOKE_LADDER.length - 1) {
    index = rng.chance(0.12)
      ? Math.max(0, index - 1)
      : Math.min(CHOKE_LADDER.length - 1, index + rng.int(1, 3));
    schedule.push({ day, size: CHOKE_LADDER[index] as number });
    day += rng.int(45, 500);
  }
  return schedule;
}

/** An inactive well after its last producing day: on the report, nothing flowing, no gauges. */
function offlineRecord(date: string): ProductionRecord {
  return {
    date,
    oil_rate: 0,
    water_rate: 0,
    gas_rate: 0,
    bhp: null,
    thp: null,
    choke_size: 0,
    runtime: 0,
    gor: null,
    watercut: null,
  };
}
