import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '#shared/desktop/index.js';
import { describeSyncStatus } from './sync-phase.js';

const base: SyncStatus = {
  connectionId: 'c',
  phase: 'idle',
  online: true,
  reachability: 'reachable',
  lastSyncAt: null,
  lastContactAt: null,
  pending: 0,
  syncing: 0,
  errors: 0,
  conflicts: 0,
  pendingEvents: 0,
  nextAttemptAt: null,
  lastError: null,
};
const at = (iso: string) => iso.slice(11, 16);

describe('describeSyncStatus', () => {
  it('says all is well only when nothing waits and nothing failed', () => {
    expect(describeSyncStatus(base, at)).toEqual({
      tone: 'ok',
      text: 'Everything is on the server.',
    });
    expect(describeSyncStatus({ ...base, errors: 1 }, at)).toEqual({
      tone: 'bad',
      text: '1 change needs your decision.',
    });
  });

  it('tells when the next attempt is', () => {
    const offline = { ...base, phase: 'offline', online: false, pending: 3 } as const;
    expect(describeSyncStatus({ ...offline, nextAttemptAt: '2024-01-05T10:42:00Z' }, at).text).toBe(
      'Offline: 3 changes will be sent when the connection returns (next try 10:42).',
    );
    expect(describeSyncStatus({ ...base, phase: 'waiting' }, at).tone).toBe('warn');
  });

  it('asks to sign in again when signed out', () => {
    expect(describeSyncStatus({ ...base, phase: 'signed-out' }, at).text).toMatch(
      /sign in again\.$/,
    );
    expect(describeSyncStatus({ ...base, phase: 'signed-out', pending: 1 }, at).text).toMatch(
      /sign in again; your 1 change stays on this computer\.$/,
    );
  });
});
