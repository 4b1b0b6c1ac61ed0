import { useQuery } from '@tanstack/react-query';
import { Link, useRoute } from 'wouter';
import { openDialog } from '../dialogs/open-dialog.js';
import { projectQueries } from '../queries/keys.js';
import { formatCount } from './format.js';
import './shell-extras.css';

/**
 * The connection's projects (name, unit system, well count), "Keep on this computer…" (the
 * download dialog) and the storage page, "On this computer".
 */
export function Sidebar() {
  const projects = useQuery(projectQueries.list());
  const [, params] = useRoute<{ projectId: string; rest?: string }>('/projects/:projectId/*?');
  const activeId = params?.projectId;
  const [atStorage] = useRoute('/storage');

  return (
    <div className="sidebar">
      <div className="brand">
        <img src="./favicon.svg" alt="" width={28} height={28} />
        <span>Flowline</span>
      </div>
      {/* Two landmarks: the projects, and what is on this computer (its own, so the project
          list's links are the projects alone). */}
      <nav aria-label="Projects">
        <div className="sidebar-heading">Projects</div>
        {projects.isPending && <div className="sidebar-note">Loading projects…</div>}
        {projects.isError && <div className="sidebar-note error">{projects.error.message}</div>}
        {projects.data && projects.data.data.length === 0 && (
          <div className="sidebar-note">No projects yet.</div>
        )}
        <ul className="project-list" data-testid="project-list">
          {projects.data?.data.map((project) => (
            <li key={project.id}>
              <Link
                href={`/projects/${project.id}`}
                className={`project-link${project.id === activeId ? ' active' : ''}`}
                // The highlight alone tells a screen reader nothing: say which project is open.
                aria-current={project.id === activeId ? 'page' : undefined}
                data-testid="project-link"
              >
                <span className="project-name">
                  <bdi>{project.name}</bdi>
                </span>
                <span className="project-meta">
                  <span className="chip">{project.unitSystem}</span>
                  <span>
                    {formatCount(project.wellCount)} well{project.wellCount === 1 ? '' : 's'}
                  </span>
                </span>
                {project.offline.wellsCovered > 0 && (
                  <span
                    className="project-offline"
                    data-testid="project-offline"
                    title={
                      project.offline.from && project.offline.to
                        ? `Every downloaded well holds ${project.offline.from} – ${project.offline.to}`
                        : 'Downloaded wells hold different ranges'
                    }
                  >
                    Offline: {offlineWells(project.offline.wellsCovered, project.wellCount)}
                    {project.offline.from && project.offline.to
                      ? `, ${project.offline.from} – ${project.offline.to}`
                      : ''}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
        {projects.data?.offline && (
          <div className="sidebar-note">Offline: showing the projects saved on this computer.</div>
        )}
      </nav>
      <nav className="sidebar-footer" aria-label="This computer">
        <Link
          href="/storage"
          className="sidebar-action sidebar-storage"
          aria-current={atStorage ? 'page' : undefined}
          data-testid="open-storage"
        >
          <span aria-hidden="true">▤</span> On this computer
        </Link>
        {projects.data && projects.data.data.length > 0 && (
          <button
            type="button"
            className="sidebar-action"
            onClick={() => openDialog({ kind: 'download', projectId: activeId })}
            aria-haspopup="dialog"
            data-testid="open-download"
          >
            <span aria-hidden="true">⤓</span> Keep on this computer…
          </button>
        )}
      </nav>
    </div>
  );
}

/** "3 of 40 wells"; "3 wells" where the server does not say how many the project has. */
function offlineWells(covered: number, total: number | null): string {
  if (total === null) return `${formatCount(covered)} well${covered === 1 ? '' : 's'}`;
  return `${formatCount(covered)} of ${formatCount(total)} wells`;
}
