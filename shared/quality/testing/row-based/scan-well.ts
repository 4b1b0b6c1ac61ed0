import type { ProductionRecord } from '#shared/api/index.js';
import { beforeSpud } from './before-spud.js';
import { flatLines, type FlatLineOptions } from './flat-lines.js';
import { implausibleValues } from './implausible.js';
import { ratioJumps } from './ratio-jumps.js';
import { reportingGaps } from './reporting-gaps.js';
import { runtimeMismatch } from './runtime-mismatch.js';
import { spikes } from './spikes.js';
import {
  QUALITY_RULES,
  type FindingFacts,
  type QualityRuleId,
  type WellSeriesContext,
} from '../../types.js';

/**
 * The rules as they were written first, on one record per day: kept as the reference the
 * column rules (shared/quality/*.ts) are checked against on random series
 * (columns-equivalence.test.ts). Not used by the app.
 */
export interface ScanOptions {
  flatLine?: FlatLineOptions;
}

/** Every rule on one well's days (date order, one record per day): findings by date, then rule. */
export function scanWell(
  days: readonly ProductionRecord[],
  context: WellSeriesContext,
  options: ScanOptions = {},
): FindingFacts[] {
  const findings = [
    ...reportingGaps(days, context),
    ...flatLines(days, context, options.flatLine),
    ...spikes(days, context),
    ...ratioJumps(days, context),
    ...beforeSpud(days, context),
    ...runtimeMismatch(days, context),
    ...implausibleValues(days, context),
  ];
  return findings.sort(
    (a, b) =>
      (a.from < b.from ? -1 : a.from > b.from ? 1 : 0) || ruleOrder(a.rule) - ruleOrder(b.rule),
  );
}

function ruleOrder(rule: QualityRuleId): number {
  return QUALITY_RULES.indexOf(rule);
}
