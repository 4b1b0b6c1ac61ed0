import { z } from 'zod';
import {
  NO_LONE_SURROGATE_MESSAGE,
  NO_NUL_MESSAGE,
  isoDate,
  requiredString,
  withoutLoneSurrogate,
  withoutNul,
} from './primitives.js';

/**
 * A well's events: what happened to it over a span of days and why ("ESP failure",
 * "facility", "workover"), so lost production can be attributed to a reason. An extension
 * of our server (docs/api-decisions.md, "Well events"); the published service has none, and
 * the desktop then keeps events on its computer.
 */

export const WELL_EVENTS_PATH = '/projects/{projectId}/events';
export const EVENT_CATEGORY_MAX = 60;
export const EVENT_NOTE_MAX = 2000;
export const EVENT_PAGE_LIMITS = { default: 100, max: 1000 } as const;

/** An event id: chosen by the server on a POST, by the client on a PUT (a UUID, say). */
export const EVENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const eventIdSchema = requiredString().regex(EVENT_ID_PATTERN, {
  message: 'must be 1 to 64 letters, digits, "-" or "_"',
});

/** An event's reason: 1 to 60 characters once trimmed; stored trimmed. */
export const eventCategorySchema = requiredString()
  .trim()
  .min(1, { message: 'must not be empty' })
  .max(EVENT_CATEGORY_MAX, { message: `must be at most ${EVENT_CATEGORY_MAX} characters` })
  .refine(withoutNul, { message: NO_NUL_MESSAGE })
  .refine(withoutLoneSurrogate, { message: NO_LONE_SURROGATE_MESSAGE });

/** An event's note: up to 2,000 characters. */
export const eventNoteSchema = z
  .string({ error: 'must be a string' })
  .max(EVENT_NOTE_MAX, { message: `must be at most ${EVENT_NOTE_MAX} characters` })
  .refine(withoutNul, { message: NO_NUL_MESSAGE })
  .refine(withoutLoneSurrogate, { message: NO_LONE_SURROGATE_MESSAGE });

/** An ongoing event has no end yet: `endDate: null` covers every day from its start. */
const endDate = isoDate.nullable();

function endNotBeforeStart(
  body: { startDate: string; endDate?: string | null },
  ctx: z.RefinementCtx,
) {
  if (body.endDate && body.endDate < body.startDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: `must not be before startDate (${body.startDate})`,
    });
  }
}

/** The body of a POST (a new event) and of a PUT (the whole event at a chosen id). */
export const wellEventWriteSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: endDate.default(null),
    category: eventCategorySchema,
    note: eventNoteSchema.default(''),
  })
  .superRefine(endNotBeforeStart);
export type WellEventWrite = z.input<typeof wellEventWriteSchema>;

export const wellEventSchema = z.object({
  id: z.string(),
  wellId: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  category: z.string(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WellEvent = z.infer<typeof wellEventSchema>;

const single = z.string({
  error: (issue) => (Array.isArray(issue.input) ? 'must be given only once' : 'must be a string'),
});
const limitMessage = `must be a whole number from 1 to ${EVENT_PAGE_LIMITS.max}`;

function fromNotAfterTo(query: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.from && query.to && query.from > query.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: `must not be after to (${query.to})` });
  }
}

/**
 * A list of events, by start date then id. `from`/`to` keep the events that overlap those days
 * (an ongoing one overlaps every day from its start).
 */
export const wellEventsListQuerySchema = z
  .strictObject({
    limit: single
      .regex(/^\d+$/, { message: limitMessage })
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, { message: limitMessage })
          .max(EVENT_PAGE_LIMITS.max, { message: limitMessage }),
      )
      .optional(),
    cursor: single.optional(),
    from: single.pipe(isoDate).optional(),
    to: single.pipe(isoDate).optional(),
  })
  .superRefine(fromNotAfterTo);
export type WellEventsListQuery = z.infer<typeof wellEventsListQuerySchema>;
