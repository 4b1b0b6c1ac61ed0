import type { QualityFindingView } from '#shared/desktop/index.js';
import { QUALITY_RULES, type QualityRuleId } from '#shared/quality/types.js';

/** The queue's filtering and counting, apart from React. */

export type RuleFilter = QualityRuleId | 'all';

export function visibleFindings(
  findings: readonly QualityFindingView[],
  rule: RuleFilter,
  showDismissed: boolean,
): QualityFindingView[] {
  return findings.filter(
    (finding) => (rule === 'all' || finding.rule === rule) && (showDismissed || !finding.dismissed),
  );
}

/** Findings per rule (dismissed ones left out unless shown), every rule listed. */
export function countByRule(
  findings: readonly QualityFindingView[],
  showDismissed: boolean,
): Record<QualityRuleId, number> {
  const counts = Object.fromEntries(QUALITY_RULES.map((rule) => [rule, 0])) as Record<
    QualityRuleId,
    number
  >;
  for (const finding of findings) if (showDismissed || !finding.dismissed) counts[finding.rule]++;
  return counts;
}

/**
 * Days shown either side of a finding on the well page: a month in all, so a one-day
 * spike sits among enough producing days for the charts to show the level it leaves.
 */
export const CONTEXT_DAYS = 14;

/**
 * The range the well page opens on for a finding: its days and CONTEXT_DAYS either
 * side, or as many days as the finding lasts if more (a 40-day gap is seen against the
 * 40 days before and after it).
 */
export function gridRange(finding: Pick<QualityFindingView, 'from' | 'to'>): {
  from: string;
  to: string;
} {
  const length = (Date.parse(finding.to) - Date.parse(finding.from)) / 86_400_000 + 1;
  const margin = Math.max(CONTEXT_DAYS, length);
  return { from: shift(finding.from, -margin), to: shift(finding.to, margin) };
}

function shift(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The findings' dismissed flag changed in a scan result, without scanning again. */
export function withDismissed<T extends { findings: QualityFindingView[] }>(
  scan: T,
  keys: readonly string[],
  dismissed: boolean,
): T {
  const changed = new Set(keys);
  return {
    ...scan,
    findings: scan.findings.map((finding) =>
      changed.has(finding.key) ? { ...finding, dismissed } : finding,
    ),
  };
}
