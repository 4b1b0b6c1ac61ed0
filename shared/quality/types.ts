import type { UnitSystem } from '../api/index.js';
import type { QualitySeverity } from './severity.js';
import type { VolumeAtStake } from './stake.js';
import type { WellColumns } from './well-columns.js';

/**
 * What the data-quality rules look for. Each id names one rule file of this folder; the
 * ids are stored with dismissed findings, so they never change once shipped.
 */
export const QUALITY_RULES = [
  'reporting-gap',
  'flat-line',
  'spike',
  'ratio-jump',
  'before-spud',
  'runtime-mismatch',
  'implausible',
] as const;
export type QualityRuleId = (typeof QUALITY_RULES)[number];

/** How the queue names each rule. */
export const QUALITY_RULE_LABELS: Record<QualityRuleId, string> = {
  'reporting-gap': 'Gaps in reporting',
  'flat-line': 'Flat-lined values',
  spike: 'Single-day spikes and drops',
  'ratio-jump': 'GOR or watercut jumps',
  'before-spud': 'Production before spud',
  'runtime-mismatch': 'Runtime and rates disagree',
  implausible: 'Implausible values',
};

/** What a rule says looks wrong in one well's production, on one day or a run of days. */
export interface FindingFacts {
  /** Stable across scans while the data that caused it is unchanged: dismissals are kept by it. */
  key: string;
  wellId: string;
  rule: QualityRuleId;
  /** First and last day concerned (YYYY-MM-DD, both included). */
  from: string;
  to: string;
  /** Names the values with their units and why they look wrong. */
  reason: string;
}

/** A finding as the queue shows it: the facts, how serious they are and what volume they touch. */
export interface QualityFinding extends FindingFacts {
  /** By the rule's thresholds (severity.ts): what to look at first. */
  severity: QualitySeverity;
  /**
   * The volume the finding puts in doubt (stake.ts), in the project's units; null for
   * findings about a value that is no volume (a pressure, a recorded GOR).
   */
  atStake: VolumeAtStake | null;
}

/** What a rule is told about the well besides its days. */
export interface WellSeriesContext {
  wellId: string;
  /** The project's units: values are in them, and reasons name them. */
  unitSystem: UnitSystem;
  spudDate: string | null;
  /**
   * The date ranges whose days this computer holds completely (sorted, disjoint). A day
   * missing inside one was not reported; outside them it may simply not be here.
   * Absent: the whole span from the first record to the last.
   */
  covered?: ReadonlyArray<{ from: string; to: string }>;
}

/** A rule: the well's days as columns (date order, one row per day, project units) → findings. */
export type QualityRule = (columns: WellColumns, context: WellSeriesContext) => QualityFinding[];

/** The finding's key: rule, well, days and (for rules about one field) the field. */
export function findingKey(
  rule: QualityRuleId,
  wellId: string,
  from: string,
  to: string,
  field = '',
): string {
  return [rule, wellId, from, to, field].join('|');
}
