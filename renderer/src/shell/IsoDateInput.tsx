import { useRef, type InputHTMLAttributes } from 'react';
import './iso-date-input.css';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date field that reads and writes YYYY-MM-DD, the one date format of the app, whatever
 * the laptop's locale (a native date input shows 03/05/2024 in one country and 05/03/2024
 * in the next). Typed text is passed on as typed, for the caller's own check; the calendar
 * button opens the browser's own date picker, whose choice lands here as YYYY-MM-DD.
 */
export function IsoDateInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
    value: string;
    onValue: (value: string) => void;
  },
) {
  const { value, onValue, min, max, disabled, ...rest } = props;
  const picker = useRef<HTMLInputElement>(null);
  return (
    <span className="iso-date">
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        placeholder="YYYY-MM-DD"
        pattern="\d{4}-\d{2}-\d{2}"
        maxLength={10}
        spellCheck={false}
        autoComplete="off"
        value={value}
        disabled={disabled}
        onChange={(event) => onValue(event.target.value)}
      />
      <button
        type="button"
        className="iso-date-calendar"
        aria-label="Choose a date on a calendar"
        title="Choose a date on a calendar"
        disabled={disabled}
        onClick={() => picker.current?.showPicker()}
      >
        <span aria-hidden="true">▦</span>
      </button>
      <input
        ref={picker}
        className="iso-date-picker"
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={ISO_DAY.test(value) ? value : ''}
        min={min}
        max={max}
        disabled={disabled}
        onChange={(event) => event.target.value && onValue(event.target.value)}
      />
    </span>
  );
}
