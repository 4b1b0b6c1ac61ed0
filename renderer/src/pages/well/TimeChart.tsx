import type { EventBand } from '../events/event-days.js';
import { useId, useMemo, useState } from 'react';
import type { ChartExportContext } from '../../export/chart-header.js';
import { ChartExportMenu } from '../../export/ChartExportMenu.js';
import { AXIS_WIDTH, CHART_HEIGHT, MARGIN, plotBox } from './chart-layout.js';
import { chartScales } from './chart-scales.js';
import { formatDay } from '../../sync/dates.js';
import type { ChartSpec } from './chart-specs.js';
import { ChartLegend } from './ChartLegend.js';
import { ChartSurface } from './ChartSurface.js';
import { SeriesCanvas } from './SeriesCanvas.js';
import { DragZoomOverlay } from './DragZoomOverlay.js';
import { overlayLines, type DeclineOverlay } from './decline/chart-overlay.js';
import { DeclineCurves, DeclineWindowArea } from './decline/DeclineLayers.js';
import { hoverPoints, withForecastPoints } from './hover-points.js';
import { isoDay } from './date-range.js';
import { PlotArea } from './PlotArea.js';
import { timeScale, valueScale, type PlotRect, type PlotScales } from './plot-scales.js';
import { visibleBands, type Band } from './pending.js';
import { cachedWindowSeries, DAY_MS, hasValueIn, type ChartPoint } from './series.js';
import { timeTicks } from './time-ticks.js';
import { useElementWidth } from './use-element-width.js';
import { pixelToDay, type DayWindow } from './zoom.js';

/** The time axis's height under the plot: tick marks and one line of labels. */
const TIME_AXIS_HEIGHT = 30;

const BAND_FILL = { pending: '#f59e0b', problem: '#dc2626' } as const;

/**
 * One chart of the well page on the shared time axis: the window's series (each reduced
 * to the plot's width), pending-edit bands, a synchronised hover readout, legend toggles
 * and drag-to-zoom. Generic: what it plots comes from a ChartSpec.
 */
