import { describe, expect, it } from 'vitest';
import type { QualityFindingView } from '#shared/desktop/index.js';
import { finding as make } from './testing/findings.js';
import { countByRule, gridRange, visibleFindings, withDismissed } from './queue-model.js';

const finding = (key: string, rule: QualityFindingView['rule'], dismissed = false) =>
  make(key, { rule, dismissed, to: '2024-03-02' });

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

  it('opens the well page two weeks either side of the finding, across month ends', () => {
    expect(gridRange({ from: '2024-03-01', to: '2024-03-02' })).toEqual({
      from: '2024-02-16',
      to: '2024-03-16',
    });
    // A 40-day gap is seen against 40 days either side.
    expect(gridRange({ from: '2024-03-01', to: '2024-04-09' })).toEqual({
      from: '2024-01-21',
      to: '2024-05-19',
    });
  });

  it('flips the given findings’ dismissed flag and leaves the rest', () => {
    const next = withDismissed({ findings: FINDINGS }, ['a'], true);
    expect(next.findings.map((f) => f.dismissed)).toEqual([true, false, true]);
    const both = withDismissed({ findings: FINDINGS }, ['b', 'c'], false);
    expect(both.findings.map((f) => f.dismissed)).toEqual([false, false, false]);
    expect(FINDINGS[0]!.dismissed).toBe(false);
  });
});
