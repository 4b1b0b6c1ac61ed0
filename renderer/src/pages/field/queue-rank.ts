import type { QualityFindingView } from '#shared/desktop/index.js';
import {
  QUALITY_RULE_LABELS,
  QUALITY_RULES,
  QUALITY_SEVERITIES,
  type QualitySeverity,
} from '#shared/quality/index.js';

/**
 * The queue's order and grouping, apart from React: serious findings first (critical,
 * then major, then minor), and within a severity the largest volume at stake first (as
 * oil equivalent, so an oil gap and a gas spike compare; then water), then by well and date.
 */

export type GroupBy = 'severity' | 'well' | 'rule';

export type SeverityCounts = Record<QualitySeverity, number>;

export interface FindingGroup {
  /** The severity, the well's id or the rule's id. */
  id: string;
  label: string;
  /** Ranked. */
  findings: QualityFindingView[];
  counts: SeverityCounts;
}

const SEVERITY_RANK: Record<QualitySeverity, number> = { critical: 0, major: 1, minor: 2 };

const stakeOf = (finding: QualityFindingView) => finding.atStake?.oilEquivalent ?? 0;
/** Water has no oil equivalent (it is not sold): it orders findings that tie on oil and gas. */
const waterOf = (finding: QualityFindingView) =>
  finding.atStake?.stream === 'water' ? finding.atStake.volume : 0;

export function compareFindings(a: QualityFindingView, b: QualityFindingView): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    stakeOf(b) - stakeOf(a) ||
    waterOf(b) - waterOf(a) ||
    a.wellName.localeCompare(b.wellName) ||
    (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)
  );
}

export function rankFindings(findings: readonly QualityFindingView[]): QualityFindingView[] {
  return [...findings].sort(compareFindings);
}

export function countBySeverity(findings: readonly QualityFindingView[]): SeverityCounts {
  const counts: SeverityCounts = { critical: 0, major: 0, minor: 0 };
  for (const finding of findings) counts[finding.severity]++;
  return counts;
}

/**
 * Ranked findings in groups. Severity groups come in severity order (empty ones left
 * out); well and rule groups worst first: by their critical count, then major, then
 * their whole volume at stake, then name. A group's worst finding leads it.
 */
export function groupFindings(
  findings: readonly QualityFindingView[],
  by: GroupBy,
): FindingGroup[] {
  const buckets = new Map<string, { label: string; findings: QualityFindingView[] }>();
  for (const finding of rankFindings(findings)) {
    const id = by === 'severity' ? finding.severity : by === 'well' ? finding.wellId : finding.rule;
    let bucket = buckets.get(id);
    if (!bucket) {
      bucket = { label: groupLabel(finding, by), findings: [] };
      buckets.set(id, bucket);
    }
    bucket.findings.push(finding);
  }
  const groups = [...buckets].map(([id, bucket]) => ({
    id,
    label: bucket.label,
    findings: bucket.findings,
    counts: countBySeverity(bucket.findings),
  }));
  if (by === 'severity') {
    return groups.sort(
      (a, b) => SEVERITY_RANK[a.id as QualitySeverity] - SEVERITY_RANK[b.id as QualitySeverity],
    );
  }
  const total = (group: FindingGroup) => group.findings.reduce((sum, f) => sum + stakeOf(f), 0);
  return groups.sort(
    (a, b) =>
      b.counts.critical - a.counts.critical ||
      b.counts.major - a.counts.major ||
      total(b) - total(a) ||
      (by === 'rule'
        ? QUALITY_RULES.indexOf(a.id as never) - QUALITY_RULES.indexOf(b.id as never)
        : a.label.localeCompare(b.label)),
  );
}

const SEVERITY_LABELS: Record<QualitySeverity, string> = {
  critical: 'Critical',
  major: 'Major',
  minor: 'Minor',
};

function groupLabel(finding: QualityFindingView, by: GroupBy): string {
  if (by === 'severity') return SEVERITY_LABELS[finding.severity];
  return by === 'well' ? finding.wellName : QUALITY_RULE_LABELS[finding.rule];
}

export { QUALITY_SEVERITIES, SEVERITY_LABELS };
