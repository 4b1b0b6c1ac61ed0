import { describe, expect, it } from 'vitest';
import type { OutboxOperationView } from '#shared/desktop/index.js';
import { importSyncProgress, progressDetail, progressHeadline } from './sync-progress.js';

function op(
  seq: number,
  recordCount: number,
  state: OutboxOperationView['state'] = 'pending',
): OutboxOperationView {
  return {
    seq,
    projectId: 'p1',
    wellId: `w${seq}`,
    kind: 'upsert-records',
    state,
    recordCount,
    range: null,
    error: null,
    attempts: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

const commit = {
  queued: 300,
  wells: [
    { wellId: 'w1', queued: 100, outboxSeq: 1 },
    { wellId: 'w2', queued: 200, outboxSeq: 2 },
  ],
};
const online = { phase: 'syncing' as const, online: true };

describe('importSyncProgress', () => {
  it('counts what left the outbox as sent, ignoring other operations', () => {
    const progress = importSyncProgress(commit, [op(2, 200, 'syncing'), op(9, 5)], online);
    expect(progress).toMatchObject({ stage: 'syncing', sent: 100, total: 300, problems: 0 });
    expect(progress.fraction).toBeCloseTo(1 / 3);
    expect(progressHeadline(progress)).toBe('Saved on this computer — syncing');
    expect(progressDetail(progress)).toMatch(/^100 days of 300 sent/);
  });

  it('is done when none of the import is left, and waits for the outbox before saying so', () => {
    const done = importSyncProgress(commit, [op(9, 5)], { phase: 'idle', online: true });
    expect(done).toMatchObject({ stage: 'done', sent: 300, fraction: 1 });
    expect(progressHeadline(done)).toBe('On the server');
    expect(importSyncProgress(commit, undefined, online)).toMatchObject({
      stage: 'syncing',
      sent: 0,
    });
  });

  it('says offline imports are queued', () => {
    const offline = importSyncProgress(commit, [op(1, 100), op(2, 200)], {
      phase: 'offline',
      online: false,
    });
    expect(offline.stage).toBe('offline');
    expect(progressDetail(offline)).toMatch(
      /^300 days are queued and will be sent when the connection returns/,
    );
    const one = importSyncProgress(
      { queued: 1, wells: [{ wellId: 'w1', queued: 1, outboxSeq: 1 }] },
      [op(1, 1)],
      {
        phase: 'offline',
        online: false,
      },
    );
    expect(progressDetail(one)).toMatch(/^1 day is queued/);
  });

  it('reports rejected operations', () => {
    const problem = importSyncProgress(commit, [op(1, 100, 'error'), op(2, 200)], {
      phase: 'idle',
      online: true,
    });
    expect(problem).toMatchObject({ stage: 'problem', problems: 1 });
    expect(progressDetail(problem)).toMatch(/^1 change could not be sent/);
  });

  it('is queued while waiting to send', () => {
    expect(
      importSyncProgress(commit, [op(1, 100), op(2, 200)], { phase: 'waiting', online: true })
        .stage,
    ).toBe('queued');
  });
});
