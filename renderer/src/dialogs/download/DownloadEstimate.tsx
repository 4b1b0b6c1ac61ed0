import type { DownloadStatus, ProjectView } from '#shared/desktop/index.js';
import { formatCount } from '../../shell/format.js';
import {
  estimateRequests,
  formatDuration,
  RATE_PLANS,
  timeAtPlanMs,
} from '../../sync/download-estimate.js';

/**
 * What the download will cost, before it starts: requests (one per well not
 * yet cached for the range, plus the well list) and the time each plan's rate
 * limit allows for them.
 */
export function DownloadEstimate({
  project,
  range,
  last,
}: {
  project: ProjectView;
  range: { from: string; to: string };
  last: DownloadStatus | undefined;
}) {
  // What the cache holds is known for the range of the last download only.
  const available =
    last?.available && last.available.from === range.from && last.available.to === range.to
      ? last.available
      : null;
  const wells = available?.wellsTotal || project.wellCount;
  if (wells === null) {
    return (
      <div className="estimate" data-testid="download-estimate">
        <p className="estimate-text">
          The server does not say how many wells <bdi>{project.name}</bdi> has, so the time cannot
          be estimated before the download starts: it makes one request per well, plus the well
          list.
        </p>
      </div>
    );
  }
  const cached = Math.min(available?.wellsCovered ?? 0, wells);
  const requests = estimateRequests(wells, cached);

  return (
    <div className="estimate" data-testid="download-estimate" data-requests={requests}>
      <div className="estimate-main">
        <div>
          <div className="estimate-figure">{formatCount(requests)}</div>
          <div className="estimate-label">requests</div>
        </div>
        <div className="estimate-text">
          {formatCount(wells)} well{wells === 1 ? '' : 's'}
          {cached > 0
            ? `, ${formatCount(cached)} already on this computer for these dates: only the other ${formatCount(wells - cached)} are fetched.`
            : ': one request per well, plus the well list.'}
        </div>
      </div>
      <table className="estimate-plans">
        <caption>Time the server’s rate limit allows, by API plan</caption>
        <tbody>
          {RATE_PLANS.map((plan) => (
            <tr key={plan.name}>
              <th scope="row">{plan.name}</th>
              <td className="muted">{formatCount(plan.perMinute)} requests/min</td>
              <td>{formatDuration(timeAtPlanMs(requests, plan))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="estimate-note">
        The plan belongs to your organisation’s API account, and the download paces itself to its
        limit. Once it starts, the time left is measured from its actual progress.
      </p>
    </div>
  );
}
