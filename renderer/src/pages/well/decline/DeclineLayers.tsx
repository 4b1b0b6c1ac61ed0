import { usePlotScales } from '../plot-context.js';
import { PlotArea } from '../PlotArea.js';
import { SeriesPath } from '../SeriesPath.js';
import { DAY_MS } from '../series.js';
import type { DeclineOverlay, OverlayLine } from './chart-overlay.js';
import { OutlierMarks } from './OutlierMarks.js';

/**
 * A decline fit drawn inside a chart (the rates chart, "Fit decline" open), as two
 * children of the chart on its own scales: the fit window shaded (under the series), and
 * the curve over the history, the dashed forecast after it and the points the fit left
 * out ringed (over them). The lines come from `overlayLines`, which the chart also needs
 * to size its axes.
 */
export function DeclineWindowArea(props: { overlay: DeclineOverlay }) {
  const { overlay } = props;
  const { x } = usePlotScales();
  return (
    <PlotArea
      className="decline-window"
      from={x(overlay.fitWindow.from * DAY_MS)}
      to={x((overlay.fitWindow.to + 1) * DAY_MS)}
      fill={overlay.colour}
      fillOpacity={0.06}
      stroke={overlay.colour}
      strokeOpacity={0.35}
      strokeDasharray="2 3"
    />
  );
}

export function DeclineCurves(props: { overlay: DeclineOverlay; lines: readonly OverlayLine[] }) {
  const { overlay } = props;
  return (
    <>
      {props.lines.map((line) => (
        <SeriesPath
          key={line.key}
          points={line.points}
          yAxisId={overlay.axis}
          colour={overlay.colour}
          seriesKey={`decline-${line.key}`}
          variant={line.dashed ? 'decline-forecast' : 'decline-fit'}
        />
      ))}
      {overlay.outliers.length > 0 && (
        <OutlierMarks points={overlay.outliers} yAxisId={overlay.axis} colour={overlay.colour} />
      )}
    </>
  );
}
