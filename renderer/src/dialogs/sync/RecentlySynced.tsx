import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { SyncedAction } from '#shared/desktop/index.js';
import { changeQueries } from '../../pages/changes/change-queries.js';
import { sourceText } from '../../pages/changes/change-text.js';
import { formatCount, formatTime } from '../../shell/format.js';
import { closeDialog } from '../open-dialog.js';

/**
 * The latest changes the server accepted, one line per action and well, each a link to its
 * values in the change log: "everything is on the server" says what arrived.
 */
export function RecentlySynced() {
  const recent = useQuery(changeQueries.recent()).data?.actions ?? [];
  if (recent.length === 0) return null;
  return (
    <section className="sync-section" aria-labelledby="sync-recent">
      <h3 id="sync-recent" className="sync-section-title">
        Recently synced
      </h3>
      <ul className="sync-list" data-testid="sync-recent">
        {recent.map((action) => (
          <li key={`${action.batch}/${action.wellId}`} className="sync-item">
            <div className="sync-item-head">
              <div>
                <div className="sync-item-well">
                  <bdi>{action.wellName}</bdi>
                </div>
                <div className="sync-item-meta">
                  <bdi>{sourceText(action)}</bdi> · {amount(action)}
                </div>
              </div>
              <Link
                href={changesHref(action)}
                onClick={closeDialog}
                className="sync-recent-link"
                aria-label={`See the changes to ${action.wellName}, synced ${formatTime(action.settledAt)}`}
              >
                {formatTime(action.settledAt)}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function amount(action: SyncedAction): string {
  const values = `${formatCount(action.values)} value${action.values === 1 ? '' : 's'}`;
  if (action.days === 0) return values;
  return `${values} on ${formatCount(action.days)} day${action.days === 1 ? '' : 's'}`;
}

function changesHref(action: SyncedAction): string {
  const project = encodeURIComponent(action.projectId);
  return `/projects/${project}/changes?well=${encodeURIComponent(action.wellId)}`;
}