export function TimeChart(props: {
  spec: ChartSpec;
  timeWindow: DayWindow;
  bands: readonly Band[];
  /** Well events, shaded behind the pending bands with their reason on hover. */
  events?: readonly EventBand[];
  syncId: string;
  onZoom: (startDay: number, endDay: number) => void;
  onResetZoom: () => void;
  /** The well and units for the "Export" menu; without it the chart has none (the report). */
  exportContext?: ChartExportContext;
  /** A decline fit drawn over the series (the rates chart, with "Fit decline" open). */
  overlay?: DeclineOverlay | null;
  /** A drag selects the decline fit window instead of zooming (shown as its own cursor). */
  choosingWindow?: boolean;
}) {
  const { spec, timeWindow } = props;
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const plot = plotBox(width);
  // Every draw is at full detail, two points per pixel column: on the canvas layer a
  // window costs its pixels, so the quarter-detail first draw (and the second render of
  // every chart it took) no longer pays for itself.
  const columns = Math.max(1, plot.width);

  // Memoised on spec + timeWindow + width: hover, legend toggles and drags reuse the points.
  const lines = useMemo(
    () =>
      spec.series.map((series) => {
        const axis = series.axis === 'left' ? spec.left : spec.right;
        const logScale = axis?.log ?? false;
        return {
          series,
          points: cachedWindowSeries({
            x: spec.rows.x,
            values: series.values,
            window: timeWindow,
            columns,
            logScale,
            maxStep: spec.rows.maxStep,
          }),
          drawable: hasValueIn(spec.rows.x, series.values, timeWindow, logScale),
        };
      }),
    [spec, timeWindow, columns],
  );
  // One array per draw input, so the canvas repaints when lines change and not on hover.
  const drawn = useMemo(() => layerLines(lines, hidden), [lines, hidden]);
  const { overlay } = props;
  const forecastDays = overlay?.forecast ?? null;
  const hover = useMemo(
    () =>
      withForecastPoints(
        hoverPoints(spec.rows.x, timeWindow, columns),
        forecastDays,
        timeWindow,
        columns,
      ),
    [spec.rows.x, timeWindow, columns, forecastDays],
  );
  const bands = useMemo(() => {
    const daysPerPixel = (timeWindow.to - timeWindow.from + 1) / columns;
    return visibleBands(props.bands, timeWindow, 2 * daysPerPixel, 3 * daysPerPixel);
  }, [props.bands, timeWindow, columns]);

  const decline = useMemo(
    () => (overlay ? overlayLines(overlay, timeWindow, columns) : []),
    [overlay, timeWindow, columns],
  );

  const shown = lines.filter((line) => !hidden.has(line.series.key));
  const empty = !shown.some((line) => line.drawable);
  // The decline curve counts like a series of its stream's axis, so its forecast down to
  // the economic limit stays on the chart.
  const scales = useMemo(
    () =>
      chartScales(spec, [
        ...lines
          .filter((line) => !hidden.has(line.series.key) && line.drawable)
          .map((line) => ({ axis: line.series.axis, points: line.points })),
        ...(overlay
          ? decline
              .filter((line) => line.points.length > 0)
              .map((line) => ({ axis: overlay.axis, points: line.points }))
          : []),
      ]),
    [lines, hidden, spec, overlay, decline],
  );
  const xTicks = useMemo(() => timeTicks(timeWindow, plot.width / 90), [timeWindow, plot.width]);
  const plotScales = useMemo((): PlotScales => {
    const area: PlotRect = {
      x: MARGIN.left + AXIS_WIDTH,
      y: MARGIN.top,
      width: plot.width,
      height: CHART_HEIGHT - MARGIN.top - MARGIN.bottom - TIME_AXIS_HEIGHT,
    };
    return {
      x: timeScale(timeWindow.from * DAY_MS, timeWindow.to * DAY_MS, area),
      left: valueScale(scales.left, spec.left.log ?? false, area),
      right: valueScale(scales.right, spec.right?.log ?? false, area),
      plot: area,
    };
  }, [timeWindow, plot.width, scales, spec.left.log, spec.right?.log]);
  const toggle = (key: string) =>
    setHidden((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const captionId = useId();
  const onSelect = (startPx: number, endPx: number) =>
    props.onZoom(pixelToDay(startPx, plot, timeWindow), pixelToDay(endPx, plot, timeWindow));

  return (
    <figure
      className="well-chart"
      data-testid={`chart-${spec.id}`}
      // Tests and bench:ui wait for "full": the lines of this window at their final detail.
      data-detail="full"
      // Named by its title and described by its note: the caption sits inside the header
      // row, where it is not the figure's own caption for assistive technology.
      aria-labelledby={`${captionId}-title`}
      aria-describedby={spec.note ? `${captionId}-note` : undefined}
    >
      <div className="well-chart-head">
        <figcaption>
          <span id={`${captionId}-title`}>{spec.title}</span>
          {spec.note && (
            <span className="chart-note" id={`${captionId}-note`}>
              {spec.note}
            </span>
          )}
        </figcaption>
        <div className="well-chart-tools">
          <ChartLegend spec={spec} hidden={hidden} onToggle={toggle} />
          {props.exportContext && (
            <ChartExportMenu
              spec={spec}
              hidden={hidden}
              context={props.exportContext}
              range={{
                from: isoDay(timeWindow.from * DAY_MS),
                to: isoDay(timeWindow.to * DAY_MS),
              }}
              plot={ref}
              disabled={width === 0 || empty}
            />
          )}
        </div>
      </div>
      <div
        ref={ref}
        className={`well-chart-plot${props.choosingWindow ? ' choosing-window' : ''}`}
        style={{ height: CHART_HEIGHT }}
      >
        {width > 0 && empty && (
          <p className="chart-empty" data-testid={`chart-empty-${spec.id}`}>
            {spec.series.length === 0 || shown.length > 0
              ? `Nothing to plot between ${formatDay(isoDay(timeWindow.from * DAY_MS))} and ${formatDay(isoDay(timeWindow.to * DAY_MS))}${spec.left.log ? ' (zeros are not drawn on a log scale)' : ''}.`
              : 'Every series is hidden: click one in the legend to show it.'}
          </p>
        )}
        {width > 0 && !empty && (
          <ChartSurface
            width={width}
            height={CHART_HEIGHT}
            scales={plotScales}
            timeTicks={xTicks}
            left={{ axis: spec.left, scale: scales.left }}
            right={{ axis: spec.right, scale: scales.right }}
            syncId={props.syncId}
            spec={spec}
            hidden={hidden}
            hoverPoints={hover}
            forecast={overlay ?? null}
            under={
              <>
                <SeriesCanvas lines={drawn} width={width} height={CHART_HEIGHT} />
                {overlay && <DeclineCurves overlay={overlay} lines={decline} />}
              </>
            }
            over={
              <>
                {(props.events ?? [])
                  .filter((event) => event.to >= timeWindow.from && event.from <= timeWindow.to)
                  .map((event) => (
                    <PlotArea
                      key={`event-${event.id}`}
                      className="event-band"
                      from={plotScales.x((Math.max(event.from, timeWindow.from) - 0.5) * DAY_MS)}
                      to={plotScales.x((Math.min(event.to, timeWindow.to) + 0.5) * DAY_MS)}
                      fill="#7c3aed"
                      fillOpacity={0.1}
                      data-testid="event-band"
                    >
                      <title>{event.label}</title>
                    </PlotArea>
                  ))}
                {bands.map((band) => (
                  <PlotArea
                    key={`${band.kind}-${band.from}`}
                    className={`pending-band pending-band-${band.kind}`}
                    from={plotScales.x((band.from - 0.5) * DAY_MS)}
                    to={plotScales.x((band.to + 0.5) * DAY_MS)}
                    fill={BAND_FILL[band.kind]}
                    fillOpacity={0.16}
                  />
                ))}
                {overlay && <DeclineWindowArea overlay={overlay} />}
              </>
            }
          />
        )}
        <DragZoomOverlay target={ref} plot={plot} onSelect={onSelect} onReset={props.onResetZoom} />
      </div>
    </figure>
  );
}

/** The shown series as the canvas layer draws them. */
function layerLines(
  lines: ReadonlyArray<{ series: ChartSpec['series'][number]; points: ChartPoint[] }>,
  hidden: ReadonlySet<string>,
) {
  return lines
    .filter(({ series }) => !hidden.has(series.key))
    .map(({ series, points }) => ({
      key: series.key,
      label: series.label,
      colour: series.colour,
      axis: series.axis,
      points,
    }));
}
