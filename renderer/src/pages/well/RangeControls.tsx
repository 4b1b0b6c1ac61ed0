import { useEffect, useMemo, useState } from 'react';
import { IsoDateInput } from '../../shell/IsoDateInput.js';
import { checkCustomRange, PRESET_KEYS, type IsoRange, type Preset } from './date-range.js';

/** Typing a date fires a change per digit; wait for a pause before reading production. */
const APPLY_DELAY_MS = 500;

/**
 * The date range: presets counted back from today, and two date inputs that always show
 * the range in force. Editing them switches to a custom range once both dates are valid
 * and in order; until then the charts keep the last good range and a message says why.
 */
export function RangeControls(props: {
  range: IsoRange;
  preset: Preset | null;
  onPreset: (preset: Preset) => void;
  onCustom: (range: IsoRange) => void;
}) {
  const { range, onCustom } = props;
  const [draft, setDraft] = useState(range);
  // Follow the range in force when it changes from outside (a preset, "Show all").
  const [followed, setFollowed] = useState(range);
  if (followed.from !== range.from || followed.to !== range.to) {
    setFollowed(range);
    setDraft(range);
  }
  const check = useMemo(() => checkCustomRange(draft.from, draft.to), [draft.from, draft.to]);

  useEffect(() => {
    if (!check.ok) return;
    if (check.range.from === range.from && check.range.to === range.to) return;
    const timer = setTimeout(() => onCustom(check.range), APPLY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [check, range.from, range.to, onCustom]);

  return (
    <div className="range-controls">
      <div className="segmented" role="group" aria-label="Date range">
        {PRESET_KEYS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={props.preset === key}
            data-testid={`range-${key.toLowerCase()}`}
            onClick={() => props.onPreset(key)}
          >
            {key}
          </button>
        ))}
      </div>
      <label className="date-field">
        <span>From</span>
        <IsoDateInput
          value={draft.from}
          max={draft.to || undefined}
          aria-invalid={!check.ok}
          data-testid="range-from"
          onValue={(from) => setDraft({ ...draft, from })}
        />
      </label>
      <label className="date-field">
        <span>To</span>
        <IsoDateInput
          value={draft.to}
          min={draft.from || undefined}
          aria-invalid={!check.ok}
          data-testid="range-to"
          onValue={(to) => setDraft({ ...draft, to })}
        />
      </label>
      {!check.ok && (
        <span className="range-error" role="alert" data-testid="range-error">
          {check.message}
        </span>
      )}
    </div>
  );
}
