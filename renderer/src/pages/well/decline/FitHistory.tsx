import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  DeclineFitHistoryEntry,
  DeclineFitSource,
  DeclineStream,
  SavedDeclineFit,
} from '#shared/desktop/index.js';
import type { DeclineModel } from '#shared/decline/index.js';
import { send } from '#renderer/bridge/bridge.js';
import { declineQueries } from '#renderer/queries/decline-keys.js';
import { formatTime } from '#renderer/shell/format.js';
import { MODEL_LABEL } from './model-label.js';
import { FIELD_LABELS, fieldsOf, fieldValue, formatField } from './parameters.js';
import type { StreamUnits } from './stream-units.js';

export const SOURCE_LABEL: Record<DeclineFitSource, string> = {
  'manual-edit': 'Edited by hand',
  'forecast-all': 'Forecast all wells',
  'single-well-fit': 'Fitted on the well page',
  restore: 'Restored',
  'before-history': 'Saved before fits had a history',
};

const volume = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Every fit saved for the well's stream, the latest first: when, who (an edit by hand,
 * Forecast all wells, a fit on this page, a restore), its basis (daily or monthly rates
 * over which window) and its parameters. "Restore" saves an earlier one as the current
 * fit, exactly as it was (recorded in the history as a restore), so a fit replaced by a
 * run over the project is never lost.
 */
export function FitHistory(props: {
  projectId: string;
  wellId: string;
  stream: DeclineStream;
  units: StreamUnits;
  onRestored: (fit: SavedDeclineFit) => void;
}) {
  const { projectId, wellId, stream } = props;
  const client = useQueryClient();
  const history = useQuery(declineQueries.history(projectId, wellId, stream));
  const [restoring, setRestoring] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const entries = history.data?.entries ?? [];

  async function restore(entry: DeclineFitHistoryEntry) {
    setRestoring(entry.id);
    setError(null);
    try {
      const saved = await send('decline-fit-restore', {
        projectId,
        wellId,
        stream,
        entryId: entry.id,
      });
      props.onRestored(saved);
      await client.invalidateQueries({ queryKey: declineQueries.wellHistories(projectId, wellId) });
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setRestoring(null);
    }
  }

  if (history.isError) {
    return (
      <p className="field-error" role="alert">
        The fit history could not be read: {history.error.message}
      </p>
    );
  }
  if (entries.length === 0) return null;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (
    <details className="decline-history" data-testid="decline-history">
      <summary>Fit history ({entries.length})</summary>
      {error && (
        <p className="field-error" role="alert" data-testid="decline-history-error">
          The fit could not be restored: {error}
        </p>
      )}
      <ol aria-label="Fit history">
        {entries.map((entry) => {
          const when = formatTime(entry.recordedAt);
          const from = entry.restoredFrom === null ? undefined : byId.get(entry.restoredFrom);
          return (
            <li key={entry.id} data-testid="decline-history-entry" data-entry={entry.id}>
              <span className="decline-history-when">{when}</span>
              <span className="decline-history-who">
                {SOURCE_LABEL[entry.source]}
                {from && ` (the fit of ${formatTime(from.recordedAt)})`}
              </span>
              <span className="muted">{basisText(entry)}</span>
              <span className="mono">{modelText(entry, props.units)}</span>
              {entry.current ? (
                <span className="decline-badge edited">current</span>
              ) : (
                <button
                  type="button"
                  className="well-button"
                  disabled={restoring !== null}
                  aria-label={`Restore the fit saved ${when}`}
                  onClick={() => void restore(entry)}
                >
                  {restoring === entry.id ? 'Restoring…' : 'Restore'}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/** "Daily rates, 2022-01-01 to 2023-11-30 (window chosen)". */
export function basisText(entry: DeclineFitHistoryEntry): string {
  const rates = entry.frequency === 'daily' ? 'Daily rates' : 'Monthly rates';
  const chosen = entry.windowChosen ? ' (window chosen)' : '';
  return `${rates}, ${entry.window.from} to ${entry.window.to}${chosen}`;
}

/** "Hyperbolic: qi 812.5 bbl/d · Di secant effective 62.4 %/yr · b 0.83 · EUR 412,000 bbl". */
export function modelText(entry: DeclineFitHistoryEntry, units: StreamUnits): string {
  const model = entry.model as DeclineModel;
  const parts = fieldsOf(model)
    .filter((field) => field !== 'diNominal' && field !== 'diTangent')
    .map((field) => {
      const value = formatField(field, fieldValue(model, field));
      const unit = field === 'qi' ? ` ${units.rate}` : field === 'b' ? '' : ' %/yr';
      return `${FIELD_LABELS[field]} ${value}${unit}`;
    });
  if (entry.origin === 'edited') parts.push('edited');
  if (entry.eur !== null) parts.push(`EUR ${volume.format(entry.eur)} ${units.volume}`);
  return `${MODEL_LABEL[model.kind]}: ${parts.join(' · ')}`;
}
