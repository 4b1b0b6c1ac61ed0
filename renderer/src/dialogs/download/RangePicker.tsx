import { useId, useState } from 'react';
import { isCalendarDate } from '#shared/api/index.js';
import { IsoDateInput } from '../../shell/IsoDateInput.js';
import { ALL_HISTORY_FROM, type RangePreset } from '../../sync/download-estimate.js';

const PRESETS: Array<[RangePreset, string]> = [
  ['1y', 'Last year'],
  ['5y', 'Last 5 years'],
  ['all', 'Whole history'],
  ['custom', 'Custom'],
];

/** Presets for the usual trips, and two dates for anything else. */
export function RangePicker({
  preset,
  range,
  disabled,
  onPreset,
  onCustom,
}: {
  preset: RangePreset;
  range: { from: string; to: string };
  disabled: boolean;
  onPreset: (preset: RangePreset) => void;
  onCustom: (range: { from: string; to: string }) => void;
}) {
  const ids = { label: useId(), from: useId(), to: useId() };
  // What is typed, kept here until it is a whole date: only real dates reach the estimate.
  const [draft, setDraft] = useState(range);
  // A new range from above (a preset, the estimate) replaces the draft, during render as
  // React advises for state that follows a prop, so no frame shows the old draft.
  const [draftOf, setDraftOf] = useState(range);
  if (draftOf.from !== range.from || draftOf.to !== range.to) {
    setDraftOf(range);
    setDraft(range);
  }
  const type = (next: { from: string; to: string }) => {
    setDraft(next);
    if (isCalendarDate(next.from) && isCalendarDate(next.to)) onCustom(next);
  };
  return (
    <div className="field">
      <span className="field-label" id={ids.label}>
        Production dates
      </span>
      <div className="segmented-control" role="group" aria-labelledby={ids.label}>
        {PRESETS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={preset === value}
            disabled={disabled}
            onClick={() => onPreset(value)}
            data-testid={`download-range-${value}`}
          >
            {label}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <div className="date-pair">
          <label htmlFor={ids.from}>From</label>
          <IsoDateInput
            id={ids.from}
            min={ALL_HISTORY_FROM}
            max={range.to}
            value={draft.from}
            disabled={disabled}
            aria-invalid={!isCalendarDate(draft.from)}
            onValue={(from) => type({ ...draft, from })}
            data-testid="download-from"
          />
          <label htmlFor={ids.to}>to</label>
          <IsoDateInput
            id={ids.to}
            min={range.from}
            value={draft.to}
            disabled={disabled}
            aria-invalid={!isCalendarDate(draft.to)}
            onValue={(to) => type({ ...draft, to })}
            data-testid="download-to"
          />
        </div>
      )}
    </div>
  );
}
