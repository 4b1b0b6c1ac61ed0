import type { QualityFindingView } from '#shared/desktop/index.js';
import { QUALITY_RULE_LABELS, type QualityRuleId } from '#shared/quality/index.js';

/**
 * The line that stands for findings kept out of sight: "2,145 minor findings, mostly
 * 1–4 day reporting gaps". "Mostly" names the rule of more than half of them (for gaps,
 * with the range of their lengths, which is what says they are the harmless kind).
 */
export function collapsedSummary(findings: readonly QualityFindingView[], kind: string): string {
  const count = findings.length;
  const head = `${COUNT.format(count)} ${kind} ${count === 1 ? 'finding' : 'findings'}`;
  const byRule = new Map<QualityRuleId, QualityFindingView[]>();
  for (const finding of findings) {
    const list = byRule.get(finding.rule) ?? [];
    list.push(finding);
    byRule.set(finding.rule, list);
  }
  const [rule, most] = [...byRule].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!rule || !most || 2 * most.length <= count) return head;
  const all = most.length === count ? (count === 1 ? '' : 'all ') : 'mostly ';
  return `${head}, ${all}${describe(rule, most)}`;
}

function describe(rule: QualityRuleId, findings: readonly QualityFindingView[]): string {
  if (rule !== 'reporting-gap') return QUALITY_RULE_LABELS[rule].toLowerCase();
  const lengths = findings.map((f) => (Date.parse(f.to) - Date.parse(f.from)) / 86_400_000 + 1);
  const shortest = Math.min(...lengths);
  const longest = Math.max(...lengths);
  const span = shortest === longest ? `${shortest}` : `${shortest}–${longest}`;
  return `${span} day reporting ${findings.length === 1 ? 'gap' : 'gaps'}`;
}

const COUNT = new Intl.NumberFormat('en-US');
