import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import {
  WELL_STATUSES,
  WELL_TYPES,
  type Aggregation,
  type WellStatus,
  type WellType,
} from '#shared/api/index.js';
import type { FieldTotalsResult } from '#shared/desktop/index.js';
import { fieldTotalsCsv } from '#shared/field/index.js';
import { epochDay } from '#shared/production/index.js';
import { bridge } from '../../bridge/bridge.js';
import { openDialog } from '../../dialogs/open-dialog.js';
import { exportFileName } from '../../export/file-name.js';
import { fieldQueries, projectQueries } from '../../queries/keys.js';
import { formatCount, STATUS_LABEL, TYPE_LABEL } from '../../shell/format.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { isoDay } from '../well/date-range.js';
import { DAY_MS } from '../well/series.js';
import { TimeChart } from '../well/TimeChart.js';
import { selectionWindow, type DayWindow } from '../well/zoom.js';
import { ZoomStatus } from '../well/ZoomStatus.js';
import { fieldCumulativeChart, fieldRatesChart, producingWellsChart } from './overview-specs.js';
import { NameList } from '../../shell/NameList.js';
import { Segmented } from './Segmented.js';
import { useMapSelection } from './selection-store.js';
import { useFieldProgress } from './use-field-progress.js';
import '../well/well.css';
import './field.css';

const MIN_ZOOM_DAYS: Record<Aggregation, number> = { daily: 7, monthly: 92 };

/**
 * The Overview tab: the project's production summed over its wells (rates, producing
 * wells, cumulative volumes) from what this computer holds, filterable by type, status and
 * the wells selected on the map, daily or monthly, with the well page's charts.
 */
export function FieldOverview({ projectId }: { projectId: string }) {
  const project = useQuery(projectQueries.detail(projectId)).data?.data;
  const selection = useMapSelection(projectId);
  const [type, setType] = useState<WellType | ''>('');
  const [status, setStatus] = useState<WellStatus | ''>('');
  const [onlySelected, setOnlySelected] = useState(true);
  const [aggregation, setAggregation] = useState<Aggregation>('daily');
  const [logScale, setLogScale] = useState(true);
  const useSelection = selection !== null && selection.length > 0 && onlySelected;
  const totals = useQuery({
    ...fieldQueries.totals({
      projectId,
      aggregation,
      ...(type ? { type } : {}),
      ...(status ? { status } : {}),
      ...(useSelection ? { wellIds: [...selection] } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const progress = useFieldProgress(projectId);
  const result = totals.data;

  return (
    <div className="field-overview" data-testid="field-overview">
      <div className="filters chart-toolbar">
        <select
          aria-label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as WellType | '')}
          data-testid="overview-type"
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
          data-testid="overview-status"
        >
          <option value="">All statuses</option>
          {WELL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABEL[value]}
            </option>
          ))}
        </select>
        {selection && selection.length > 0 && (
          <label className="check">
            <input
              type="checkbox"
              checked={onlySelected}
              onChange={(event) => setOnlySelected(event.target.checked)}
              data-testid="overview-only-selected"
            />
            Only the {formatCount(selection.length)} selected{' '}
            {selection.length === 1 ? 'well' : 'wells'}
          </label>
        )}
        <Segmented
          label="Aggregation"
          options={[
            ['daily', 'Daily'],
            ['monthly', 'Monthly'],
          ]}
          value={aggregation}
          onChange={setAggregation}
          testId="overview-aggregation"
        />
        <Segmented
          label="Rate scale"
          options={[
            ['log', 'Log'],
            ['linear', 'Linear'],
          ]}
          value={logScale ? 'log' : 'linear'}
          onChange={(value) => setLogScale(value === 'log')}
          testId="overview-scale"
        />
        {(totals.isFetching || totals.isPlaceholderData) && (
          <span className="muted toolbar-loading" role="status" data-testid="overview-summing">
            {progress && progress.wellsFetching > 0
              ? `Bringing ${formatCount(progress.wellsFetching)} ${progress.wellsFetching === 1 ? "well's" : "wells'"} history to this computer first`
              : `Summing${progress && progress.wellsTotal > 0 ? ` ${formatCount(progress.wellsDone)} of ${formatCount(progress.wellsTotal)} wells` : ''}`}
            …
          </span>
        )}
        {result && project && (
          <ExportTotalsCsv totals={result} label={overviewLabel(project.name, result)} />
        )}
      </div>
      {totals.isError && <ErrorPanel error={totals.error} />}
      {result && <TotalsSummary projectId={projectId} totals={result} />}
      {result && project && (
        <OverviewCharts
          totals={result}
          logScale={logScale}
          exportName={overviewLabel(project.name, result)}
        />
      )}
    </div>
  );
}

/** What the exports name as the subject: "Permian Basin · 42 wells". */
function overviewLabel(projectName: string, totals: FieldTotalsResult): string {
  const n = totals.wellsWithProduction;
  return `${projectName} · ${formatCount(n)} ${n === 1 ? 'well' : 'wells'}`;
}

