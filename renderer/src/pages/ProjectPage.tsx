import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { projectQueries, wellQueries } from '../queries/keys.js';
import { formatApiNumber, formatCount, STATUS_LABEL, TYPE_LABEL } from '../shell/format.js';
import { ErrorPanel } from './ErrorPanel.js';

/** A project's wells: search by name or API number, then open a well. */
export function ProjectPage({ projectId }: { projectId: string }) {
  const [search, setSearch] = useState('');
  const project = useQuery(projectQueries.detail(projectId));
  const wells = useQuery(
    wellQueries.list({ projectId, ...(search.trim() ? { search: search.trim() } : {}) }),
  );

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 data-testid="page-title">{project.data?.data.name ?? 'Project'}</h1>
          {project.data && (
            <p className="muted">
              {project.data.data.description || 'No description'} · {project.data.data.timezone} ·{' '}
              {project.data.data.unitSystem} units
            </p>
          )}
        </div>
        <input
          className="search"
          type="search"
          placeholder="Search wells by name or API number"
          aria-label="Search wells"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {project.isError && <ErrorPanel error={project.error} />}
      {wells.isError && <ErrorPanel error={wells.error} />}
      {wells.data && (
        <>
          <p className="muted" data-testid="well-count">
            {formatCount(wells.data.data.total)} of {formatCount(wells.data.data.projectTotal)}{' '}
            wells
            {wells.data.offline ? ' · offline, from this computer' : ''}
          </p>
          <div className="table-wrap">
            <table className="data-table" data-testid="wells-table">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>API number</th>
                  <th>Type</th>
                  <th>Status</th>
                  <th>First production</th>
                </tr>
              </thead>
              <tbody>
                {wells.data.data.wells.map((well) => (
                  <tr key={well.id}>
                    <td>
                      <Link href={`/projects/${projectId}/wells/${well.id}`}>{well.name}</Link>
                    </td>
                    <td className="mono">{formatApiNumber(well.apiNumber)}</td>
                    <td>{TYPE_LABEL[well.type]}</td>
                    <td>
                      <span className={`badge badge-${well.status}`}>
                        {STATUS_LABEL[well.status]}
                      </span>
                    </td>
                    <td className="mono">{well.firstProductionDate ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {wells.isPending && <p className="muted">Loading wells…</p>}
    </section>
  );
}
