import { useQuery } from '@tanstack/react-query';
import { Redirect } from 'wouter';
import { projectQueries } from '../queries/keys.js';

/** Opens the first project; the last view, when there is one, was restored before this. */
export function HomePage() {
  const projects = useQuery(projectQueries.list());
  const first = projects.data?.data[0];
  if (first) return <Redirect to={`/projects/${first.id}`} replace />;
  return (
    <section className="page muted">
      {projects.isPending ? 'Opening your workspace…' : 'No projects in this workspace.'}
    </section>
  );
}
