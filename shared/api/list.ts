import { z } from 'zod';

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int(),
  });
}

export interface ListEnvelope<T> {
  data: T[];
  nextCursor: string | null;
  total: number;
}
