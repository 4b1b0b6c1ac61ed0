import { describe, expect, it } from 'vitest';
import { findConflicts } from '../sync/conflicts.js';
import { sameValues, type StoredValues } from './stored-values.js';

const day = (gor: number | null, oil = 198.1290392686113): StoredValues => [
  oil,
  2.6,
  106.9,
  697.3,
  177.3,
  64,
  24,
  gor,
  1.295278456,
];

describe('the same record, as the conflict check sees it', () => {
  it('takes the server’s echo of a metric value, a few parts in 10^13 off, as the same', () => {
    // Seen in the demo: the GOR this computer derived, and the server's after the metric trip.
    expect(sameValues(day(539.5473596), day(539.5473595997261))).toBe(true);
    expect(sameValues(day(0), day(0))).toBe(true);
    expect(sameValues(day(null), day(null))).toBe(true);
  });

  it('tells a real change, an emptied value and a missing record apart', () => {
    expect(sameValues(day(539.5473596), day(539.55))).toBe(false);
    expect(sameValues(day(539.5473596), day(539.5473597))).toBe(false);
    expect(sameValues(day(1e-12), day(0))).toBe(false);
    expect(sameValues(day(null), day(0))).toBe(false);
    expect(sameValues(day(1), null)).toBe(false);
  });

  it('finds no conflict when the server holds the base as echoed, and one when it moved', () => {
    const base = day(539.5473596);
    const ours = day(17241.9, 6.2);
    const push = (theirs: StoredValues) =>
      findConflicts(
        [{ date: '2025-07-01', latest: { seq: 2, values: ours, base }, rows: [] }],
        new Map([['2025-07-01', theirs]]),
      );
    expect(push(day(539.5473595997261)).size).toBe(0);
    expect(push(day(600)).get(2)).toHaveLength(1);
  });
});
