import { useId } from 'react';
import { ALL_HISTORY_FROM, type RangePreset } from '../../sync/download-estimate.js';

const PRESETS: Array<[RangePreset, string]> = [
  ['1y', 'Last year'],
  ['5y', 'Last 5 years'],
  ['all', 'All history'],
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
          <input
            id={ids.from}
            type="date"
            min={ALL_HISTORY_FROM}
            max={range.to}
            value={range.from}
            disabled={disabled}
            onChange={(event) =>
              event.target.value && onCustom({ ...range, from: event.target.value })
            }
            data-testid="download-from"
          />
          <label htmlFor={ids.to}>to</label>
          <input
            id={ids.to}
            type="date"
            min={range.from}
            value={range.to}
            disabled={disabled}
            onChange={(event) =>
              event.target.value && onCustom({ ...range, to: event.target.value })
            }
            data-testid="download-to"
          />
        </div>
      )}
    </div>
  );
}
