import { useId, useState } from 'react';
import type { WellEventView } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { IsoDateInput } from '../../shell/IsoDateInput.js';
import { draftOf, draftProblems, type EventDraft } from './event-draft.js';

/**
 * Record a new event on a well, or change one: its days (or "still going on"), its reason
 * from the project's list, and a note. Saved on this computer at once, sent with the next
 * sync.
 */
export function EventForm(props: {
  projectId: string;
  wellId: string;
  event: WellEventView | null;
  categories: readonly string[];
  today: string;
  onDone: (saved: WellEventView | null) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(props.event, props.categories, props.today));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = draftProblems(draft);
  const shown = tried ? problems : {};
  // A reason no longer on the project's list stays choosable for the event that has it.
  const reasons =
    props.categories.includes(draft.category) || draft.category === ''
      ? props.categories
      : [draft.category, ...props.categories];

  async function save() {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await send('well-event-save', {
        projectId: props.projectId,
        wellId: props.wellId,
        ...(props.event ? { id: props.event.id } : {}),
        startDate: draft.startDate,
        endDate: draft.ongoing ? null : draft.endDate,
        category: draft.category,
        note: draft.note,
      });
      props.onDone(saved);
    } catch (caught) {
      setError(`The event was not saved: ${(caught as Error).message}`);
    } finally {
      setSaving(false);
    }
  }

  const describedBy = (field: keyof EventDraft) =>
    shown[field] ? `${id}-${field}-error` : undefined;
  return (
    <form
      className="event-form"
      aria-label={props.event ? 'Change the event' : 'Record an event'}
      data-testid="event-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="event-field">
        <span>Reason</span>
        <select
          value={draft.category}
          onChange={(event) => setDraft({ ...draft, category: event.target.value })}
          aria-invalid={shown.category ? true : undefined}
          aria-describedby={describedBy('category')}
          data-testid="event-category"
        >
          {reasons.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
      </label>
      <label className="event-field date-field">
        <span>First day</span>
        <IsoDateInput
          value={draft.startDate}
          onValue={(startDate) => setDraft({ ...draft, startDate })}
          aria-invalid={shown.startDate ? true : undefined}
          aria-describedby={describedBy('startDate')}
          data-testid="event-start"
        />
      </label>
      <label className="event-field date-field">
        <span>Last day</span>
        <IsoDateInput
          value={draft.ongoing ? '' : draft.endDate}
          disabled={draft.ongoing}
          onValue={(endDate) => setDraft({ ...draft, endDate })}
          aria-invalid={shown.endDate ? true : undefined}
          aria-describedby={describedBy('endDate')}
          data-testid="event-end"
        />
      </label>
      <label className="event-check">
        <input
          type="checkbox"
          checked={draft.ongoing}
          onChange={(event) => setDraft({ ...draft, ongoing: event.target.checked })}
          data-testid="event-ongoing"
        />
        Still going on
      </label>
      <label className="event-field event-note">
        <span>Note</span>
        <textarea
          value={draft.note}
          maxLength={2000}
          rows={2}
          onChange={(event) => setDraft({ ...draft, note: event.target.value })}
          data-testid="event-note"
        />
      </label>
      <div className="event-actions">
        <button
          type="submit"
          className="well-button primary"
          disabled={saving}
          data-testid="event-save"
        >
          {props.event ? 'Save changes' : 'Record event'}
        </button>
        <button type="button" className="well-button" onClick={() => props.onDone(null)}>
          Cancel
        </button>
      </div>
      {(Object.keys(shown) as Array<keyof EventDraft>).map((field) => (
        <p key={field} id={`${id}-${field}-error`} className="range-error" role="alert">
          {shown[field]}
        </p>
      ))}
      {error && (
        <p className="range-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
