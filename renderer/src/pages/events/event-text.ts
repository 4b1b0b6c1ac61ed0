import type { WellEventState, WellEventView } from '#shared/desktop/index.js';
import { csvText, type CsvValue } from '#shared/csv/csv-writer.js';

/** Well events in words: the lists, the well page and the CSV call each thing this way. */

export const EVENT_STATE_LABEL: Record<WellEventState, string> = {
  synced: 'On the server',
  pending: 'Waiting to sync',
  deleted: 'Deleting',
  local: 'On this computer only',
};

/** "2026-03-01 – 2026-03-04", "2026-03-01", "from 2026-03-01, still going on". */
export function spanText(event: Pick<WellEventView, 'startDate' | 'endDate'>): string {
  if (event.endDate === null) return `from ${event.startDate}, still going on`;
  if (event.endDate === event.startDate) return event.startDate;
  return `${event.startDate} – ${event.endDate}`;
}

/** Days covered, both ends included; up to `today` for an event still going on. */
export function daysOf(event: Pick<WellEventView, 'startDate' | 'endDate'>, today: string): number {
  const end = event.endDate ?? (today > event.startDate ? today : event.startDate);
  return Math.round((Date.parse(end) - Date.parse(event.startDate)) / 86_400_000) + 1;
}

/** What the app says when the server keeps no events. */
export const NOT_SHARED_TEXT =
  'This server has no place for well events: they are kept on this computer only and are not ' +
  'shared. Export them as CSV to pass them on; Import CSV reads them on another computer.';

export const EVENTS_CSV_HEADER: CsvValue[] = [
  'Event ID',
  'Well',
  'Well ID',
  'Start',
  'End',
  'Reason',
  'Note',
  'State',
  'Changed at (UTC)',
];

/**
 * The events as a CSV the Import CSV button reads back (on this computer or another): a line
 * per event, the end empty while it goes on.
 */
export function eventsCsv(events: readonly WellEventView[]): string {
  return csvText([
    EVENTS_CSV_HEADER,
    ...events.map((event): CsvValue[] => [
      event.id,
      event.wellName,
      event.wellId,
      event.startDate,
      event.endDate ?? '',
      event.category,
      event.note,
      EVENT_STATE_LABEL[event.state],
      event.updatedAt,
    ]),
  ]);
}
