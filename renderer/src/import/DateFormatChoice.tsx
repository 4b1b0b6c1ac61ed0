import { useId } from 'react';
import type { DateFormat } from '../../../shared/csv/index.js';
import type { AmbiguousDate } from './use-import-preview.js';

/** The dates fit more than one format: the person says which, before anything is imported. */
export function DateFormatChoice(props: {
  ambiguity: AmbiguousDate;
  value: DateFormat | undefined;
  disabled: boolean;
  onChange: (format: DateFormat) => void;
}) {
  const name = useId();
  const samples = props.ambiguity.samples.slice(0, 3).join(', ');
  return (
    <fieldset
      className={`import-date-choice${props.value ? '' : ' needs-answer'}`}
      data-testid="date-format-choice"
    >
      <legend>Which date format does this file use?</legend>
      <p className="import-date-samples">
        Dates such as <span className="mono">{samples}</span> read either way.
      </p>
      <div className="import-date-options">
        {props.ambiguity.candidates.map((format, i) => (
          <label key={format} className="import-radio">
            <input
              type="radio"
              name={name}
              value={format}
              checked={props.value === format}
              disabled={props.disabled}
              onChange={() => props.onChange(format)}
              data-testid={`date-format-${format}`}
            />
            <span>{props.ambiguity.labels[i] ?? format}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
