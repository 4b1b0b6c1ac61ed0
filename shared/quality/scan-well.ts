import { beforeSpud } from './before-spud.js';
import { flatLines, type FlatLineOptions } from './flat-lines.js';
import { implausibleValues } from './implausible.js';
import { ratioJumps } from './ratio-jumps.js';
import { reportingGaps, type ReportingGapOptions } from './reporting-gaps.js';
import { runtimeMismatch } from './runtime-mismatch.js';
import { spikes } from './spikes.js';
import {
  QUALITY_RULES,
  type QualityFinding,
  type QualityRuleId,
  type WellSeriesContext,
} from './types.js';
import type { WellColumns } from './well-columns.js';

export interface ScanOptions {
  flatLine?: FlatLineOptions;
  reportingGap?: ReportingGapOptions;
}

/** Every rule on one well's days (as columns): findings by date, then rule. */
export function scanWell(
  columns: WellColumns,
  context: WellSeriesContext,
  options: ScanOptions = {},
): QualityFinding[] {
  const findings = [
    ...reportingGaps(columns, context, options.reportingGap),
    ...flatLines(columns, context, options.flatLine),
    ...spikes(columns, context),
    ...ratioJumps(columns, context),
    ...beforeSpud(columns, context),
    ...runtimeMismatch(columns, context),
    ...implausibleValues(columns, context),
  ];
  return findings.sort(
    (a, b) =>
      (a.from < b.from ? -1 : a.from > b.from ? 1 : 0) || ruleOrder(a.rule) - ruleOrder(b.rule),
  );
}

function ruleOrder(rule: QualityRuleId): number {
  return QUALITY_RULES.indexOf(rule);
}
