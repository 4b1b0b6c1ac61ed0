import { useId, useState } from 'react';
import { STANDARD_EVENT_CATEGORIES } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';

/** The project's list of reasons, one a line; events already recorded keep theirs. */
export function ReasonsEditor(props: {
  projectId: string;
  categories: readonly string[];
  onDone: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(props.categories.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  async function save() {
    setError(null);
    try {
      await send('well-event-categories-save', { projectId: props.projectId, categories: lines });
      props.onDone();
    } catch (caught) {
      setError((caught as Error).message);
    }
  }
  return (
    <form
      className="event-form events-reasons"
      aria-label="The project's reasons"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="event-field" htmlFor={`${id}-reasons`}>
        <span>Reasons, one a line (events already recorded keep theirs)</span>
      </label>
      <textarea
        id={`${id}-reasons`}
        rows={Math.min(12, Math.max(4, lines.length + 1))}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="events-reasons-text"
      />
      <div className="event-actions">
        <button type="submit" className="well-button primary" data-testid="events-reasons-save">
          Save reasons
        </button>
        <button
          type="button"
          className="well-button"
          onClick={() => setText(STANDARD_EVENT_CATEGORIES.join('\n'))}
        >
          Standard list
        </button>
        <button type="button" className="well-button" onClick={props.onDone}>
          Cancel
        </button>
      </div>
      {error && (
        <p className="range-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
