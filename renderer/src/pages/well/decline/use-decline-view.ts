import { useCallback, useMemo, useState } from 'react';
import type { UnitSystem } from '#shared/api/index.js';
import type { DeclineFrequency, DeclineStream } from '#shared/desktop/index.js';
import { epochDay } from '#shared/production/index.js';
import type { RowAxis, SeriesSpec } from '../chart-specs.js';
import { isoDay } from '../date-range.js';
import { DAY_MS } from '../series.js';
import type { DayWindow } from '../zoom.js';
import type { DeclineOverlay } from './chart-overlay.js';
import { extendedWindow, outlierPoints, type ForecastHorizon } from './curve-points.js';
import type { ForecastCsvInput } from './forecast-csv.js';
import { previewForecast } from './forecast-preview.js';
import { hasErrors } from './parameters.js';
import {
  STREAM_AXIS,
  STREAM_COLOUR,
  STREAM_FIELD,
  STREAM_LABEL,
  streamUnits,
} from './stream-units.js';
import { useDecline } from './use-decline.js';

/** Whether the decline panel is open is remembered on this computer, like the table's columns. */
const OPEN_KEY = 'flowline.decline.open';

function readOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Everything the well page needs of decline analysis: the panel's state, the fit and the
 * parameters on screen, their live forecast, the curve for the rates chart and how far the
 * time axis reaches to show it. "Fit decline" opens the panel and, when the stream has no
 * saved fit yet, fits it at once (the default window, the chart's daily/monthly).
 */
export function useDeclineView(props: {
  projectId: string;
  wellId: string;
  wellName: string | null;
  unitSystem: UnitSystem | null;
  frequency: DeclineFrequency;
  /** The rates chart's rows and series, for the outlier marks. */
  rows: RowAxis | null;
  series: readonly SeriesSpec[];
}) {
  const [open, setOpenState] = useState(readOpen);
  const [stream, setStream] = useState<DeclineStream>('oil');
  const [choosingWindow, setChoosingWindow] = useState(false);
  // The history keeps two thirds of the axis unless the person asks for more forecast.
  const [horizon, setHorizon] = useState<ForecastHorizon>('share');
  const decline = useDecline(props.projectId, props.wellId, stream);
  const { fit, draft } = decline;
  const settings = decline.settings.data;

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    if (!next) setChoosingWindow(false);
    try {
      localStorage.setItem(OPEN_KEY, String(next));
    } catch {
      // Storage refused: the choice holds for this session.
    }
  }, []);

  const { run } = decline;
  const fitsLoaded = decline.fits.isSuccess;
  const hasFit = fit !== null;
  const onFitDecline = useCallback(() => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    if (fitsLoaded && !hasFit) void run(props.frequency);
  }, [open, setOpen, fitsLoaded, hasFit, run, props.frequency]);

  /** A drag on the rates chart in "Choose on chart" mode: that span becomes the window, refitted. */
  const onChooseWindow = useCallback(
    (a: number, b: number) => {
      const from = Math.floor(Math.min(a, b));
      const to = Math.ceil(Math.max(a, b));
      setChoosingWindow(false);
      void run(props.frequency, { from: isoDay(from * DAY_MS), to: isoDay(to * DAY_MS) });
    },
    [run, props.frequency],
  );

  const model = draft?.model ?? null;
  const preview = useMemo(
    () => (fit && model && settings ? previewForecast(fit, model, settings) : null),
    [fit, model, settings],
  );

  const seriesValues = props.series.find((series) => series.key === STREAM_FIELD[stream])?.values;
  const overlay = useMemo<DeclineOverlay | null>(() => {
    if (!open || !fit || !model) return null;
    const t0 = epochDay(fit.anchorDate);
    const fitWindow = { from: epochDay(fit.window.from), to: epochDay(fit.window.to) };
    // Outliers are found on the rows the fit saw: only when the chart shows its frequency.
    const sameRows =
      props.rows && seriesValues && (props.rows.monthly ? 'monthly' : 'daily') === fit.frequency;
    return {
      model,
      t0,
      forecast: preview ? { from: preview.startDay, to: preview.endDay } : null,
      historyEnd: fitWindow.to,
      fitWindow,
      outliers:
        sameRows && props.rows && seriesValues
          ? outlierPoints(model, t0, fitWindow, { x: props.rows.x, values: seriesValues })
          : [],
      colour: STREAM_COLOUR[fit.stream],
      axis: STREAM_AXIS[fit.stream],
      stream: STREAM_LABEL[fit.stream],
      rateUnit: streamUnits(fit.stream, props.unitSystem ?? 'imperial').rate,
    };
  }, [open, fit, model, preview, props.rows, seriesValues, props.unitSystem]);

  /** The charts' time axis: the range, widened to show the chosen span of forecast. */
  const widen = useCallback(
    (range: DayWindow): DayWindow =>
      overlay && preview
        ? extendedWindow(range, { startDay: preview.startDay, endDay: preview.endDay }, horizon)
        : range,
    [overlay, preview, horizon],
  );

  const csv = useMemo<ForecastCsvInput | null>(
    () =>
      fit && model && preview && settings && props.wellName && props.unitSystem
        ? {
            wellName: props.wellName,
            unitSystem: props.unitSystem,
            fit,
            model,
            forecast: preview,
            economicLimit: settings.economicLimit[fit.stream],
            maxYears: settings.maxYears,
          }
        : null,
    [fit, model, preview, settings, props.wellName, props.unitSystem],
  );

  return {
    open,
    /** The stream in view has a saved fit, drawn once the panel opens. */
    hasSavedFit: hasFit,
    onFitDecline,
    stream,
    setStream,
    choosingWindow: open && choosingWindow,
    setChoosingWindow,
    horizon,
    setHorizon,
    decline,
    preview,
    overlay,
    widen,
    onChooseWindow,
    csv,
    draftHasErrors: draft ? hasErrors(draft) : false,
  };
}
