/** Small display helpers shared by the shell and pages. */

import { formatWellIdentifier } from '#shared/wells/well-identifier.js';

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// Built once: toLocaleString builds a formatter per call, and counts are formatted on
// every render of the wells table (every scrolled frame).
const COUNT = new Intl.NumberFormat('en-US');

/** A count, or "—" where the server did not say (a project without wellCount). */
export function formatCount(value: number | null): string {
  return value === null ? '—' : COUNT.format(value);
}

/**
 * A well identifier as its authority writes it (US API with dashes, Canadian UWI in DLS or NTS
 * form; shared/wells/well-identifier.ts), anything else as typed; "—" when there is none.
 */
export function formatApiNumber(api: string | null): string {
  if (!api) return '—';
  return formatWellIdentifier(api) || '—';
}

export const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  inactive: 'Inactive',
  shut_in: 'Shut in',
};
export const TYPE_LABEL: Record<string, string> = {
  producer: 'Producer',
  injector: 'Injector',
  observer: 'Observer',
  swd: 'SWD',
};

/** What a well's status or type shows as when the service did not send it (docs/compatibility.md). */
export const UNKNOWN_LABEL = 'Unknown';

export function statusLabel(status: string | null): string {
  return status === null ? UNKNOWN_LABEL : (STATUS_LABEL[status] ?? status);
}

export function typeLabel(type: string | null): string {
  return type === null ? UNKNOWN_LABEL : (TYPE_LABEL[type] ?? type);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A moment in local time as "10:42" today, "28 Nov 10:42" this year, "28 Nov 2023 10:42"
 * before. Day before month in words and a 24-hour clock, whatever the laptop's locale, like
 * the ISO days elsewhere (sync/dates.ts): it cannot be misread as month-first.
 */
export function formatMoment(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (date.toDateString() === now.toDateString()) return time;
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === now.getFullYear()
    ? `${day} ${time}`
    : `${day} ${date.getFullYear()} ${time}`;
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/** Bytes as storage is counted on a laptop (1 KB = 1,024 bytes): "512 B", "3.4 MB", "2 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${COUNT.format(bytes)} B`;
  // One decimal under 10 (3.4 MB), none above (340 MB), none when whole (2 GB).
  const round = (value: number) => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value));
  let value = bytes / 1024;
  let unit = 0;
  // Rounded first: 1,023.7 KB reads as 1 MB, not 1,024 KB.
  while (round(value) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${COUNT.format(round(value))} ${SIZE_UNITS[unit]}`;
}
