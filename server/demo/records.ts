import type { ProductionRecord, WellStatus, WellType } from '#shared/api/index.js';
import type { ProductionProfile } from './basins.js';
import { injectionRecords, observerRecords } from './non-producer.js';
import { producerRecords } from './producer.js';
import { Random } from './random.js';

/**
 * Everything a well's daily history depends on. Plain data: records() can be
 * called any number of times, in any order, and always yields the same days.
 */
export interface RecordPlan {
  /** Seed of this well's own PRNG (from the dataset seed and the well's index). */
  seed: number;
  type: WellType;
  status: WellStatus;
  /** First production (or injection, or monitoring) day, as days since 1970-01-01. */
  firstDay: number;
  /** The dataset's `today`. */
  lastDay: number;
  /** True vertical depth, ft. */
  tvd: number;
  profile: ProductionProfile;
}

/**
 * Daily records in imperial units, ascending by date, first day to `lastDay`,
 * missing days left out. Every well reports through today: an inactive well
 * keeps reporting zero rates with no pressures after it stops, a shut-in well
 * ends with zero-rate days, so clients always see where a history ends and why.
 */
export function wellRecords(plan: RecordPlan): Generator<ProductionRecord> {
  const rng = new Random(plan.seed);
  switch (plan.type) {
    case 'producer':
      return producerRecords(plan, rng);
    case 'injector':
    case 'swd':
      return injectionRecords(plan, rng);
    case 'observer':
      return observerRecords(plan, rng);
  }
}
