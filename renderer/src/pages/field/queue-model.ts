import type { QualityFindingView } from '../../../../shared/desktop/index.js';
import { QUALITY_RULES, type QualityRuleId } from '../../../../shared/quality/types.js';

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

/** Days shown around a finding in the records grid, so the day is seen against its neighbours. */
export const CONTEXT_DAYS = 7;

/** The range the well page opens on for a finding: its days and a week either side. */
export function gridRange(finding: Pick<QualityFindingView, 'from' | 'to'>): {
  from: string;
  to: string;
} {
  return { from: shift(finding.from, -CONTEXT_DAYS), to: shift(finding.to, CONTEXT_DAYS) };
}

function shift(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The finding's dismissed flag changed in a scan result, without scanning again. */
export function withDismissed<T extends { findings: QualityFindingView[] }>(
  scan: T,
  key: string,
  dismissed: boolean,
): T {
  return {
    ...scan,
    findings: scan.findings.map((finding) =>
      finding.key === key ? { ...finding, dismissed } : finding,
    ),
  };
}
