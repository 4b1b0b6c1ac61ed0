import type { ProductionGetResult } from '#shared/desktop/index.js';
import { openDialog } from '../../dialogs/open-dialog.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { formatDay } from '../../sync/dates.js';
import type { IsoRange } from './date-range.js';

/**
 * What the charts area says instead of (or above) charts: loading, a failure with the
 * server's message and request id, a range this computer does not hold while offline,
 * and a range with no production at all (with a way out).
 */
export function ProductionNotices(props: {
  projectId: string;
  range: IsoRange;
  firstProduction: string | null;
  isAll: boolean;
  onShowAll: () => void;
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
  result: ProductionGetResult | undefined;
}) {
  const { range, result } = props;
  if (props.error) {
    return (
      <div className="production-error" data-testid="production-error">
        <ErrorPanel error={props.error} />
        <button
          type="button"
          className="well-button"
          data-testid="production-retry"
          onClick={props.onRetry}
        >
          Try again
        </button>
      </div>
    );
  }
  if (props.pending || !result) {
    return (
      <p className="notice muted" data-testid="production-loading">
        Loading production…
      </p>
    );
  }
  const view = result.data;
  const notices = [];
  if (result.offline && view.missing.length > 0) {
    notices.push(
      <OfflineMissing
        key="missing"
        projectId={props.projectId}
        range={range}
        missing={view.missing}
      />,
    );
  } else if (result.offline) {
    notices.push(
      <p key="offline" className="notice muted" data-testid="production-offline">
        Offline: showing the copy saved on this computer
        {result.fetchedAt ? `, as of ${new Date(result.fetchedAt).toLocaleString()}` : ''}.
      </p>,
    );
  }
  if (view.dates.length === 0 && view.missing.length === 0) {
    notices.push(
      <Empty
        key="empty"
        range={range}
        firstProduction={props.firstProduction}
        isAll={props.isAll}
        onShowAll={props.onShowAll}
      />,
    );
  }
  return notices.length ? <>{notices}</> : null;
}

function OfflineMissing(props: { projectId: string; range: IsoRange; missing: IsoRange[] }) {
  const [first] = props.missing;
  const more = props.missing.length - 1;
  return (
    <div className="notice notice-warn" data-testid="production-missing" role="status">
      <div>
        <strong>Part of this range is not available offline.</strong>{' '}
        {first && (
          <>
            {formatDay(first.from)} – {formatDay(first.to)}
            {more > 0 && ` and ${more} more span${more === 1 ? '' : 's'}`} never downloaded to this
            computer, and the server cannot be reached.
          </>
        )}
      </div>
      <button
        type="button"
        className="well-button primary"
        data-testid="download-offline"
        onClick={() =>
          openDialog({
            kind: 'download',
            projectId: props.projectId,
            from: props.range.from,
            to: props.range.to,
          })
        }
      >
        Download for offline use
      </button>
    </div>
  );
}

function Empty(props: {
  range: IsoRange;
  firstProduction: string | null;
  isAll: boolean;
  onShowAll: () => void;
}) {
  const { range, firstProduction } = props;
  const starts = firstProduction && firstProduction > range.to;
  return (
    <div className="notice" data-testid="production-empty">
      <div>
        <strong>
          No production between {formatDay(range.from)} and {formatDay(range.to)}.
        </strong>{' '}
        <span className="muted">
          {starts
            ? `This well's first production is on ${formatDay(firstProduction)}.`
            : props.isAll
              ? 'No production has been recorded for this well yet; records added or imported will show here.'
              : 'Try a longer range.'}
        </span>
      </div>
      {!props.isAll && (
        <button
          type="button"
          className="well-button"
          data-testid="show-all"
          onClick={props.onShowAll}
        >
          Show all production
        </button>
      )}
    </div>
  );
}
