import { describe, expect, it } from 'vitest';
import type { OutboxOperationView } from '#shared/desktop/index.js';
import { describeChange, editHref, splitOutbox, summariseGroup } from './outbox-groups.js';

let seq = 0;
function op(overrides: Partial<OutboxOperationView>): OutboxOperationView {
  seq++;
  return {
    seq,
    projectId: 'p1',
    wellId: 'w1',
    kind: 'upsert-records',
    state: 'pending',
    recordCount: 1,
    range: { from: '2024-01-05', to: '2024-01-05' },
    error: null,
    attempts: 0,
    createdAt: '2024-02-01T00:00:00.000Z',
    updatedAt: '2024-02-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('splitOutbox', () => {
  it('groups pending changes by well in queue order, syncing wells first', () => {
    const a1 = op({ seq: 1, wellId: 'a' });
    const b1 = op({ seq: 2, wellId: 'b' });
    const a2 = op({ seq: 3, wellId: 'a', kind: 'delete-range' });
    const c1 = op({ seq: 4, wellId: 'c', state: 'syncing' });
    const { pending } = splitOutbox([a2, c1, b1, a1]);
    expect(pending.map((g) => g.wellId)).toEqual(['c', 'a', 'b']);
    expect(pending[1]!.operations.map((o) => o.seq)).toEqual([1, 3]);
    expect(pending[0]!.syncing).toBe(true);
    expect(pending[1]!.syncing).toBe(false);
  });

  it('lists failed changes and conflicts apart, and marks the wells they hold back', () => {
    const failed = op({ seq: 10, wellId: 'a', state: 'error' });
    const later = op({ seq: 11, wellId: 'a' });
    const conflict = op({ seq: 12, wellId: 'b', state: 'conflict' });
    const free = op({ seq: 13, wellId: 'c' });
    const sections = splitOutbox([failed, later, conflict, free]);
    expect(sections.failed.map((o) => o.seq)).toEqual([10]);
    expect(sections.conflicts.map((o) => o.seq)).toEqual([12]);
    expect(sections.pending.map((g) => [g.wellId, g.blocked])).toEqual([
      ['a', true],
      ['c', false],
    ]);
  });

  it('keeps wells of different projects apart even with the same id', () => {
    const { pending } = splitOutbox([op({ projectId: 'p1' }), op({ projectId: 'p2' })]);
    expect(pending).toHaveLength(2);
  });
});

describe('describeChange', () => {
  it('says how many days changed and when', () => {
    expect(
      describeChange(op({ recordCount: 12, range: { from: '2024-01-05', to: '2024-01-16' } })),
    ).toBe('12 days edited · 2024-01-05 – 2024-01-16');
    expect(describeChange(op({ recordCount: 1 }))).toBe('1 day edited · 2024-01-05');
  });

  it('counts the calendar days of a deletion, across years', () => {
    expect(
      describeChange(
        op({
          kind: 'delete-range',
          recordCount: 0,
          range: { from: '2023-12-31', to: '2024-01-02' },
        }),
      ),
    ).toBe('3 days deleted · 2023-12-31 – 2024-01-02');
  });

  it('names a well change', () => {
    expect(describeChange(op({ kind: 'update-well', recordCount: 0, range: null }))).toBe(
      'Well details changed',
    );
  });
});

describe('summariseGroup', () => {
  it('adds up what a well has queued', () => {
    const [group] = splitOutbox([
      op({ recordCount: 3 }),
      op({ recordCount: 4 }),
      op({ kind: 'delete-range', recordCount: 0 }),
      op({ kind: 'update-well', recordCount: 0, range: null }),
    ]).pending;
    expect(summariseGroup(group!)).toBe('7 days edited, 1 deletion, well details');
  });
});

describe('editHref', () => {
  it('opens the well at the change’s dates', () => {
    expect(editHref(op({ range: { from: '2024-01-05', to: '2024-01-16' } }))).toBe(
      '/projects/p1/wells/w1?from=2024-01-05&to=2024-01-16',
    );
    expect(editHref({ projectId: 'p 1', wellId: 'w/1', range: null })).toBe(
      '/projects/p%201/wells/w%2F1',
    );
  });
});
