import { useState } from 'react';
import type { UnitSystem } from '#shared/api/index.js';
import {
  DECLINE_STREAMS,
  type DeclineFrequency,
  type DeclineStream,
} from '#shared/desktop/index.js';
import { IsoDateInput } from '#renderer/shell/IsoDateInput.js';
import { checkCustomRange, type IsoRange } from '../date-range.js';
import { DeclineSettingsPopover } from './DeclineSettingsPopover.js';
import { MODEL_LABEL } from './model-label.js';
import type { ForecastHorizon } from './curve-points.js';
import type { ForecastCsvInput } from './forecast-csv.js';
import type { ForecastPreview } from './forecast-preview.js';
import { ForecastCsvButton } from './ForecastCsvButton.js';
import { ForecastMonths } from './ForecastMonths.js';
import { FitHistory } from './FitHistory.js';
import { FitResults } from './FitResults.js';
import { ParameterFields } from './ParameterFields.js';
import { hasErrors } from './parameters.js';
import { STREAM_LABEL, streamUnits } from './stream-units.js';
import type { useDecline } from './use-decline.js';
import './decline.css';

/** How much forecast the charts show beside the history; null: all of it. */
export const HORIZONS: Array<{ label: string; days: ForecastHorizon }> = [
  { label: 'a third of the chart', days: 'share' },
  { label: '1 year', days: 365 },
  { label: '5 years', days: 1826 },
  { label: '10 years', days: 3652 },
  { label: 'to the end', days: null },
];

/** A horizon as the select's option value. */
const horizonValue = (horizon: ForecastHorizon) => (horizon === null ? 'end' : String(horizon));

/**
 * The decline panel above the charts: the stream, the fit window (typed, or dragged on
 * the rates chart in "Choose on chart" mode), Fit/Refit, the parameters (editable, the
 * curve and EUR follow as they change), what the fit says, the project's forecast
 * settings, the Forecast CSV export and the stream's fit history (any earlier fit restored
 * in one click, also after the fit was removed).
 */
