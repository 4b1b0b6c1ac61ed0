import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ImportButton } from '../import/ImportButton.js';
import { ImportDropZone } from '../import/ImportDropZone.js';
import { wellQueries } from '../queries/keys.js';
import { ErrorPanel } from './ErrorPanel.js';
import { WellCharts } from './well/WellCharts.js';
import { WellHeader } from './well/WellHeader.js';

/** A well: its header (every field with its unit, status editable) and production charts. */
export function WellPage({ projectId, wellId }: { projectId: string; wellId: string }) {
  const well = useQuery(wellQueries.detail(projectId, wellId));
  if (well.isError) return <ErrorPanel error={well.error} />;
  if (!well.data) {
    return (
      <p className="muted page" data-testid="well-loading">
        Loading well…
      </p>
    );
  }
  const { well: w, unitSystem } = well.data.data;
  return (
    <ImportDropZone projectId={projectId} wellId={wellId} wellName={w.name}>
      <section className="page well-page">
        <p className="breadcrumb">
          <Link href={`/projects/${projectId}`}>← Wells</Link>
          <span aria-hidden="true"> · </span>
          <Link
            href={`/projects/${projectId}/changes?well=${encodeURIComponent(wellId)}`}
            data-testid="well-changes-link"
          >
            Changes to this well
          </Link>
        </p>
        <div className="import-title-row">
          <h1 data-testid="page-title">
            <bdi>{w.name}</bdi>
          </h1>
          <ImportButton projectId={projectId} wellId={wellId} />
        </div>
        <WellHeader projectId={projectId} well={w} unitSystem={unitSystem} />
        <WellCharts
          key={wellId}
          projectId={projectId}
          wellId={wellId}
          firstProduction={w.firstProductionDate}
          spudDate={w.spudDate}
        />
      </section>
    </ImportDropZone>
  );
}
