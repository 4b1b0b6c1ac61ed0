import { isCalendarDate } from '#shared/api/index.js';
import type { WellEventView } from '#shared/desktop/index.js';

/** The event form's fields as typed, and what is wrong with them before anything is sent. */

export interface EventDraft {
  startDate: string;
  endDate: string;
  ongoing: boolean;
  category: string;
  note: string;
}

export function draftOf(
  event: WellEventView | null,
  categories: readonly string[],
  day: string,
): EventDraft {
  return event
    ? {
        startDate: event.startDate,
        endDate: event.endDate ?? '',
        ongoing: event.endDate === null,
        category: event.category,
        note: event.note,
      }
    : { startDate: day, endDate: day, ongoing: false, category: categories[0] ?? '', note: '' };
}

/** What is wrong with a draft, field by field; empty when it can be saved. */
export function draftProblems(draft: EventDraft): Partial<Record<keyof EventDraft, string>> {
  const problems: Partial<Record<keyof EventDraft, string>> = {};
  if (!isCalendarDate(draft.startDate)) problems.startDate = 'Give the first day as YYYY-MM-DD.';
  if (!draft.ongoing) {
    if (!isCalendarDate(draft.endDate)) problems.endDate = 'Give the last day as YYYY-MM-DD.';
    else if (isCalendarDate(draft.startDate) && draft.endDate < draft.startDate) {
      problems.endDate = 'The last day must not be before the first.';
    }
  }
  if (draft.category.trim() === '') problems.category = 'Choose a reason.';
  return problems;
}
