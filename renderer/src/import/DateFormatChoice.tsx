import { useId } from 'react';
import {
  DATE_FORMAT_EXAMPLES,
  DATE_FORMAT_LABELS,
  DATE_FORMATS,
  parseDate,
  type DateFormat,
} from '#shared/csv/index.js';
import type { AmbiguousDate } from './use-import-preview.js';

/**
 * How the file writes its dates, always shown with the mapping: the format
 * read from the dates can be wrong (a US file whose days are all ≤ 12, a
 * column of serials that are really counters), so the person can always pick
 * another. When the dates fit more than one format, nothing is imported
 * until the person says which.
 */
export function DateFormatChoice(props: {
  /** The format the preview read the dates in (detected, saved or chosen). */
  detected: DateFormat | null;
  ambiguity: AmbiguousDate | null;
  /** The person's own choice, if any. */
  value: DateFormat | undefined;
  /** A few cells of the date column, as written. */
  samples: readonly string[];
  disabled: boolean;
  onChange: (format: DateFormat) => void;
}) {
  const id = useId();
  const current = props.value ?? props.detected ?? undefined;
  const asking = Boolean(props.ambiguity) && props.value === undefined;
  const fits = new Set(props.ambiguity?.candidates ?? []);
  const samples = (props.ambiguity?.samples ?? props.samples).slice(0, 3).join(', ');
  return (
    <fieldset
      className={`import-date-choice${asking ? ' needs-answer' : ''}`}
      data-testid="date-format-choice"
    >
      <legend>Date format</legend>
      <div className="import-date-row">
        <label htmlFor={id} className="import-date-label">
          Dates in this file are written
        </label>
        <select
          id={id}
          title={current ? DATE_FORMAT_EXAMPLES[current].join(', ') : undefined}
          className="import-select import-date-select"
          value={current ?? ''}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.value as DateFormat)}
          data-testid="date-format-select"
        >
          {current === undefined && (
            <option value="" disabled>
              Choose the format…
            </option>
          )}
          {DATE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {DATE_FORMAT_LABELS[format]} · {DATE_FORMAT_EXAMPLES[format][0]}
              {fits.has(format) ? ' (fits these dates)' : ''}
            </option>
          ))}
        </select>
      </div>
      {samples !== '' && (
        <p className="import-date-samples" data-testid="date-format-note">
          {asking ? (
            <>
              Dates such as <span className="mono">{samples}</span> read more than one way: choose
              the format before importing.
            </>
          ) : current === undefined ? (
            <>
              No cell such as <span className="mono">{samples}</span> reads as a date: choose the
              format, or map another column to Date.
            </>
          ) : (
            <>
              {readings(props.samples, current)}
              {props.value ? ' (as you chose).' : ' (format read from the dates).'}
            </>
          )}
        </p>
      )}
    </fieldset>
  );
}

/** `24-Oct-14 reads as 2014-10-24`: what the chosen format makes of the file's first dates. */
function readings(samples: readonly string[], format: DateFormat | undefined) {
  return samples.slice(0, 2).map((sample, i) => {
    const date = format ? parseDate(sample, format) : null;
    return (
      <span key={sample}>
        {i > 0 && ', '}
        <span className="mono">{sample}</span>
        {date ? (
          <>
            {i === 0 ? ' reads as ' : ' as '}
            <span className="mono">{date}</span>
          </>
        ) : (
          ' is not a date in this format'
        )}
      </span>
    );
  });
}
