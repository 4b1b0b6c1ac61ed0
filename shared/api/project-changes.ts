import { z } from 'zod';

/**
 * What changed in a project since a client last looked: an extension of our server
 * (docs/api-decisions.md, "Extensions"), so a desktop keeping a project on its computer learns
 * with one request which wells to read again, and with one request that nothing changed.
 */

/** The count of the project's changes a client saw last; absent on a first look. */
export const projectChangesQuerySchema = z.strictObject({
  since: z
    .string({
      error: (issue) =>
        Array.isArray(issue.input) ? 'must be given only once' : 'must be a string',
    })
    .regex(/^\d{1,15}$/, { message: 'must be a whole number from 0 (a count of changes)' })
    .transform(Number)
    .optional(),
});
export type ProjectChangesQuery = z.infer<typeof projectChangesQuerySchema>;

export const wellChangeSchema = z.object({
  id: z.string(),
  /** The project's count of changes at the well's last change (or its deletion). */
  version: z.number().int(),
  deleted: z.boolean(),
});
export type WellChange = z.infer<typeof wellChangeSchema>;

export const projectChangesSchema = z.object({
  projectId: z.string(),
  /** The project's count of changes now: pass it as `since` next time. */
  version: z.number().int(),
  /** The count at the project's own last change (name, description, time zone, unit system). */
  projectVersion: z.number().int(),
  since: z.number().int().nullable(),
  /**
   * True when `since` is ahead of this server (a database restored from a backup): every well
   * is listed and the client should read them all again.
   */
  reset: z.boolean(),
  /**
   * Wells changed after `since` (and wells deleted since, `deleted: true`), by version then id;
   * on a first look or a reset, every well.
   */
  wells: z.array(wellChangeSchema),
});
export type ProjectChanges = z.infer<typeof projectChangesSchema>;

export const PROJECT_CHANGES_PATH = '/projects/{projectId}/changes';
