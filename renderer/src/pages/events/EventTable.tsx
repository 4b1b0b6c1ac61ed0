import { useState } from 'react';
import type { WellEventView } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { daysOf, EVENT_STATE_LABEL, spanText } from './event-text.js';

/**
 * Events as a table: reason, days, note and where each stands, with Change and Delete. A
 * delete asks once more in the row itself (no dialog to lose focus to).
 */
export function EventTable(props: {
  projectId: string;
  events: readonly WellEventView[];
  today: string;
  /** The project's list names each event's well; the well page does not. */
  showWell?: boolean;
  onOpenWell?: (wellId: string) => void;
  onChange: (event: WellEventView) => void;
  caption: string;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function remove(event: WellEventView) {
    setError(null);
    try {
      await send('well-event-delete', { projectId: props.projectId, id: event.id });
      setConfirming(null);
    } catch (caught) {
      setError(`The event was not deleted: ${(caught as Error).message}`);
    }
  }
  return (
    <>
      {error && (
        <p className="range-error" role="alert">
          {error}
        </p>
      )}
      <div className="table-wrap">
        <table className="data-table event-table" data-testid="event-table">
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              {props.showWell && <th scope="col">Well</th>}
              <th scope="col">Reason</th>
              <th scope="col">Days</th>
              <th scope="col" className="num">
                Length
              </th>
              <th scope="col">Note</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.events.map((event) => (
              <tr key={event.id} data-testid="event-row" data-event-id={event.id}>
                {props.showWell && (
                  <td>
                    <button
                      type="button"
                      className="link-like"
                      onClick={() => props.onOpenWell?.(event.wellId)}
                    >
                      <bdi>{event.wellName}</bdi>
                    </button>
                  </td>
                )}
                <th scope="row">{event.category}</th>
                <td>{spanText(event)}</td>
                <td className="num">{daysOf(event, props.today)} d</td>
                <td className="event-note-cell">{event.note}</td>
                <td>
                  {EVENT_STATE_LABEL[event.state]}
                  {event.error && (
                    <span className="range-error" title={event.error}>
                      {' '}
                      · refused: {event.error}
                    </span>
                  )}
                </td>
                <td className="event-row-actions">
                  {confirming === event.id ? (
                    <>
                      <button
                        type="button"
                        className="well-button danger"
                        onClick={() => void remove(event)}
                        data-testid="event-delete-confirm"
                      >
                        Delete this event
                      </button>
                      <button
                        type="button"
                        className="well-button"
                        onClick={() => setConfirming(null)}
                      >
                        Keep
                      </button>
                    </>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="well-button"
                        onClick={() => props.onChange(event)}
                        aria-label={`Change the ${event.category} event, ${spanText(event)}`}
                        data-testid="event-change"
                      >
                        Change
                      </button>
                      <button
                        type="button"
                        className="well-button"
                        onClick={() => setConfirming(event.id)}
                        aria-label={`Delete the ${event.category} event, ${spanText(event)}`}
                        data-testid="event-delete"
                      >
                        Delete
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
