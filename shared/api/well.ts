import { z } from 'zod';
import { finiteNumber, isoDate, isoTimestamp, resourceName } from './primitives.js';
import { convertsFinitely, UNCONVERTIBLE_MESSAGE } from './units.js';

export const WELL_TYPES = ['producer', 'injector', 'observer', 'swd'] as const;
export const WELL_STATUSES = ['active', 'inactive', 'shut_in'] as const;
export const wellTypeSchema = z.enum(WELL_TYPES);
export const wellStatusSchema = z.enum(WELL_STATUSES);
export type WellType = z.infer<typeof wellTypeSchema>;
export type WellStatus = z.infer<typeof wellStatusSchema>;

/** API numbers are compared without dashes; 10, 12 or 14 digits. */
export function apiNumberDigits(apiNumber: string): string {
  return apiNumber.replace(/-/g, '');
}

export const apiNumberSchema = z
  .string()
  .regex(/^\d+(-\d+)*$/, { message: 'must be digits, optionally separated by single dashes' })
  .refine((value) => [10, 12, 14].includes(apiNumberDigits(value).length), {
    message: 'must have 10, 12 or 14 digits once dashes are removed',
  });

/** A length in the project's unit system: feet or metres, both stored as feet. */
const nonNegativeLength = finiteNumber
  .min(0, { message: 'must be ≥ 0' })
  .refine((value) => convertsFinitely('length', value), { message: UNCONVERTIBLE_MESSAGE });

export const perfIntervalSchema = z
  .strictObject({ topMd: nonNegativeLength, bottomMd: nonNegativeLength })
  .refine((interval) => interval.topMd <= interval.bottomMd, {
    message: 'topMd must be less than or equal to bottomMd',
    path: ['topMd'],
  });
export type PerfInterval = z.infer<typeof perfIntervalSchema>;

export const wellSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  apiNumber: z.string().nullable(),
  type: wellTypeSchema,
  status: wellStatusSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  spudDate: z.string().nullable(),
  firstProductionDate: z.string().nullable(),
  lateralLength: z.number().nullable(),
  perfInterval: z.object({ topMd: z.number(), bottomMd: z.number() }).nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
});
export type Well = z.infer<typeof wellSchema>;

export const WELL_READ_ONLY = [
  'id',
  'projectId',
  'firstProductionDate',
  'createdAt',
  'updatedAt',
] as const;

const wellWritable = {
  apiNumber: apiNumberSchema.nullable().optional(),
  type: wellTypeSchema.optional(),
  status: wellStatusSchema.optional(),
  latitude: finiteNumber
    .min(-90, { message: 'must be between -90 and 90' })
    .max(90, { message: 'must be between -90 and 90' })
    .nullable()
    .optional(),
  longitude: finiteNumber
    .min(-180, { message: 'must be between -180 and 180' })
    .max(180, { message: 'must be between -180 and 180' })
    .nullable()
    .optional(),
  spudDate: isoDate.nullable().optional(),
  lateralLength: nonNegativeLength.nullable().optional(),
  perfInterval: perfIntervalSchema.nullable().optional(),
};

export const wellCreateSchema = z.strictObject({ name: resourceName, ...wellWritable });
export type WellCreate = z.infer<typeof wellCreateSchema>;

export const wellPatchSchema = z.strictObject({ name: resourceName.optional(), ...wellWritable });
export type WellPatch = z.infer<typeof wellPatchSchema>;
