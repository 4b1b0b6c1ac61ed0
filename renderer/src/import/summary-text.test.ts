import { describe, expect, it } from 'vitest';
import {
  commitLabel,
  describeSpan,
  moreText,
  plural,
  summaryItems,
  summarySentence,
} from './summary-text.js';

const summary = {
  rows: 40,
  validRows: 31,
  newDays: 28,
  replacedDays: 3,
  invalidRows: 8,
  skippedLines: 1,
  unmatchedRows: 0,
};

describe('summary wording', () => {
  it('lists the counts that are not zero, new days always', () => {
    expect(summaryItems(summary).map((item) => `${item.count} ${item.label}`)).toEqual([
      '28 new days',
      '3 days replaced',
      '8 invalid rows',
      '1 line skipped',
    ]);
    const none = { ...summary, newDays: 0, replacedDays: 0, invalidRows: 0, skippedLines: 0 };
    expect(summaryItems(none).map((item) => item.key)).toEqual(['new']);
    expect(summaryItems({ ...none, newDays: 1, unmatchedRows: 1 }).map((i) => i.label)).toEqual([
      'new day',
      'row of an unknown well',
    ]);
  });

  it('names the commit by its days, or by the step it waits for', () => {
    const ready = { blocked: null, ambiguousDate: null, summary };
    const days = (validRows: number) =>
      commitLabel({ ...ready, summary: { ...summary, validRows } });
    expect(days(31)).toBe('Import 31 days');
    expect(days(1)).toBe('Import 1 day');
    expect(days(12_500)).toBe('Import 12,500 days');
    expect(days(0)).toBe('Nothing to import');
    const ambiguousDate = { candidates: ['mdy' as const, 'dmy' as const], labels: [], samples: [] };
    expect(commitLabel({ ...ready, ambiguousDate })).toBe('Choose the date format');
    const blocked = { reason: 'no-date-column' as const, message: 'No column holds dates' };
    expect(commitLabel({ ...ready, blocked, summary: { ...summary, validRows: 0 } })).toBe(
      'Map a column to Date',
    );
  });

  it('says it in one sentence', () => {
    expect(summarySentence(summary)).toBe(
      '31 days to import, 3 replacing days already here, 8 invalid rows left out.',
    );
    expect(plural(1, 'row')).toBe('1 row');
    expect(plural(2, 'row')).toBe('2 rows');
  });

  it('describes a span and what is left unlisted', () => {
    expect(describeSpan('2025-07-01', '2025-07-31')).toBe('2025-07-01 – 2025-07-31');
    expect(describeSpan('2024-12-30', '2025-01-02')).toBe('2024-12-30 – 2025-01-02');
    expect(describeSpan('2025-07-01', '2025-07-01')).toBe('2025-07-01');
    expect(moreText(250, 200)).toBe('…and 50 more');
    expect(moreText(200, 200)).toBeNull();
  });
});
