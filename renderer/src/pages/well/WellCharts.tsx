import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Aggregation } from '../../../../shared/api/index.js';
import type { ProductionView } from '../../../../shared/desktop/index.js';
import { epochDay } from '../../../../shared/production/index.js';
import {
  cumulativeChart,
  pressuresChart,
  ratesChart,
  ratiosChart,
  rowAxis,
  type ChartSpec,
} from './chart-specs.js';
import { ChartToolbar } from './ChartToolbar.js';
import { RecordsGrid } from '../records/RecordsGrid.js';
import { isoDay, presetRange, takeAddressRange, type IsoRange, type Preset } from './date-range.js';
import { pendingBands } from './pending.js';
import { PendingCaption } from './PendingCaption.js';
import { productionQuery } from './production-query.js';
import { ProductionNotices } from './ProductionNotices.js';
import { DAY_MS } from './series.js';
import { TimeChart } from './TimeChart.js';
import { selectionWindow, type DayWindow } from './zoom.js';
import { ZoomStatus } from './ZoomStatus.js';
import './well.css';

/** The narrowest zoom: a week of days, or a quarter of months. */
const MIN_ZOOM_DAYS: Record<Aggregation, number> = { daily: 7, monthly: 92 };

/**
 * A well's production charts (rates, pressures, ratios, cumulative volumes) for a date
 * range, daily or monthly, on one shared time axis with a synchronised cursor and
 * drag-to-zoom. The zoom is a view on the range already read: it needs no new read and
 * survives a daily/monthly switch; a new range clears it.
 */
export function WellCharts(props: {
  projectId: string;
  wellId: string;
  firstProduction: string | null;
  spudDate: string | null;
}) {
  const { projectId, wellId } = props;
  const [today] = useState(() => isoDay(Date.now()));
  const [handedOver] = useState(takeAddressRange);
  const [preset, setPreset] = useState<Preset | null>(handedOver ? null : '1Y');
  const [custom, setCustom] = useState<IsoRange | null>(handedOver);
  const [aggregation, setAggregation] = useState<Aggregation>('daily');
  const [logScale, setLogScale] = useState(true);
  const [zoom, setZoom] = useState<{ range: IsoRange; window: DayWindow } | null>(null);

  const firstDate = props.firstProduction ?? props.spudDate;
  const range = preset ? presetRange(preset, firstDate, today) : (custom as IsoRange);
  const bounds = useMemo(
    () => ({ from: epochDay(range.from), to: epochDay(range.to) }),
    [range.from, range.to],
  );
  const zoomWindow =
    zoom && zoom.range.from === range.from && zoom.range.to === range.to ? zoom.window : null;
  const timeWindow = zoomWindow ?? bounds;

  const production = useQuery(productionQuery(projectId, wellId, range, aggregation));
  // Cumulative volumes integrate daily rates; when daily is shown this is the same query.
  const daily = useQuery(productionQuery(projectId, wellId, range, 'daily'));
  const view = production.data?.data;
  const dailyView = daily.data?.data;

  const specs = useMemo(() => (view ? mainCharts(view, logScale) : []), [view, logScale]);
  const cumulative = useMemo(
    () => (dailyView ? cumulativeChart(dailyView, rowAxis(dailyView)) : null),
    [dailyView],
  );
  const bands = useMemo(
    () => (view ? pendingBands(view.dates, view.states, view.aggregation, view.deletions) : []),
    [view],
  );

  const onPreset = useCallback((next: Preset) => {
    setPreset(next);
    setCustom(null);
  }, []);
  const onCustom = useCallback((next: IsoRange) => {
    setPreset(null);
    setCustom(next);
  }, []);
  const onZoom = useCallback(
    (a: number, b: number) => {
      const next = selectionWindow(a, b, timeWindow, MIN_ZOOM_DAYS[aggregation]);
      if (next) setZoom({ range, window: next });
    },
    [timeWindow, aggregation, range],
  );
  const resetZoom = useCallback(() => setZoom(null), []);
  const syncId = `well-${wellId}`;
  const chart = (spec: ChartSpec) => (
    <TimeChart
      key={spec.id}
      spec={spec}
      timeWindow={timeWindow}
      bands={bands}
      syncId={syncId}
      onZoom={onZoom}
      onResetZoom={resetZoom}
    />
  );

  return (
    <section className="well-charts" aria-label="Production charts">
      <ChartToolbar
        range={range}
        preset={preset}
        onPreset={onPreset}
        onCustom={onCustom}
        aggregation={aggregation}
        onAggregation={setAggregation}
        logScale={logScale}
        onLogScale={setLogScale}
        loading={production.isPlaceholderData || production.isFetching}
      />
      <ProductionNotices
        projectId={projectId}
        range={range}
        firstProduction={props.firstProduction}
        isAll={preset === 'All'}
        onShowAll={() => onPreset('All')}
        pending={production.isPending}
        error={production.error}
        onRetry={() => void production.refetch()}
        result={production.data}
      />
      {view && view.dates.length > 0 && (
        <>
          <div className="chart-subbar">
            <PendingCaption
              states={view.states}
              deletions={view.deletions.filter((deletion) => deletion.state !== 'synced').length}
              monthly={view.aggregation === 'monthly'}
            />
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
            {specs.map(chart)}
            {cumulative ? chart(cumulative) : <CumulativeSlot error={daily.error} />}
          </div>
        </>
      )}
      {view && (
        <RecordsGrid
          projectId={projectId}
          wellId={wellId}
          range={
            zoomWindow
              ? { from: isoDay(zoomWindow.from * DAY_MS), to: isoDay(zoomWindow.to * DAY_MS) }
              : range
          }
          unitSystem={view.unitSystem}
        />
      )}
    </section>
  );
}

function mainCharts(view: ProductionView, logScale: boolean): ChartSpec[] {
  const rows = rowAxis(view);
  return [
    ratesChart(view, rows, logScale),
    pressuresChart(view, rows),
    ratiosChart(view, rows, logScale),
  ];
}

function CumulativeSlot({ error }: { error: Error | null }) {
  return (
    <figure className="well-chart" data-testid="chart-cumulative">
      <figcaption>Cumulative volumes</figcaption>
      <p className="chart-empty">
        {error ? `Daily rates could not be read: ${error.message}` : 'Loading daily rates…'}
      </p>
    </figure>
  );
}
