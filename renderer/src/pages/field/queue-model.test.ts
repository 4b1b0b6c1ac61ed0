import { describe, expect, it } from 'vitest';
import type { QualityFindingView } from '../../../../shared/desktop/index.js';
import { countByRule, gridRange, visibleFindings, withDismissed } from './queue-model.js';

const finding = (key: string, rule: QualityFindingView['rule'], dismissed = false) =>
  ({
    key,
    rule,
    dismissed,
    wellId: 'w',
    wellName: 'W',
    from: '2024-03-01',
    to: '2024-03-02',
    reason: 'r',
  }) satisfies QualityFindingView;

const FINDINGS = [
  finding('a', 'spike'),
  finding('b', 'reporting-gap'),
  finding('c', 'spike', true),
];

describe('queue model', () => {
  it('filters by rule and hides dismissed findings unless asked', () => {
    expect(visibleFindings(FINDINGS, 'all', false).map((f) => f.key)).toEqual(['a', 'b']);
    expect(visibleFindings(FINDINGS, 'spike', false).map((f) => f.key)).toEqual(['a']);
    expect(visibleFindings(FINDINGS, 'spike', true).map((f) => f.key)).toEqual(['a', 'c']);
  });

  it('counts per rule, every rule listed', () => {
    expect(countByRule(FINDINGS, false)).toMatchObject({
      spike: 1,
      'reporting-gap': 1,
      implausible: 0,
    });
    expect(countByRule(FINDINGS, true).spike).toBe(2);
  });

  it('opens the grid a week either side of the finding, across month ends', () => {
    expect(gridRange({ from: '2024-03-01', to: '2024-03-02' })).toEqual({
      from: '2024-02-23',
      to: '2024-03-09',
    });
  });

  it('flips one finding’s dismissed flag and leaves the rest', () => {
    const next = withDismissed({ findings: FINDINGS }, 'a', true);
    expect(next.findings.map((f) => f.dismissed)).toEqual([true, false, true]);
    expect(FINDINGS[0]!.dismissed).toBe(false);
  });
});
