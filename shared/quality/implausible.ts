import { fromStored } from '../api/index.js';
import {
  GOR_MISMATCH_FACTOR,
  PRESSURE_CEILING_PSI,
  RATE_BASIS_DAYS,
  RATE_BASIS_MIN_DAYS,
  RATE_JUMP_FACTOR,
} from '../production/plausibility.js';
import {
  gorMismatchMessage,
  pressureCeilingMessage,
  rateJumpMessage,
  type RateName,
} from '../production/plausibility-messages.js';
import { RecentMaximum } from '../production/recent-maximum.js';
import { isoFromEpochDay } from './days.js';
import {
  GOR_MISMATCH_SEVERITY,
  IMPOSSIBLE_VALUE_SEVERITY,
  type QualitySeverity,
} from './severity.js';
import { STREAM_OF, volumeAtStake, type VolumeAtStake } from './stake.js';
import { findingKey, type QualityFinding, type WellSeriesContext } from './types.js';
import type { WellColumns } from './well-columns.js';

/**
 * Values the API accepts but no well reports: the very checks the records grid and the
 * importer warn with (shared/production/plausibility.ts, worded by its
 * plausibility-messages.ts): a BHP or THP above 20,000 psi, a rate 50 times the well's
 * highest of its last 90 producing days, a recorded GOR ten times off the day's gas ÷
 * oil. Here they are applied to every day already stored, in one pass over the columns:
 * the grid's version merges candidates into a history by date, which a scan of stored
 * days does not need. (Negative rates and pressures, a runtime above 24 h or a watercut
 * above 100 % cannot be stored at all: the API refuses them.) Production before the
 * spud date has a rule of its own (before-spud.ts).
 *
 * A rate 50× the recent highest and a pressure above the ceiling are impossible:
 * critical. A recorded GOR off the rates is major (the rates may be right). At stake:
 * for a rate, what it books above the recent highest × 1 day; a pressure or a recorded
 * GOR is no volume (none).
 */

/** In the order the grid lists a day's warnings (PRODUCTION_FIELDS order). */
const RATES: readonly RateName[] = ['oil_rate', 'water_rate', 'gas_rate'];
const PRESSURES = ['bhp', 'thp'] as const;

export function implausibleValues(
  columns: WellColumns,
  context: WellSeriesContext,
): QualityFinding[] {
  const system = context.unitSystem;
  const ceiling = fromStored('pressure', PRESSURE_CEILING_PSI, system);
  const recent = RATES.map(() => new RecentMaximum(RATE_BASIS_DAYS));
  const findings: QualityFinding[] = [];
  const add = (
    row: number,
    check: string,
    message: string,
    severity: QualitySeverity,
    atStake: VolumeAtStake | null,
  ) => {
    const date = isoFromEpochDay(columns.days[row] as number);
    findings.push({
      key: findingKey('implausible', context.wellId, date, date, check),
      wellId: context.wellId,
      rule: 'implausible',
      from: date,
      to: date,
      reason: `${message} (${date})`,
      severity,
      atStake,
    });
  };
  const { gor, oil_rate: oil, gas_rate: gas, bhp, thp } = columns;
  const rates = RATES.map((field) => columns[field]);
  for (let r = 0; r < columns.length; r++) {
    // Every producing day joins its rate's basis, a flagged one too: a real new level (a
    // refrac) is reported once, not on every later day.
    for (let f = 0; f < 3; f++) {
      const value = (rates[f] as Float64Array)[r] as number;
      if (!(value > 0)) continue;
      const basis = recent[f] as RecentMaximum;
      const highest = basis.max;
      if (highest && basis.count >= RATE_BASIS_MIN_DAYS && value >= RATE_JUMP_FACTOR * highest) {
        const field = RATES[f] as RateName;
        add(
          r,
          `rate-jump:${field}`,
          rateJumpMessage(field, value, highest, basis.count, system),
          IMPOSSIBLE_VALUE_SEVERITY,
          volumeAtStake(STREAM_OF[field], value - highest, system),
        );
      }
      basis.push(value);
    }
    // Two comparisons a day; the words only for the rare day above the ceiling.
    if ((bhp[r] as number) > ceiling || (thp[r] as number) > ceiling) {
      for (const field of PRESSURES) {
        const value = columns[field][r] as number;
        if (value > ceiling) {
          add(
            r,
            `pressure-ceiling:${field}`,
            pressureCeilingMessage(field, value, ceiling, PRESSURE_CEILING_PSI, system),
            IMPOSSIBLE_VALUE_SEVERITY,
            null,
          );
        }
      }
    }
    // A GOR of 0 or none, recorded or from the rates, has nothing to be off by.
    const recorded = gor[r] as number;
    if (!(recorded > 0)) continue;
    const oilRate = oil[r] as number;
    const fromRates = oilRate > 0 ? (1000 * (gas[r] as number)) / oilRate : NaN;
    if (!(fromRates > 0)) continue;
    const apart = Math.max(recorded / fromRates, fromRates / recorded);
    if (apart >= GOR_MISMATCH_FACTOR) {
      add(
        r,
        'gor-mismatch:gor',
        gorMismatchMessage(recorded, fromRates, apart, system),
        GOR_MISMATCH_SEVERITY,
        null,
      );
    }
  }
  return findings;
}
