import type { DownloadStatus } from '#shared/desktop/index.js';
import { formatCount, formatTime } from '../../shell/format.js';
import { isolateText } from '../../shell/isolate-text.js';
import { describeRange, formatEta } from '../../sync/download-estimate.js';

const SHOWN_FAILURES = 5;

/** The fraction done: by requests (finer), by wells until the well list is known. */
function fraction(status: DownloadStatus): number {
  if (status.state === 'done') return 1;
  if (status.requestsTotal > 0) return status.requestsDone / status.requestsTotal;
  return status.total > 0 ? status.done / status.total : 0;
}

/** A running download's bar, ETA and counts; or how the last one ended. */
export function DownloadProgress({ status }: { status: DownloadStatus }) {
  const running = status.state === 'running';
  const percent = Math.round(fraction(status) * 100);
  const range = status.from && status.to ? describeRange(status.from, status.to) : null;

  return (
    <div
      className={`download-progress state-${status.state}`}
      data-testid="download-progress"
      data-state={status.state}
    >
      <div className="progress-head">
        <span className="progress-title">
          {running
            ? status.total === 0
              ? 'Listing the wells…'
              : `Downloading ${range ?? ''}`
            : OUTCOME[status.state]}
        </span>
        <span className="progress-eta" data-testid="download-eta">
          {running && status.etaMs !== null
            ? formatEta(status.etaMs)
            : running
              ? 'estimating…'
              : ''}
        </span>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Download progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="progress-counts">
        <span>
          {formatCount(status.done)} of {formatCount(status.total)} wells
          {status.alreadyCached > 0 && ` (${formatCount(status.alreadyCached)} already here)`}
        </span>
        <span>
          {formatCount(status.requestsDone)} / {formatCount(status.requestsTotal)} requests ·{' '}
          {formatCount(status.records)} days received
        </span>
      </div>
      {running && status.rateLimitedUntil && (
        <p className="progress-note">
          Held by the server’s rate limit until {formatTime(status.rateLimitedUntil)}; it continues
          by itself.
        </p>
      )}
      {status.state === 'cancelled' && (
        <p className="progress-note">
          Everything fetched so far is kept. Start again to continue where it stopped.
        </p>
      )}
      {status.state === 'failed' && status.error && (
        <p className="progress-note progress-bad" role="alert">
          {status.error.message} Start again to continue where it stopped.
        </p>
      )}
      {status.available && !running && (
        <p className="progress-note" data-testid="download-available">
          Available offline: {formatCount(status.available.wellsCovered)} of{' '}
          {formatCount(status.available.wellsTotal)} wells for {range}
          {status.available.fetchedAt && `, as of ${formatTime(status.available.fetchedAt)}`}.
        </p>
      )}
      {status.failed.length > 0 && (
        <details className="progress-failures">
          <summary>
            {formatCount(status.failed.length)} well{status.failed.length === 1 ? '' : 's'} could
            not be fetched
          </summary>
          <ul>
            {status.failed.slice(0, SHOWN_FAILURES).map((failure) => (
              <li key={failure.wellId}>
                <strong>{isolateText(failure.name ?? failure.wellId)}</strong>:{' '}
                {failure.error.message}
              </li>
            ))}
            {status.failed.length > SHOWN_FAILURES && (
              <li className="muted">
                and {formatCount(status.failed.length - SHOWN_FAILURES)} more
              </li>
            )}
          </ul>
        </details>
      )}
    </div>
  );
}

const OUTCOME: Record<DownloadStatus['state'], string> = {
  idle: '',
  running: '',
  done: 'Download complete',
  cancelled: 'Download cancelled',
  failed: 'Download stopped',
};
