import { rateAt, type DeclineModel } from '#shared/decline/index.js';
import type { ChartPoint } from '../series.js';
import type { DayWindow } from '../zoom.js';
import { curvePoints } from './curve-points.js';

/**
 * What the rates chart draws of a decline fit over its own series: the curve over the
 * history (solid, thin) from qi's day to the last producing day, the forecast beyond it
 * (dashed) to its end, both in the stream's colour on the stream's axis; the fit window
 * shaded; the points the fit left out as outliers ringed.
 */
export interface DeclineOverlay {
  model: DeclineModel;
  /** The curve's day 0 (epoch day of qi). */
  t0: number;
  /** Epoch days of the first forecast day and the forecast's last; null: no forecast. */
  forecast: DayWindow | null;
  /** The last day of history the curve is drawn over (solid) when there is no forecast. */
  historyEnd: number;
  fitWindow: DayWindow;
  outliers: ChartPoint[];
  colour: string;
  axis: 'left' | 'right';
  stream: string;
  /** The stream's rate unit (bbl/d, m³/d, …): the hover readout names the forecast's rate. */
  rateUnit: string;
}

/** The forecast's rate on an epoch day, or null outside the forecast (the hover readout). */
export function forecastRateOn(overlay: DeclineOverlay, day: number): number | null {
  const { forecast } = overlay;
  if (!forecast || day < forecast.from || day > forecast.to) return null;
  return rateAt(overlay.model, day - overlay.t0);
}

export interface OverlayLine {
  key: 'fit' | 'forecast';
  points: ChartPoint[];
  dashed: boolean;
}

/** The overlay's two lines for the chart's window, sampled for its width. */
export function overlayLines(
  overlay: DeclineOverlay,
  window: DayWindow,
  columns: number,
): OverlayLine[] {
  const historyEnd = overlay.forecast?.from ?? overlay.historyEnd;
  const lines: OverlayLine[] = [
    {
      key: 'fit',
      points: curvePoints(
        overlay.model,
        overlay.t0,
        { from: overlay.t0, to: historyEnd },
        window,
        columns,
      ),
      dashed: false,
    },
  ];
  if (overlay.forecast) {
    lines.push({
      key: 'forecast',
      points: curvePoints(overlay.model, overlay.t0, overlay.forecast, window, columns),
      dashed: true,
    });
  }
  return lines;
}
