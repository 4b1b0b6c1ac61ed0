/** Small display helpers shared by the shell and pages. */

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

/** 42301312340000 → 42-301-31234-00-00; dashes as given are kept. */
export function formatApiNumber(api: string | null): string {
  if (!api) return '—';
  if (api.includes('-')) return api;
  const parts = [
    api.slice(0, 2),
    api.slice(2, 5),
    api.slice(5, 10),
    api.slice(10, 12),
    api.slice(12, 14),
  ];
  return parts.filter(Boolean).join('-');
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
