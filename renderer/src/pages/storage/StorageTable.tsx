import type { ReplicaListResult, ReplicaStatus } from '#shared/desktop/index.js';
import { leftOutText, STATE_LABEL } from '../../replica/replica-text.js';
import { useReplicaCommand } from '../../replica/use-replica.js';
import { formatBytes, formatCount, formatMoment } from '../../shell/format.js';
import { RemoveProject } from './RemoveProject.js';

/** Every project kept (or once kept) on this computer, with what it takes, and a total. */
export function StorageTable({ list }: { list: ReplicaListResult }) {
  return (
    <div className="table-wrap storage-table-wrap">
      <table className="data-table storage-table" data-testid="storage-table">
        <caption className="visually-hidden">Projects on this computer</caption>
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col">State</th>
            <th scope="col" className="num">
              Wells
            </th>
            <th scope="col" className="num">
              Days
            </th>
            <th scope="col" className="num">
              Space
            </th>
            <th scope="col">Last current</th>
            <th scope="col">Last opened</th>
            <th scope="col">Always keep</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.projects.map((status) => (
            <StorageRow key={status.projectId} status={status} />
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="storage-total">
            <th scope="row" colSpan={4}>
              Total
            </th>
            <td className="num">{formatBytes(list.totalBytes)}</td>
            <td colSpan={4} className="muted">
              of a {formatBytes(list.settings.budgetBytes)} budget
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function StorageRow({ status }: { status: ReplicaStatus }) {
  const pin = useReplicaCommand('replica-pin');
  const leftOut = leftOutText(status);
  const problem = status.state === 'failed' || status.state === 'offline' ? status.error : null;
  return (
    <tr data-testid="storage-row">
      <th scope="row">
        <bdi>{status.projectName}</bdi>
        {leftOut && <span className="storage-note">{leftOut}</span>}
      </th>
      <td>
        {STATE_LABEL[status.state]}
        {problem && <span className="storage-note">{problem.message}</span>}
      </td>
      <td className="num">
        {formatCount(status.wellsComplete)} of {formatCount(status.wellsTotal)}
      </td>
      <td className="num">{formatCount(status.days)}</td>
      <td className="num">{formatBytes(status.bytes)}</td>
      <td>{status.asOf ? formatMoment(status.asOf) : 'not yet'}</td>
      <td>{status.lastOpenedAt ? formatMoment(status.lastOpenedAt) : 'never'}</td>
      <td>
        <input
          type="checkbox"
          aria-label={`Always keep ${status.projectName}`}
          checked={status.pinned}
          disabled={pin.isPending}
          onChange={(event) =>
            pin.mutate({
              connectionId: status.connectionId,
              projectId: status.projectId,
              pinned: event.target.checked,
            })
          }
        />
        {pin.error && (
          <span className="replica-problem" role="alert">
            {pin.error.message}
          </span>
        )}
      </td>
      <td>{(status.days > 0 || status.bytes > 0) && <RemoveProject status={status} />}</td>
    </tr>
  );
}
