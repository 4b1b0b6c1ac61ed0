import type { WellEventView } from '#shared/desktop/index.js';
import { epochDay } from '#shared/production/index.js';
import { spanText } from './event-text.js';

/** A well event as the charts shade it: its days (epoch days, both included) and its words. */
export interface EventBand {
  id: string;
  from: number;
  /** Infinity for an event still going on: it is shaded to the window's end. */
  to: number;
  label: string;
}

export function eventBands(events: readonly WellEventView[]): EventBand[] {
  return events.map((event) => ({
    id: event.id,
    from: epochDay(event.startDate),
    to: event.endDate === null ? Infinity : epochDay(event.endDate),
    label: `${event.category}: ${spanText(event)}${event.note ? ` (${event.note})` : ''}`,
  }));
}

/**
 * The event a day is put down to, as lost production does: the latest to start of those
 * covering it; undefined when none does.
 */
export function eventCovering(
  latestFirst: readonly WellEventView[],
  date: string,
): WellEventView | undefined {
  return latestFirst.find(
    (event) => event.startDate <= date && (event.endDate === null || date <= event.endDate),
  );
}

/** Events ordered for eventCovering. */
export function latestFirst(events: readonly WellEventView[]): WellEventView[] {
  return [...events].sort((a, b) => b.startDate.localeCompare(a.startDate));
}
