import { z } from 'zod';
import { optional } from './members.js';

/** A production POST's answer; the published schema requires none of its members. */
export interface ApiIngestResult {
  /** null when the service does not say. */
  inserted: number | null;
  updated: number | null;
  /** Records received: the service's count, else the number sent. */
  total: number;
}

export function ingestResultSchema(sent: number) {
  return z
    .object({
      inserted: optional(z.number().int()),
      updated: optional(z.number().int()),
      total: optional(z.number().int()),
    })
    .transform((wire): ApiIngestResult => ({
      inserted: wire.inserted,
      updated: wire.updated,
      total: wire.total ?? sent,
    }));
}

/** A production DELETE's answer: `deleted` is null when the service does not say. */
export interface ApiDeleteResult {
  deleted: number | null;
}

export const deleteResultSchema = z.object({ deleted: optional(z.number().int()) });
