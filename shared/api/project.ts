import { z } from 'zod';
import {
  ianaTimeZone,
  isoTimestamp,
  NO_LONE_SURROGATE_MESSAGE,
  NO_NUL_MESSAGE,
  resourceName,
  withoutLoneSurrogate,
  withoutNul,
} from './primitives.js';
import { unitSystemSchema } from './units.js';

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  timezone: z.string(),
  unitSystem: unitSystemSchema,
  wellCount: z.number().int(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Project = z.infer<typeof projectSchema>;

/** Members a client may never set; naming one is a 400 that says so. */
export const PROJECT_READ_ONLY = ['id', 'wellCount', 'createdAt', 'updatedAt'] as const;

const description = z
  .string()
  .max(5000, { message: 'must be at most 5000 characters' })
  .refine(withoutNul, { message: NO_NUL_MESSAGE })
  .refine(withoutLoneSurrogate, { message: NO_LONE_SURROGATE_MESSAGE });

export const projectCreateSchema = z.strictObject({
  name: resourceName,
  description: description.optional(),
  timezone: ianaTimeZone.optional(),
  unitSystem: unitSystemSchema.optional(),
});
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

export const projectPatchSchema = z.strictObject({
  name: resourceName.optional(),
  description: description.optional(),
  timezone: ianaTimeZone.optional(),
  unitSystem: unitSystemSchema.optional(),
});
export type ProjectPatch = z.infer<typeof projectPatchSchema>;
