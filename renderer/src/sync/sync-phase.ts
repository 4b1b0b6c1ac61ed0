import type { SyncStatus } from '#shared/desktop/index.js';

export type Tone = 'ok' | 'busy' | 'warn' | 'bad';

/**
 * One sentence for where sync stands, for the top of the sync panel. `at`
 * formats a timestamp (injected, so tests need no locale or clock).
 */
export function describeSyncStatus(
  status: SyncStatus,
  at: (iso: string) => string,
): { tone: Tone; text: string } {
  const waiting = status.pending - status.syncing;
  switch (status.phase) {
    case 'syncing':
      return {
        tone: 'busy',
        text: `Sending ${plural(status.syncing || status.pending, 'change')}…`,
      };
    case 'waiting':
      return {
        tone: 'warn',
        text: status.nextAttemptAt
          ? `The server asked us to slow down; trying again at ${at(status.nextAttemptAt)}.`
          : 'The server asked us to slow down; trying again shortly.',
      };
    case 'offline':
      return {
        tone: 'warn',
        text: `Offline: ${plural(status.pending, 'change')} will be sent when the connection returns${
          status.nextAttemptAt ? ` (next try ${at(status.nextAttemptAt)})` : ''
        }.`,
      };
    case 'signed-out':
      return {
        tone: 'bad',
        text: `The server refused the saved token. Nothing is sent until you sign in again${
          status.pending > 0
            ? `; your ${plural(status.pending, 'change')} stay${status.pending === 1 ? 's' : ''} on this computer`
            : ''
        }.`,
      };
    case 'idle':
      if (status.errors + status.conflicts > 0) {
        return {
          tone: 'bad',
          text: `${plural(status.errors + status.conflicts, 'change')} need${
            status.errors + status.conflicts === 1 ? 's' : ''
          } your decision.`,
        };
      }
      return waiting > 0
        ? { tone: 'busy', text: `${plural(waiting, 'change')} waiting to be sent.` }
        : { tone: 'ok', text: 'Everything is on the server.' };
  }
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
