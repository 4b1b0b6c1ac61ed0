import type { ProductionRecord, UnitSystem, WellStatus, WellType } from '#shared/api/index.js';
import { BASINS, type Basin, type Range } from './basins.js';
import { isoFromEpochDay, utcToday } from '#shared/dates/iso-day.js';
import { dayNumber } from './days.js';
import { createSite, slotLocation, type Site, type UsedIdentities } from './names.js';
import { Random, mixSeed } from './random.js';
import { wellRecords } from './records.js';

/**
 * The demo dataset: three projects of horizontal wells with ten-odd years of
 * daily production each, generated rather than shipped so the installer stays
 * small and the dates always end today. Deterministic: the same seed and
 * `today` give the same dataset, value for value, on every machine.
 */

export interface DemoOptions {
  seed?: number; // default 20261121
  today?: string; // 'YYYY-MM-DD', last day of production; default: today's UTC date
  wellCounts?: readonly number[]; // wells per project; default [140, 90, 70] (≈300 wells, 3 projects)
  /** At most this many days of each well (benchmarks of many wells); default: 5–15 years. */
  historyDays?: number;
}

export interface DemoWellSpec {
  name: string;
  apiNumber: string;
  type: WellType;
  status: WellStatus;
  latitude: number;
  longitude: number;
  spudDate: string;
  lateralLength: number;
  perfInterval: { topMd: number; bottomMd: number };
  /** Daily records in IMPERIAL units, ascending by date, from first production to `today`;
   *  occasional missing days are simply absent. Deterministic: every call yields identical records. */
  records(): Iterable<ProductionRecord>;
}

export interface DemoProjectSpec {
  name: string;
  description: string;
  timezone: string;
  unitSystem: UnitSystem;
  wells: DemoWellSpec[];
}

export const DEFAULT_DEMO_SEED = 20261121;
export const DEFAULT_WELL_COUNTS: readonly number[] = [140, 90, 70];

/** Separate PRNG streams, so drawing one more metadata value never shifts a well's records. */
const SPEC_STREAM = 1;
const RECORD_STREAM = 2;

/** Histories run 5–15 years: first production between these many days before today. */
const MIN_HISTORY_DAYS = 1_900; // 5.2 years
const MAX_HISTORY_DAYS = 5_400; // 14.8 years

const MIN_LATERAL_FT = 4_000;
const MAX_LATERAL_FT = 15_000;

export function generateDemo(options: DemoOptions = {}): DemoProjectSpec[] {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (!Number.isSafeInteger(seed)) throw new RangeError('seed must be a safe integer');
  const lastDay = dayNumber(options.today ?? utcToday());
  const counts = options.wellCounts ?? DEFAULT_WELL_COUNTS;
  if (counts.length > BASINS.length) {
    throw new RangeError(`wellCounts may name at most ${BASINS.length} projects`);
  }
  for (const count of counts) {
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError('wellCounts must be non-negative integers');
    }
  }

  // API numbers are unique across the dataset, names within a project.
  const apiNumbers = new Set<string>();
  let wellIndex = 0;
  return counts.map((count, projectIndex) => {
    const basin = BASINS[projectIndex] as Basin;
    const rng = new Random(mixSeed(seed, SPEC_STREAM, projectIndex));
    const used: UsedIdentities = { names: new Set(), apiNumbers };
    const types = planTypes(count, rng);
    const statuses = planStatuses(types, rng);

    const wells: DemoWellSpec[] = [];
    let pad: Pad | undefined;
    for (let i = 0; i < count; i++) {
      const type = types[i] as WellType;
      // Producers fill multi-well pads; anything else is drilled on its own.
      if (!pad || type !== 'producer' || pad.type !== 'producer' || pad.next >= pad.size) {
        pad = newPad(basin, type, rng, lastDay);
      }
      wells.push(
        wellSpec(pad, pad.next++, statuses[i] as WellStatus, rng, used, {
          seed: mixSeed(seed, RECORD_STREAM, wellIndex++),
          lastDay,
          basin,
          historyDays: options.historyDays,
        }),
      );
    }
    return { ...basin.project, wells };
  });
}

