import { screeningText } from './screening-text.js';
import type { ScreeningFill } from './use-screening-fill.js';

/**
 * The wells table's word on the screening fill (progress, cancelled, failed, how old
 * offline), with the one action that fits: Cancel while it runs, Resume once cancelled
 * or failed (the core then fetches only what is still missing).
 */
export function ScreeningNote({ fill, offline }: { fill: ScreeningFill; offline: boolean }) {
  const text = screeningText(fill.status, fill.error, offline);
  if (text === null) return null;
  const state = fill.status?.state;
  const action =
    state === 'running'
      ? { label: 'Cancel', run: fill.cancel, title: 'Stop updating; what was fetched is kept' }
      : (state === 'cancelled' || state === 'failed' || fill.error !== null) && !offline
        ? {
            label: 'Resume',
            run: fill.resume,
            title: 'Update the wells still missing or out of date',
          }
        : null;
  return (
    <span className="screening-note" data-testid="screening-status">
      {' '}
      · {text}
      {action && (
        <>
          {' '}
          <button
            type="button"
            className="screening-action"
            onClick={action.run}
            title={action.title}
            data-testid="screening-action"
          >
            {action.label}
          </button>
        </>
      )}
    </span>
  );
}