function TotalsSummary({ projectId, totals }: { projectId: string; totals: FieldTotalsResult }) {
  const without = totals.wellsWithoutProduction;
  const first = totals.dates[0];
  const last = totals.dates.at(-1);
  return (
    <div className="scan-summary" data-testid="overview-summary">
      <p>
        Summed over {formatCount(totals.wellsWithProduction)} of {formatCount(totals.wellCount)}{' '}
        {totals.wellCount === 1 ? 'well' : 'wells'}
        {first && last ? `, ${first} to ${last}` : ''}
        {totals.wellsWithPendingEdits > 0
          ? `; edits not yet synced of ${formatCount(totals.wellsWithPendingEdits)} ${totals.wellsWithPendingEdits === 1 ? 'well are' : 'wells are'} included`
          : ''}
        .
      </p>
      {totals.wellsNotWhole.length > 0 && (
        <details>
          <summary data-testid="overview-not-whole">
            Offline: {formatCount(totals.wellsNotWhole.length)}{' '}
            {totals.wellsNotWhole.length === 1 ? "well's" : "wells'"} history is not complete on
            this computer; the totals hold the days that are here.
          </summary>
          <p className="muted">
            <NameList names={totals.wellsNotWhole.map((well) => well.name)} />
          </p>
        </details>
      )}
      {without.length > 0 && (
        <details>
          <summary data-testid="overview-without">
            {formatCount(without.length)} {without.length === 1 ? 'well has' : 'wells have'} no
            production on this computer and {without.length === 1 ? 'is' : 'are'} not in the totals.
          </summary>
          <p className="muted">
            <NameList names={without.map((well) => well.name)} />
          </p>
        </details>
      )}
      {without.length > 0 && (
        <button
          type="button"
          className="link-button"
          onClick={() => openDialog({ kind: 'download', projectId })}
          data-testid="overview-download"
        >
          Keep on this computer…
        </button>
      )}
    </div>
  );
}

function OverviewCharts(props: {
  totals: FieldTotalsResult;
  logScale: boolean;
  exportName: string;
}) {
  const { totals, logScale } = props;
  const specs = useMemo(
    () => [
      fieldRatesChart(totals, logScale),
      producingWellsChart(totals),
      fieldCumulativeChart(totals),
    ],
    [totals, logScale],
  );
  const bounds = useMemo<DayWindow | null>(() => {
    const first = totals.dates[0];
    const last = totals.dates.at(-1);
    if (!first || !last) return null;
    // A month row is dated its first day: the window runs to that month's end.
    return {
      from: epochDay(first),
      to: epochDay(last) + (totals.aggregation === 'monthly' ? 30 : 0),
    };
  }, [totals]);
  const [zoom, setZoom] = useState<{ bounds: DayWindow; window: DayWindow } | null>(null);
  const zoomWindow =
    zoom && bounds && zoom.bounds.from === bounds.from && zoom.bounds.to === bounds.to
      ? zoom.window
      : null;
  const timeWindow = zoomWindow ?? bounds;
  const onZoom = useCallback(
    (a: number, b: number) => {
      if (!timeWindow || !bounds) return;
      const next = selectionWindow(a, b, timeWindow, MIN_ZOOM_DAYS[totals.aggregation]);
      if (next) setZoom({ bounds, window: next });
    },
    [timeWindow, bounds, totals.aggregation],
  );
  const resetZoom = useCallback(() => setZoom(null), []);
  const exportContext = useMemo(
    () => ({ wellName: props.exportName, unitSystem: totals.unitSystem }),
    [props.exportName, totals.unitSystem],
  );
  if (!timeWindow) {
    return (
      <p className="chart-empty" data-testid="overview-empty">
        No production of these wells is on this computer yet: open wells, or make the project
        available offline, to sum them here.
      </p>
    );
  }
  return (
    <>
      <div className="chart-subbar">
        <ZoomStatus
          zoom={
            zoomWindow
              ? { from: isoDay(zoomWindow.from * DAY_MS), to: isoDay(zoomWindow.to * DAY_MS) }
              : null
          }
          onReset={resetZoom}
        />
      </div>
      <div className="chart-stack">
        {specs.map((spec) => (
          <TimeChart
            key={spec.id}
            spec={spec}
            timeWindow={timeWindow}
            bands={[]}
            syncId="field-overview"
            onZoom={onZoom}
            onResetZoom={resetZoom}
            exportContext={exportContext}
          />
        ))}
      </div>
    </>
  );
}

function ExportTotalsCsv({ totals, label }: { totals: FieldTotalsResult; label: string }) {
  const [error, setError] = useState<string | null>(null);
  const monthly = totals.aggregation === 'monthly';
  const run = async () => {
    setError(null);
    try {
      await bridge.native.saveFile(
        {
          title: 'Export field totals as CSV',
          defaultName: exportFileName({
            well: label,
            what: monthly ? 'field-monthly' : 'field-daily',
            from: totals.dates[0] ?? '',
            to: totals.dates.at(-1) ?? '',
            ext: 'csv',
          }),
          filters: [{ name: 'CSV file', extensions: ['csv'] }],
        },
        fieldTotalsCsv(totals, monthly, totals.units),
      );
    } catch (caught) {
      setError(`CSV export failed: ${(caught as Error).message}`);
    }
  };
  return (
    <>
      <button
        type="button"
        className="well-button"
        disabled={totals.dates.length === 0}
        onClick={() => void run()}
        data-testid="overview-export-csv"
      >
        Export CSV
      </button>
      {error && (
        <span className="export-status error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
