import type { RowSyncState } from '#shared/desktop/index.js';
import { countUnsynced } from './pending.js';

/**
 * The key to the shaded bands on the charts, shown only while some rows of the range
 * are not synced: how many, and of which kind.
 */
export function PendingCaption(props: {
  states: readonly RowSyncState[];
  deletions: number;
  monthly: boolean;
}) {
  const counts = countUnsynced(props.states);
  if (counts.pending === 0 && counts.problem === 0 && props.deletions === 0) return null;
  const rows = (n: number) =>
    `${n.toLocaleString('en-US')} ${props.monthly ? 'month' : 'day'}${n === 1 ? '' : 's'}`;
  return (
    <p className="pending-caption" data-testid="pending-marker">
      {(counts.pending > 0 || props.deletions > 0) && (
        <span>
          <span className="band-swatch band-pending" /> Pending edits
          {counts.pending > 0 && `: ${rows(counts.pending)}`}
          {props.deletions > 0 &&
            ` ${counts.pending > 0 ? 'and ' : ': '}${props.deletions} deleted range${props.deletions === 1 ? '' : 's'}`}
          , not yet synced
        </span>
      )}
      {counts.problem > 0 && (
        <span>
          <span className="band-swatch band-problem" /> Sync problems: {rows(counts.problem)}
        </span>
      )}
    </p>
  );
}
