import { eventQueries } from '../../queries/event-keys.js';
import { eventBands } from '../events/event-days.js';
import { WellEvents } from '../events/WellEvents.js';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Aggregation } from '#shared/api/index.js';
import {
  viewOfColumns,
  type ProductionColumns,
  type ProductionGetResult,
} from '#shared/desktop/index.js';
import { epochDay } from '#shared/production/index.js';
import { WellExportActions } from '../../export/WellExportActions.js';
import { wellQueries } from '../../queries/keys.js';
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
import { useAfterPaint } from '../records/use-after-paint.js';
import { volumesBeforeQuery } from './volumes-before-query.js';
import { isoDay, presetRange, takeAddressRange, type IsoRange, type Preset } from './date-range.js';
import { pendingBands } from './pending.js';
import { PendingCaption } from './PendingCaption.js';
import { productionColumnsQuery } from './production-query.js';
import { ProductionNotices } from './ProductionNotices.js';
import { DAY_MS } from './series.js';
import { remembered } from './remembered.js';
import { rangeForWell, rememberRange } from './remembered-range.js';
import { withWaterOnItsOwnAxis } from './water-axis.js';
import { daysOnByMonth, DaysOnContext, type DaysOn } from './days-on.js';
import { TimeChart } from './TimeChart.js';
import { selectionWindow, type DayWindow } from './zoom.js';
import { ZoomStatus } from './ZoomStatus.js';
import { DeclinePanel } from './decline/DeclinePanel.js';
import { useDeclineView } from './decline/use-decline-view.js';
import './well.css';

