import { z } from 'zod';
import { optional } from './members.js';

export interface ListPage<T> {
  data: T[];
  /** null on the last page (absent is read as null too). */
  nextCursor: string | null;
  /** null when the service does not say. */
  total: number | null;
}

/**
 * A page of a list endpoint. Items the item schema maps to null (no id: they
 * cannot be addressed) are left out. `data` is the one member required,
 * although the published schema does not say so: a body without it is not a
 * list (a portal's or another API's JSON), and reading it as an empty page
 * would empty the cached list.
 */
export function listPageSchema<T>(item: z.ZodType<T | null, unknown>) {
  return z
    .object({
      data: z.array(item),
      nextCursor: optional(z.string()),
      total: optional(z.number().int()),
    })
    .transform((page): ListPage<T> => ({
      data: page.data.filter((entry): entry is T => entry !== null),
      // An empty cursor could not be sent back: it ends the list like null.
      nextCursor: page.nextCursor === '' ? null : page.nextCursor,
      total: page.total,
    }));
}
