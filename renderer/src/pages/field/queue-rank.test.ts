import { describe, expect, it } from 'vitest';
import { volumeAtStake } from '#shared/quality/index.js';
import { collapsedSummary } from './minor-summary.js';
import { countBySeverity, groupFindings, rankFindings } from './queue-rank.js';
import { finding } from './testing/findings.js';

const oil = (volume: number) => volumeAtStake('oil', volume, 'imperial');
const FINDINGS = [
  finding('gap-a', { wellId: 'a', wellName: 'A' }),
  finding('spike-b', {
    rule: 'spike',
    severity: 'critical',
    atStake: oil(500),
    wellId: 'b',
    wellName: 'B',
  }),
  // 6,000 Mscf is 1,000 boe: above the 500 bbl spike.
  finding('gas-a', {
    rule: 'spike',
    severity: 'critical',
    atStake: volumeAtStake('gas', 6_000, 'imperial'),
    wellId: 'a',
    wellName: 'A',
  }),
  finding('water-a', {
    severity: 'major',
    atStake: volumeAtStake('water', 9_000, 'imperial'),
    wellId: 'a',
    wellName: 'A',
  }),
  finding('oil-b', { severity: 'major', atStake: oil(20), wellId: 'b', wellName: 'B' }),
  finding('gap-b', {
    wellId: 'b',
    wellName: 'B',
    atStake: oil(300),
    from: '2024-03-05',
    to: '2024-03-08',
  }),
  finding('pressure-b', {
    rule: 'implausible',
    severity: 'major',
    atStake: null,
    wellId: 'b',
    wellName: 'B',
  }),
];

describe('ranking', () => {
  it('puts critical, then major, then minor first; by oil equivalent within, then water', () => {
    expect(rankFindings(FINDINGS).map((f) => f.key)).toEqual([
      'gas-a',
      'spike-b',
      'oil-b',
      'water-a',
      'pressure-b',
      'gap-b',
      'gap-a',
    ]);
    expect(countBySeverity(FINDINGS)).toEqual({ critical: 2, major: 3, minor: 2 });
  });
});

describe('grouping', () => {
  it('by severity: the severities in order, each ranked', () => {
    const groups = groupFindings(FINDINGS, 'severity');
    expect(groups.map((g) => [g.label, g.findings.length])).toEqual([
      ['Critical', 2],
      ['Major', 3],
      ['Minor', 2],
    ]);
  });

  it('by well and by rule: worst group first, with counts per severity', () => {
    const wells = groupFindings(FINDINGS, 'well');
    // Both have one critical; B has two majors to A's one.
    expect(wells.map((g) => [g.label, g.counts])).toEqual([
      ['B', { critical: 1, major: 2, minor: 1 }],
      ['A', { critical: 1, major: 1, minor: 1 }],
    ]);
    expect(wells[0]!.findings.map((f) => f.key)).toEqual([
      'spike-b',
      'oil-b',
      'pressure-b',
      'gap-b',
    ]);
    const rules = groupFindings(FINDINGS, 'rule');
    expect(rules.map((g) => [g.label, g.findings.length])).toEqual([
      ['Single-day spikes and drops', 2],
      ['Gaps in reporting', 4],
      ['Implausible values', 1],
    ]);
  });
});

describe('the collapsed line', () => {
  it('counts the findings and names the rule of most of them', () => {
    const gaps = [
      finding('1'),
      finding('2', { from: '2024-03-01', to: '2024-03-04' }),
      finding('3', { rule: 'flat-line' }),
    ];
    expect(collapsedSummary(gaps, 'minor')).toBe('3 minor findings, mostly 1–4 day reporting gaps');
    expect(collapsedSummary(gaps.slice(0, 2), 'minor')).toBe(
      '2 minor findings, all 1–4 day reporting gaps',
    );
    expect(collapsedSummary([gaps[2]!, finding('4', { rule: 'spike' })], 'minor')).toBe(
      '2 minor findings',
    );
    expect(collapsedSummary([gaps[2]!], 'minor')).toBe('1 minor finding, flat-lined values');
  });
});