/** Mostly producers, with a few of each other type once a project has ten wells. */
function planTypes(count: number, rng: Random): WellType[] {
  const atLeastOne = count >= 10 ? 1 : 0;
  const quota = (share: number) => Math.max(atLeastOne, Math.round(count * share));
  const injectors = quota(0.06);
  const disposals = quota(0.05);
  const observers = quota(0.04);
  const types: WellType[] = [
    ...Array<WellType>(injectors).fill('injector'),
    ...Array<WellType>(disposals).fill('swd'),
    ...Array<WellType>(observers).fill('observer'),
  ];
  while (types.length < count) types.push('producer');
  return rng.shuffle(types.slice(0, count));
}

/**
 * Mostly active; about 8 % shut in (at least one per project) and 12 % inactive.
 * Observation wells are always active: a gauge has nothing to shut in.
 */
function planStatuses(types: readonly WellType[], rng: Random): WellStatus[] {
  const statuses = types.map((): WellStatus => 'active');
  const candidates = rng.shuffle(
    types.flatMap((type, index) => (type === 'observer' ? [] : [index])),
  );
  const shutIn = Math.min(candidates.length, Math.ceil(types.length * 0.08));
  const inactive = Math.min(candidates.length - shutIn, Math.round(types.length * 0.12));
  candidates.slice(0, shutIn).forEach((index) => (statuses[index] = 'shut_in'));
  candidates.slice(shutIn, shutIn + inactive).forEach((index) => (statuses[index] = 'inactive'));
  return statuses;
}

/** Wells drilled from one surface location by one rig, then completed and brought on together. */
interface Pad {
  site: Site;
  type: WellType;
  size: number;
  next: number;
  firstDay: number;
  completionDays: number;
  rigDaysPerWell: number;
  tvd: number;
  lateralMiles: number;
}

function draw(rng: Random, [min, max]: Range): number {
  return rng.range(min, max);
}

function round10(value: number): number {
  return Math.round(value / 10) * 10;
}

function newPad(basin: Basin, type: WellType, rng: Random, lastDay: number): Pad {
  return {
    site: createSite(basin, rng),
    type,
    size: type === 'producer' ? rng.int(...basin.padSize) : 1,
    next: 0,
    firstDay: lastDay - rng.int(MIN_HISTORY_DAYS, MAX_HISTORY_DAYS),
    completionDays: rng.int(25, 150),
    rigDaysPerWell: rng.int(8, 20),
    tvd: round10(draw(rng, basin.tvd)),
    lateralMiles: rng.pick(basin.lateralMiles),
  };
}

function wellSpec(
  pad: Pad,
  slot: number,
  status: WellStatus,
  rng: Random,
  used: UsedIdentities,
  context: { seed: number; lastDay: number; basin: Basin; historyDays?: number | undefined },
): DemoWellSpec {
  const type = pad.type;
  const { name, apiNumber } = pad.site.name(slot, type, rng, used);
  // The rig drills the pad's wells one after another; the frac crew completes them together.
  const spudDay = pad.firstDay - pad.completionDays - (pad.size - 1 - slot) * pad.rigDaysPerWell;
  const firstDay = pad.firstDay + rng.int(0, 3);
  // A "two-mile" lateral is two sections less the setbacks at heel and toe.
  const lateralLength = Math.min(
    MAX_LATERAL_FT,
    Math.max(MIN_LATERAL_FT, round10(pad.lateralMiles * 5_280 - rng.range(150, 600))),
  );
  // Perforations start at the heel, after the curve from vertical, and stop short of the toe.
  const topMd = round10(pad.tvd + rng.range(500, 900));
  const bottomMd = topMd + lateralLength - round10(rng.range(40, 200));
  const plan = {
    seed: context.seed,
    type,
    status,
    firstDay:
      context.historyDays === undefined
        ? firstDay
        : Math.max(firstDay, context.lastDay - context.historyDays + 1),
    lastDay: context.lastDay,
    tvd: pad.tvd,
    profile: context.basin.production,
  };
  return {
    name,
    apiNumber,
    type,
    status,
    ...slotLocation(pad.site, slot),
    spudDate: isoFromEpochDay(spudDay),
    lateralLength,
    perfInterval: { topMd, bottomMd },
    records: () => wellRecords(plan),
  };
}
