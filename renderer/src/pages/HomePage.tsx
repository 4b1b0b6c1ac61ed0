import { useQuery } from '@tanstack/react-query';
import { Redirect } from 'wouter';
import { CoreCallError } from '../bridge/bridge.js';
import { openDialog } from '../dialogs/open-dialog.js';
import { connectionQueries, projectQueries } from '../queries/keys.js';
import { ErrorPanel } from './ErrorPanel.js';

/** Opens the first project; the last view, when there is one, was restored before this. */
export function HomePage() {
  const projects = useQuery(projectQueries.list());
  const first = projects.data?.data[0];
  if (first) return <Redirect to={`/projects/${first.id}`} replace />;
  // Never listed and no server: the core cannot say which projects there are.
  const neverListed =
    projects.error instanceof CoreCallError && projects.error.error.type === 'offline';
  if (neverListed) return <FirstStartOffline onRetry={() => void projects.refetch()} />;
  if (projects.isError) return <ErrorPanel error={projects.error} />;
  if (projects.isPending) return <section className="page muted">Opening your workspace…</section>;
  return <section className="page muted">No projects in this workspace.</section>;
}

function FirstStartOffline({ onRetry }: { onRetry: () => void }) {
  const current = useQuery(connectionQueries.list()).data?.connections.find((c) => c.isCurrent);
  return (
    <section className="page first-offline" data-testid="first-start-offline">
      <h1>Nothing of this workspace is on this computer yet</h1>
      <p>
        Flowline cannot reach <bdi>{current?.name ?? 'the server'}</bdi>
        {current ? ` (${current.baseUrl})` : ''}, and no project has been opened here before, so
        there is nothing to show offline.
      </p>
      <ul>
        <li>Connect to the network: the projects appear by themselves when the server answers.</li>
        <li>If the server&apos;s address or your token changed, check them under Connections.</li>
        <li>
          Before the next trip, open a project while connected and tick &quot;Keep on this
          computer&quot;: its wells and their whole history stay here and work offline.
        </li>
      </ul>
      <div className="first-offline-actions">
        <button type="button" className="button button-primary" onClick={onRetry}>
          Try again
        </button>
        <button type="button" className="button" onClick={() => openDialog({ kind: 'connection' })}>
          Connections…
        </button>
      </div>
    </section>
  );
}