const NO_DAYS_ON: ReadonlyMap<string, DaysOn> = new Map();

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
  // A range handed over in the address wins; else the last chosen for this well, or its life.
  const [opening] = useState(() =>
    handedOver ? { custom: handedOver } : rangeForWell(projectId, wellId),
  );
  const [preset, setPreset] = useState<Preset | null>('preset' in opening ? opening.preset : null);
  const [custom, setCustom] = useState<IsoRange | null>(
    'custom' in opening ? opening.custom : null,
  );
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

  // Typed columns (production-columns): the charts' series come straight from them.
  const production = useQuery(productionColumnsQuery(projectId, wellId, range, aggregation));
  // Cumulative volumes integrate daily rates; when daily is shown this is the same query
  // (and the records grid's).
  const daily = useQuery(productionColumnsQuery(projectId, wellId, range, 'daily'));
  const columns = production.data?.data;
  const dailyView = daily.data?.data;
  // Dates, nulls and state names, once per read, for the bands, captions and notices.
  const view = columns ? viewOfColumns(columns) : undefined;
  const notices = useMemo<ProductionGetResult | undefined>(
    () =>
      production.data
        ? { ...production.data, data: viewOfColumns(production.data.data) }
        : undefined,
    [production.data],
  );
  // The well's name and units for exports (WellPage has read it: a cache hit).
  const wellDetail = useQuery(wellQueries.detail(projectId, wellId)).data?.data;
  const exportContext = useMemo(
    () =>
      wellDetail
        ? { wellName: wellDetail.well.name, unitSystem: wellDetail.unitSystem }
        : undefined,
    [wellDetail],
  );

  // All four charts draw in one render: each costs its pixels (a few milliseconds), and a
  // background render for the lower two was restarted by every answer arriving meanwhile
  // (the well, its decline fit), which held them back by 100 ms. The records grid, the
  // costly part, follows after the paint (records/use-after-paint.ts).
  const laterView = columns ?? null;
  const laterDaily = dailyView ?? null;
  const specs = useMemo(
    () =>
      columns ? remembered(columns, `top:${logScale}`, () => topCharts(columns, logScale)) : [],
    [columns, logScale],
  );
  const decline = useDeclineView({
    projectId,
    wellId,
    wellName: wellDetail?.well.name ?? null,
    unitSystem: wellDetail?.unitSystem ?? null,
    frequency: aggregation,
    rows: specs[0]?.rows ?? null,
    series: specs[0]?.series ?? NO_SERIES,
  });
  // With a decline fit shown, the time axis reaches into its forecast (decline/curve-points.ts).
  const { widen } = decline;
  const fullWindow = useMemo(() => widen(bounds), [widen, bounds]);
  const timeWindow = zoomWindow ?? fullWindow;
  const ratios = useMemo(
    () =>
      laterView
        ? remembered(laterView, `ratios:${logScale}`, () =>
            ratiosChart(laterView, rowAxis(laterView), logScale),
          )
        : null,
    [laterView, logScale],
  );
  // Np, Gp, Wp: the volumes before the range, read once per range start (cached after).
  const before = useQuery(volumesBeforeQuery(projectId, wellId, range.from));
  const volumesBefore = before.data?.volumes ?? null;
  const cumulative = useMemo(
    () =>
      laterDaily && !before.isPending
        ? remembered(laterDaily, `cumulative:${JSON.stringify(volumesBefore)}`, () =>
            withWaterOnItsOwnAxis(cumulativeChart(laterDaily, rowAxis(laterDaily), volumesBefore)),
          )
        : null,
    [laterDaily, before.isPending, volumesBefore],
  );
  // The monthly readout's days on production, from the range's daily rows.
  const daysOn = useMemo(
    () =>
      aggregation === 'monthly' && laterDaily
        ? daysOnByMonth(viewOfColumns(laterDaily))
        : NO_DAYS_ON,
    [aggregation, laterDaily],
  );
  const bands = useMemo(
    () => (view ? pendingBands(view.dates, view.states, view.aggregation, view.deletions) : []),
    [view],
  );
  const wellEvents = useQuery(eventQueries.ofWell(projectId, wellId)).data?.events;
  const events = useMemo(() => eventBands(wellEvents ?? []), [wellEvents]);

  const onPreset = useCallback(
    (next: Preset) => {
      setPreset(next);
      setCustom(null);
      rememberRange(projectId, wellId, { preset: next });
    },
    [projectId, wellId],
  );
  const onCustom = useCallback(
    (next: IsoRange) => {
      setPreset(null);
      setCustom(next);
      rememberRange(projectId, wellId, { custom: next });
    },
    [projectId, wellId],
  );
  const onZoom = useCallback(
    (a: number, b: number) => {
      const next = selectionWindow(a, b, timeWindow, MIN_ZOOM_DAYS[aggregation]);
      if (next) setZoom({ range, window: next });
    },
    [timeWindow, aggregation, range],
  );
  const resetZoom = useCallback(() => setZoom(null), []);
  const syncId = `well-${wellId}`;
  const choosing = decline.choosingWindow;
  const chart = (spec: ChartSpec) => (
    <TimeChart
      key={spec.id}
      spec={spec}
      timeWindow={timeWindow}
      bands={bands}
      events={events}
      syncId={syncId}
      onZoom={choosing && spec.id === 'rates' ? decline.onChooseWindow : onZoom}
      onResetZoom={resetZoom}
      exportContext={exportContext}
      overlay={spec.id === 'rates' ? decline.overlay : null}
      choosingWindow={choosing && spec.id === 'rates'}
    />
  );
  // The grid lists recorded days: a zoom into the forecast shows none past the range.
  const gridFrom = zoomWindow ? isoDay(Math.min(zoomWindow.from, bounds.to) * DAY_MS) : range.from;
  const gridTo = zoomWindow ? isoDay(Math.min(zoomWindow.to, bounds.to) * DAY_MS) : range.to;
  const gridRange = useMemo(() => ({ from: gridFrom, to: gridTo }), [gridFrom, gridTo]);
  // A new range reaches the grid once the charts have painted it: the range buttons' click
  // redraws the charts alone, and the grid (its rows, its reads) follows in the background.
  const shownGridRange = useAfterPaint(gridRange);

  return (
    <DaysOnContext.Provider value={daysOn}>
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
          actions={
            <WellExportActions
              projectId={projectId}
              wellId={wellId}
              wellName={wellDetail?.well.name ?? null}
              range={range}
              aggregation={aggregation}
              logScale={logScale}
              hasData={(view?.dates.length ?? 0) > 0}
            />
          }
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
          result={notices}
        />
        {view && view.dates.length > 0 && (
          <>
            <div className="chart-subbar">
              <button
                type="button"
                className="well-button"
                aria-pressed={decline.open}
                title={
                  decline.hasSavedFit && !decline.open
                    ? 'This well has a saved decline fit: show it on the rates chart'
                    : 'Fit a decline curve to the rates and forecast it'
                }
                data-testid="fit-decline"
                onClick={decline.onFitDecline}
              >
                {/* Closed, a saved fit is otherwise invisible: say there is one to show. */}
                {decline.hasSavedFit && !decline.open ? 'Show decline fit' : 'Fit decline'}
              </button>
              <PendingCaption
                states={view.states}
                deletions={view.deletions.filter((deletion) => deletion.state !== 'synced').length}
                monthly={view.aggregation === 'monthly'}
              />
              {events.length > 0 && (
                <span className="event-caption" data-testid="event-caption">
                  <span className="band-swatch band-event" aria-hidden="true" /> Well event (hover a
                  span for its reason)
                </span>
              )}
              <ZoomStatus
                zoom={
                  zoomWindow
                    ? { from: isoDay(zoomWindow.from * DAY_MS), to: isoDay(zoomWindow.to * DAY_MS) }
                    : null
                }
                onReset={resetZoom}
              />
            </div>
            {decline.open && exportContext && (
              <DeclinePanel
                projectId={projectId}
                wellId={wellId}
                unitSystem={exportContext.unitSystem}
                stream={decline.stream}
                onStream={decline.setStream}
                frequency={aggregation}
                decline={decline.decline}
                preview={decline.preview}
                csv={decline.csv}
                choosingWindow={decline.choosingWindow}
                onChoosingWindow={decline.setChoosingWindow}
                horizon={decline.horizon}
                onHorizon={decline.setHorizon}
              />
            )}
            <div className="chart-stack">
              {specs.map(chart)}
              {ratios ? (
                chart(ratios)
              ) : (
                <ChartSlot id="chart-ratios" title="Ratios" message="Drawing…" />
              )}
              {cumulative ? (
                cumulative.map(chart)
              ) : (
                <ChartSlot
                  id="chart-cumulative"
                  title="Cumulative volumes"
                  message={
                    daily.error
                      ? `Daily rates could not be read: ${daily.error.message}`
                      : 'Loading daily rates…'
                  }
                />
              )}
            </div>
          </>
        )}
        <WellEvents projectId={projectId} wellId={wellId} />
        {view && shownGridRange && (
          <RecordsGrid
            projectId={projectId}
            wellId={wellId}
            range={shownGridRange}
            unitSystem={view.unitSystem}
            spudDate={props.spudDate}
          />
        )}
      </section>
    </DaysOnContext.Provider>
  );
}

const NO_SERIES: never[] = [];

function topCharts(view: ProductionColumns, logScale: boolean): ChartSpec[] {
  const rows = rowAxis(view);
  return [ratesChart(view, rows, logScale), pressuresChart(view, rows)];
}

/** Where a chart will be, at its height, while it loads or draws. */
function ChartSlot({ id, title, message }: { id: string; title: string; message: string }) {
  return (
    <figure className="well-chart" data-testid={id}>
      <figcaption>{title}</figcaption>
      <p className="chart-empty">{message}</p>
    </figure>
  );
}