export function DeclinePanel(props: {
  projectId: string;
  wellId: string;
  unitSystem: UnitSystem;
  stream: DeclineStream;
  onStream: (stream: DeclineStream) => void;
  frequency: DeclineFrequency;
  decline: ReturnType<typeof useDecline>;
  preview: ForecastPreview | null;
  csv: ForecastCsvInput | null;
  choosingWindow: boolean;
  onChoosingWindow: (choosing: boolean) => void;
  horizon: ForecastHorizon;
  onHorizon: (horizon: ForecastHorizon) => void;
}) {
  const { decline, stream } = props;
  const { fit, draft } = decline;
  const units = streamUnits(stream, props.unitSystem);
  const settings = decline.settings.data;

  // The window inputs follow the saved fit's window until the person types in them.
  const [windowText, setWindowText] = useState<IsoRange>(fit?.window ?? { from: '', to: '' });
  const [followed, setFollowed] = useState(fit?.window);
  if (followed !== fit?.window) {
    setFollowed(fit?.window);
    setWindowText(fit?.window ?? { from: '', to: '' });
  }
  const typed = windowText.from === '' && windowText.to === '' ? null : windowText;
  const windowCheck = typed ? checkCustomRange(typed.from, typed.to) : null;
  // The window the inputs show is the fit's own until the person changes it: a fit over the
  // default window refits over the default again (it follows new production, and Forecast
  // all treats it as on its own basis); a window typed, dragged or chosen before is sent.
  const fitsDefault =
    fit !== null &&
    !fit.windowChosen &&
    typed !== null &&
    typed.from === fit.window.from &&
    typed.to === fit.window.to;
  const refit = () =>
    void decline.run(
      props.frequency,
      windowCheck?.ok && !fitsDefault ? windowCheck.range : undefined,
    );

  return (
    <section className="decline-panel" aria-label="Decline analysis" data-testid="decline-panel">
      <div className="decline-bar">
        <div className="segmented" role="group" aria-label="Stream">
          {DECLINE_STREAMS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={stream === value}
              data-testid={`decline-stream-${value}`}
              onClick={() => props.onStream(value)}
            >
              {STREAM_LABEL[value]}
            </button>
          ))}
        </div>
        <span className="decline-model" data-testid="decline-model">
          {MODEL_LABEL[fit?.model.kind ?? settings?.model ?? 'modified-hyperbolic']}
          <span className="muted"> · {fit?.frequency ?? props.frequency}</span>
        </span>
        <span className="decline-window" role="group" aria-label="Fit window">
          <label className="date-field">
            <span>Window</span>
            <IsoDateInput
              value={windowText.from}
              aria-label="Fit window from"
              aria-invalid={windowCheck?.ok === false}
              data-testid="decline-window-from"
              onValue={(from) => setWindowText({ ...windowText, from })}
            />
          </label>
          <label className="date-field">
            <span>to</span>
            <IsoDateInput
              value={windowText.to}
              aria-label="Fit window to"
              aria-invalid={windowCheck?.ok === false}
              data-testid="decline-window-to"
              onValue={(to) => setWindowText({ ...windowText, to })}
            />
          </label>
          <button
            type="button"
            className="well-button"
            aria-pressed={props.choosingWindow}
            title="Drag across the rates chart to choose the fit window"
            data-testid="decline-choose-window"
            onClick={() => props.onChoosingWindow(!props.choosingWindow)}
          >
            {props.choosingWindow ? 'Drag on the rates chart…' : 'Choose on chart'}
          </button>
        </span>
        <button
          type="button"
          className="well-button primary"
          disabled={decline.running || windowCheck?.ok === false}
          data-testid="decline-run"
          onClick={refit}
        >
          {decline.running ? 'Fitting…' : fit ? 'Refit' : 'Fit'}
        </button>
        <span className="decline-bar-end">
          {settings && (
            <DeclineSettingsPopover
              projectId={props.projectId}
              settings={settings}
              unitSystem={props.unitSystem}
            />
          )}
        </span>
      </div>
      {windowCheck && !windowCheck.ok && (
        <p className="field-error" role="alert" data-testid="decline-window-error">
          Fit window: {windowCheck.message}
        </p>
      )}
      {decline.fits.isError && (
        <p className="field-error" role="alert">
          The saved fits could not be read: {decline.fits.error.message}
        </p>
      )}
      {decline.runError && (
        <p className="field-error" role="alert" data-testid="decline-run-error">
          The fit could not be run: {decline.runError}
        </p>
      )}
      {!fit && !decline.running && decline.fits.isSuccess && (
        <p className="muted decline-empty" data-testid="decline-empty">
          No {STREAM_LABEL[stream].toLowerCase()} fit saved for this well. “Fit” fits the{' '}
          {props.frequency} rates from the peak to the last producing day, or the window you choose.
        </p>
      )}
      {fit && draft && (
        <>
          <div className="decline-row">
            <ParameterFields draft={draft} rateUnit={units.rate} onEdit={decline.editParameter} />
            <span className="decline-save muted" role="status" data-testid="decline-save-state">
              {hasErrors(draft) ? 'Not saved: fix the field' : saveText(decline.saveState)}
            </span>
            <label className="date-field decline-row-end">
              <span>Forecast shown</span>
              <select
                className="decline-select"
                value={horizonValue(props.horizon)}
                data-testid="decline-horizon"
                onChange={(event) => {
                  const { value } = event.target;
                  props.onHorizon(
                    value === 'end' ? null : value === 'share' ? value : Number(value),
                  );
                }}
              >
                {HORIZONS.map((horizon) => (
                  <option key={horizon.label} value={horizonValue(horizon.days)}>
                    {horizon.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="decline-row">
            <FitResults
              fit={fit}
              preview={props.preview}
              units={units}
              economicLimit={settings?.economicLimit[stream] ?? null}
              maxYears={settings?.maxYears ?? null}
              running={decline.running}
              onRefit={refit}
            />
            {props.preview && <ForecastMonths preview={props.preview} units={units} />}
            <span className="decline-row-end">
              <ForecastCsvButton input={props.csv} />
              <button
                type="button"
                className="well-button"
                title={`Delete the saved ${STREAM_LABEL[stream].toLowerCase()} fit`}
                data-testid="decline-delete"
                onClick={() => void decline.remove()}
              >
                Remove fit
              </button>
            </span>
          </div>
        </>
      )}
      <FitHistory
        projectId={props.projectId}
        wellId={props.wellId}
        stream={stream}
        units={units}
        onRestored={decline.adopt}
      />
    </section>
  );
}

function saveText(state: ReturnType<typeof useDecline>['saveState']): string {
  switch (state.kind) {
    case 'idle':
      return 'Saved';
    case 'waiting':
      return 'Unsaved changes…';
    case 'saving':
      return 'Saving…';
    case 'error':
      return `Not saved: ${state.message}`;
  }
}
