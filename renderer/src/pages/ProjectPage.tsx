import { useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'wouter';
import { WELL_STATUSES, WELL_TYPES, type WellStatus, type WellType } from '#shared/api/index.js';
import { projectQueries, type WellFilters } from '../queries/keys.js';
import { ProjectReplicaState } from '../replica/ProjectReplicaState.js';
import { formatCount, STATUS_LABEL, TYPE_LABEL } from '../shell/format.js';
import { ChangeLog } from './changes/ChangeLog.js';
import { ErrorPanel } from './ErrorPanel.js';
import { VarianceView } from './surveillance/VarianceView.js';
import { LostProductionView } from './surveillance/LostProductionView.js';
import { ProjectEvents } from './events/ProjectEvents.js';
import { PROJECT_PANEL_ID, ProjectTabs, tabId, type ProjectView } from './ProjectTabs.js';
import { FieldMap } from './field/FieldMap.js';
import { FieldOverview } from './field/FieldOverview.js';
import { WellComparison } from './field/WellComparison.js';
import { QualityQueue } from './field/QualityQueue.js';
import { setMapSelection, useMapSelection } from './field/selection-store.js';
import { ForecastAllButton } from './wells/forecast-all/ForecastAllButton.js';
import { ColumnMenu, type ColumnOption } from './wells/ColumnMenu.js';
import { wellColumns, type WellColumnMeta } from './wells/columns.js';
import { useColumnChoice } from './wells/use-column-choice.js';
import { StatusUndoToast } from './wells/StatusUndoToast.js';
import { sortArg, WellsTable } from './wells/WellsTable.js';

/** The columns the menu offers: every one but the name, which is always shown. */
const COLUMN_OPTIONS: ColumnOption[] = wellColumns('imperial', '').flatMap((column) => {
  const meta = column.meta as WellColumnMeta | undefined;
  return column.id && meta?.label
    ? [{ id: column.id, label: meta.label, hiddenByDefault: meta.hiddenByDefault ?? false }]
    : [];
});

/**
 * A project: its wells (filter by type and status, search by name or API number, sort,
 * open), the data-quality queue, the map, the field totals (Overview) and the comparison
 * of chosen wells (Compare), each a tab with its own address.
 */
export function ProjectPage({
  projectId,
  view = 'wells',
}: {
  projectId: string;
  view?: ProjectView;
}) {
  const project = useQuery(projectQueries.detail(projectId));
  // The sidebar's list already holds the name and description: shown while the detail
  // loads, and kept when it cannot be read (the core gone), so the page says which project.
  const listed = useQuery(projectQueries.list()).data?.data.find((p) => p.id === projectId);
  const info = project.data?.data ?? listed;
  return (
    <section className="page page-fill">
      <div className="page-header">
        <div>
          <h1 data-testid="page-title">
            <bdi>{info?.name ?? 'Project'}</bdi>
          </h1>
          {info && (
            <p className="muted">
              <bdi>{info.description || 'No description'}</bdi> ·{' '}
              {info.timezone ?? 'time zone unknown'} · {info.unitSystem} units
            </p>
          )}
          <ProjectReplicaState projectId={projectId} />
        </div>
        <ForecastAllButton projectId={projectId} />
      </div>
      <ProjectTabs projectId={projectId} view={view} />
      {project.isError && <ErrorPanel error={project.error} />}
      <div
        className="project-panel"
        role="tabpanel"
        id={PROJECT_PANEL_ID}
        aria-labelledby={tabId(view)}
      >
        {view === 'wells' && <WellsView projectId={projectId} />}
        {view === 'quality' && <QualityQueue projectId={projectId} />}
        {view === 'map' && <FieldMap projectId={projectId} />}
        {view === 'overview' && <FieldOverview projectId={projectId} />}
        {view === 'variance' && <VarianceView projectId={projectId} />}
        {view === 'lost' && <LostProductionView projectId={projectId} />}
        {view === 'events' && <ProjectEvents projectId={projectId} />}
        {view === 'changes' && <ChangeLog projectId={projectId} />}
        {view === 'compare' && <WellComparison projectId={projectId} />}
      </div>
    </section>
  );
}

/** The wells tab: filters, the table, and the map's selection when there is one. */
function WellsView({ projectId }: { projectId: string }) {
  const project = useQuery(projectQueries.detail(projectId));
  const [search, setSearch] = useState('');
  const [type, setType] = useState<WellType | ''>('');
  const [status, setStatus] = useState<WellStatus | ''>('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnChoice, setColumnVisible] = useColumnChoice();
  const selection = useMapSelection(projectId);
  // Every key goes to the table; it sends one request at a time (useWellWindow).
  const settledSearch = search.trim();
  const sort = sortArg(sorting);
  const filters: WellFilters = {
    projectId,
    ...(type ? { type } : {}),
    ...(status ? { status } : {}),
    ...(settledSearch ? { search: settledSearch } : {}),
    ...(sort ? { sort } : {}),
    ...(selection ? { wellIds: [...selection] } : {}),
  };
  const info = project.data?.data;

  return (
    <>
      {selection && (
        <p className="selection-note" data-testid="wells-selection">
          Showing the {formatCount(selection.length)} {selection.length === 1 ? 'well' : 'wells'}{' '}
          selected on the map.
          <button type="button" onClick={() => setMapSelection(projectId, null)}>
            Show all wells
          </button>
          <Link
            href={`/projects/${encodeURIComponent(projectId)}/compare`}
            data-testid="compare-selection"
          >
            Compare them
          </Link>
        </p>
      )}
      <div className="filters">
        <input
          className="search"
          type="search"
          placeholder="Search by name or API number"
          aria-label="Search wells"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="wells-search"
        />
        <select
          aria-label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as WellType | '')}
          data-testid="filter-type"
        >
          <option value="">All types</option>
          {WELL_TYPES.map((value) => (
            <option key={value} value={value}>
              {TYPE_LABEL[value]}
            </option>
          ))}
        </select>
        <select
          aria-label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as WellStatus | '')}
          data-testid="filter-status"
        >
          <option value="">All statuses</option>
          {WELL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABEL[value]}
            </option>
          ))}
        </select>
        <ColumnMenu options={COLUMN_OPTIONS} choice={columnChoice} onChange={setColumnVisible} />
      </div>
      <StatusUndoToast projectId={projectId} />
      {info && (
        <WellsTable
          projectId={projectId}
          unitSystem={info.unitSystem}
          filters={filters}
          sorting={sorting}
          onSortingChange={setSorting}
          columnChoice={columnChoice}
        />
      )}
    </>
  );
}
