import { addDays, daysInclusive, isCalendarDate } from '#shared/dates/iso-day.js';

// The UTC day of an instant; the chart's parts import it from here.
export { isoDay } from '#shared/dates/iso-day.js';

/**
 * The well page's date range: a preset counted back from today, or a custom pair of
 * dates the engineer typed. Dates are ISO `YYYY-MM-DD` strings throughout (they order
 * as strings, and production-get takes them as they are).
 */
export const PRESETS = { '3M': 91, '1Y': 365, '5Y': 1826, All: null } as const;
export type Preset = keyof typeof PRESETS;
export const PRESET_KEYS = Object.keys(PRESETS) as Preset[];

export interface IsoRange {
  from: string;
  to: string;
}

/** Used for "All" when the well has neither a first-production nor a spud date. */
const EARLIEST = '1990-01-01';
const EARLIEST_TYPED = '1900-01-01';
const LATEST_TYPED = '2100-12-31';

/** The range a preset stands for on `today` (UTC, like the API's dates). */
export function presetRange(preset: Preset, firstDate: string | null, today: string): IsoRange {
  const days = PRESETS[preset];
  if (days === null) {
    const first = firstDate ?? EARLIEST;
    return { from: first <= today ? first : today, to: today };
  }
  return { from: addDays(today, -days), to: today };
}

export type RangeCheck = { ok: true; range: IsoRange } | { ok: false; message: string };

/**
 * Checks a typed pair of dates. A date input gives '' while it is empty or
 * incomplete, so '' reads as "not entered yet" rather than as an invalid date.
 */
export function checkCustomRange(from: string, to: string): RangeCheck {
  if (from === '' || to === '')
    return { ok: false, message: 'Enter both a start and an end date.' };
  for (const [name, value] of [
    ['Start', from],
    ['End', to],
  ] as const) {
    if (!isCalendarDate(value))
      return { ok: false, message: `${name} date "${value}" is not a date written YYYY-MM-DD.` };
    // A date input reads year "2" as 0002 while the year is being typed.
    if (value < EARLIEST_TYPED || value > LATEST_TYPED) {
      return {
        ok: false,
        message: `${name} date ${value} is outside ${EARLIEST_TYPED} – ${LATEST_TYPED}.`,
      };
    }
  }
  if (from > to) {
    return {
      ok: false,
      message: `Start date ${from} is after end date ${to}: swap them or pick another.`,
    };
  }
  return { ok: true, range: { from, to } };
}

/** Days in [from, to], both included. */
export function rangeDays(range: IsoRange): number {
  return daysInclusive(range.from, range.to);
}

/**
 * A range handed over in the address (`?from=…&to=…`, e.g. by the sync panel's Edit),
 * taken once: the parameters are removed so the next well opens on its default range.
 */
export function takeAddressRange(): IsoRange | null {
  const params = new URLSearchParams(location.search);
  const from = params.get('from');
  const to = params.get('to');
  if (from === null || to === null) return null;
  params.delete('from');
  params.delete('to');
  const search = params.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
  );
  const check = checkCustomRange(from, to);
  return check.ok ? check.range : null;
}
