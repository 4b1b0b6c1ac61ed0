import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { unitLabel } from '../../../shared/api/index.js';
import { wellQueries } from '../queries/keys.js';
import { formatApiNumber, STATUS_LABEL, TYPE_LABEL } from '../shell/format.js';
import { ErrorPanel } from './ErrorPanel.js';
import { WellCharts } from './well/WellCharts.js';

/** A well's header (every field with its unit) and its production charts. */
export function WellPage({ projectId, wellId }: { projectId: string; wellId: string }) {
  const well = useQuery(wellQueries.detail(projectId, wellId));
  if (well.isError) return <ErrorPanel error={well.error} />;
  if (!well.data) return <p className="muted page">Loading well…</p>;
  const { well: w, unitSystem } = well.data.data;
  const length = unitLabel('length', unitSystem);
  const rows: Array<[string, string]> = [
    ['API number', formatApiNumber(w.apiNumber)],
    ['Type', TYPE_LABEL[w.type] ?? w.type],
    ['Status', STATUS_LABEL[w.status] ?? w.status],
    ['Spud date', w.spudDate ?? '—'],
    ['First production', w.firstProductionDate ?? '—'],
    [
      'Lateral length',
      w.lateralLength === null ? '—' : `${w.lateralLength.toLocaleString('en-US')} ${length}`,
    ],
    [
      'Perforations (MD)',
      w.perfInterval
        ? `${w.perfInterval.topMd.toLocaleString('en-US')}–${w.perfInterval.bottomMd.toLocaleString('en-US')} ${length}`
        : '—',
    ],
    [
      'Location',
      w.latitude === null || w.longitude === null
        ? '—'
        : `${w.latitude.toFixed(5)}, ${w.longitude.toFixed(5)}`,
    ],
  ];
  return (
    <section className="page">
      <p className="breadcrumb">
        <Link href={`/projects/${projectId}`}>← Wells</Link>
      </p>
      <h1 data-testid="page-title">{w.name}</h1>
      <dl className="well-fields" data-testid="well-fields">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <WellCharts
        projectId={projectId}
        wellId={wellId}
        firstDate={w.firstProductionDate ?? w.spudDate}
      />
    </section>
  );
}
