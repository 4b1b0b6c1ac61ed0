import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  DECLINE_STREAMS,
  type DeclineFrequency,
  type DeclineStream,
  type ForecastAllListed,
} from '#shared/desktop/index.js';
import { send } from '#renderer/bridge/bridge.js';
import { Dialog } from '#renderer/dialogs/Dialog.js';
import { openDialog } from '#renderer/dialogs/open-dialog.js';
import { declineQueries } from '#renderer/queries/decline-keys.js';
import '#renderer/dialogs/download/download-dialog.css';
import { STREAM_LABEL } from '../../well/decline/stream-units.js';
import {
  keptText,
  laterStatus,
  outcomeText,
  plural,
  progressPercent,
  progressText,
} from './forecast-all-text.js';

const FREQUENCY_LABEL: Record<DeclineFrequency, string> = {
  monthly: 'Monthly rates',
  daily: 'Daily rates',
};
/** Monthly first: the default. */
const FREQUENCY_ORDER: DeclineFrequency[] = ['monthly', 'daily'];

/**
 * "Forecast all wells": fits every well of the project in the core (its model, window and
 * settings as on the well page), with a progress bar and Cancel; when it ends, the fits it
 * kept (edited by hand or saved on another basis, unless the person chose to replace
 * them), the poor fits and the skipped wells with their reasons, each well a link to its
 * page, and "Download production" for wells this computer holds no production of.
 */
export function ForecastAllDialog(props: { projectId: string; onClose: () => void }) {
  const { projectId } = props;
  const client = useQueryClient();
  const status = useQuery(declineQueries.forecastAll(projectId)).data;
  const [stream, setStream] = useState<DeclineStream>(status?.stream ?? 'oil');
  // Monthly by default: the usual basis of a field-wide forecast, and quick; daily for
  // wells whose daily history is what the person trusts.
  const [frequency, setFrequency] = useState<DeclineFrequency>('monthly');
  // Off by default: a fit the person tuned, or saved on other rates or a chosen window, is
  // their work; the run keeps it and says so unless they ask for it to be replaced.
  const [replaceKept, setReplaceKept] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = status?.state === 'running';
  const ended = status && status.state !== 'idle' && status.state !== 'running';

  async function call(name: 'forecast-all-start' | 'forecast-all-cancel') {
    setError(null);
    try {
      const next =
        name === 'forecast-all-start'
          ? await send(name, { projectId, stream, frequency, replaceKept })
          : await send(name, { projectId });
      // Progress events can arrive before this reply (a small project is done at once):
      // the reply must not put a finished run back to "running".
      client.setQueryData(declineQueries.forecastAll(projectId).queryKey, (previous) =>
        laterStatus(previous, next),
      );
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  return (
    <Dialog
      title="Forecast all wells"
      subtitle="Fits a decline to every well of the project with the project's forecast settings; each fit is saved as on the well page, and the fit it replaces stays in the well's fit history."
      testId="forecast-all"
      onClose={props.onClose}
      footer={
        running ? (
          <button
            type="button"
            className="well-button"
            data-testid="forecast-all-cancel"
            onClick={() => void call('forecast-all-cancel')}
          >
            Cancel
          </button>
        ) : (
          <>
            <button type="button" className="well-button" onClick={props.onClose}>
              Close
            </button>
            <button
              type="button"
              className="well-button primary"
              data-testid="forecast-all-start"
              onClick={() => void call('forecast-all-start')}
            >
              {ended ? 'Run again' : 'Start'}
            </button>
          </>
        )
      }
    >
      <div className="forecast-all-body">
        <div className="segmented" role="group" aria-label="Stream to forecast">
          {DECLINE_STREAMS.map((value) => (
            <button
              key={value}
              type="button"
              disabled={running}
              aria-pressed={stream === value}
              data-testid={`forecast-all-stream-${value}`}
              onClick={() => setStream(value)}
            >
              {STREAM_LABEL[value]}
            </button>
          ))}
        </div>
        <div className="segmented" role="group" aria-label="Rates to fit">
          {FREQUENCY_ORDER.map((value) => (
            <button
              key={value}
              type="button"
              disabled={running}
              aria-pressed={frequency === value}
              data-testid={`forecast-all-frequency-${value}`}
              onClick={() => setFrequency(value)}
            >
              {FREQUENCY_LABEL[value]}
            </button>
          ))}
        </div>
        <div className="forecast-all-replace">
          <label>
            <input
              type="checkbox"
              checked={replaceKept}
              disabled={running}
              data-testid="forecast-all-replace"
              onChange={(event) => setReplaceKept(event.target.checked)}
            />{' '}
            Replace fits edited by hand or saved on another basis
          </label>
        </div>
        {error && (
          <p className="progress-note progress-bad" role="alert">
            {error}
          </p>
        )}
        {status && status.state !== 'idle' && (
          <div
            className={`download-progress state-${status.state}`}
            data-testid="forecast-all-progress"
            data-state={status.state}
          >
            <div className="progress-head">
              <span className="progress-title" data-testid="forecast-all-text">
                {running ? progressText(status) : outcomeText(status)}
              </span>
            </div>
            <div
              className="progress-track"
              role="progressbar"
              aria-label="Forecast progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progressPercent(status)}
            >
              <div className="progress-fill" style={{ width: `${progressPercent(status)}%` }} />
            </div>
            {!running && (
              <>
                {keptText(status) && (
                  <p className="progress-note" data-testid="forecast-all-kept-text">
                    {keptText(status)}
                  </p>
                )}
                <WellList
                  projectId={projectId}
                  testId="forecast-all-kept"
                  title={`${plural(status.kept.length, 'fit', 'fits')} kept`}
                  wells={status.kept}
                  onOpen={props.onClose}
                />
                <WellList
                  projectId={projectId}
                  testId="forecast-all-poor"
                  title={`${plural(status.poor.length, 'poor fit', 'poor fits')}`}
                  wells={status.poor}
                  onOpen={props.onClose}
                />
                <WellList
                  projectId={projectId}
                  testId="forecast-all-skipped"
                  title={`${plural(status.skipped.length, 'well', 'wells')} skipped`}
                  wells={status.skipped}
                  onOpen={props.onClose}
                />
                {status.notWhole > 0 && (
                  <p className="progress-note" data-testid="forecast-all-not-whole">
                    Offline: {plural(status.notWhole, "well's", "wells'")} history is not complete
                    on this computer; {status.notWhole === 1 ? 'it was' : 'they were'} fitted on the
                    days that are here.
                  </p>
                )}
                {status.missingProduction > 0 && (
                  <p className="progress-note" data-testid="forecast-all-missing">
                    {plural(status.missingProduction, 'well has', 'wells have')} no production on
                    this computer.{' '}
                    <button
                      type="button"
                      className="well-button"
                      data-testid="forecast-all-download"
                      onClick={() => {
                        props.onClose();
                        openDialog({ kind: 'download', projectId });
                      }}
                    >
                      Keep on this computer
                    </button>
                  </p>
                )}
              </>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}

function WellList(props: {
  projectId: string;
  testId: string;
  title: string;
  wells: readonly ForecastAllListed[];
  onOpen: () => void;
}) {
  if (props.wells.length === 0) return null;
  return (
    <details className="progress-failures" data-testid={props.testId}>
      <summary>{props.title}</summary>
      <ul>
        {props.wells.map((well) => (
          <li key={well.wellId}>
            <Link href={`/projects/${props.projectId}/wells/${well.wellId}`} onClick={props.onOpen}>
              {well.wellName}
            </Link>
            : {well.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
