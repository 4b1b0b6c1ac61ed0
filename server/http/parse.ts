import type { z } from 'zod';
import { issuesToDetails, summariseDetails } from '#shared/api/index.js';
import { ApiError } from './api-error.js';

/** Validates a body with a shared schema; a failure is a 400 naming each member and reason. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  readOnly: readonly string[] = [],
): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError('VALIDATION_ERROR', 'The request body must be a JSON object', [
      { path: 'body', message: 'must be a JSON object' },
    ]);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details = issuesToDetails(result.error.issues, { readOnly });
  throw new ApiError('VALIDATION_ERROR', summariseDetails(details, 'request body'), details);
}

export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (result.success) return result.data;
  const details = issuesToDetails(result.error.issues, { prefix: 'query' });
  throw new ApiError('VALIDATION_ERROR', summariseDetails(details, 'query'), details);
}
