import { z } from 'zod';
import {
  ERROR_CODES,
  ERROR_STATUS,
  MAX_ERROR_DETAILS,
  projectSchema,
  wellSchema,
  type ErrorCode,
} from '#shared/api/index.js';

/**
 * Schemas the OpenAPI document names once under `components.schemas` and refers to by
 * `$ref` wherever a route schema uses them.
 */
export const componentRegistry = z.registry<{ id?: string; description?: string }>();

/** `schema` with a description in the document (the registry above is the one it reads). */
export function documented<T extends z.ZodType>(schema: T, description: string): T {
  componentRegistry.add(schema, { description });
  return schema;
}

/** The one error envelope every refusal uses (`docs/api-decisions.md`, "Errors"). */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    requestId: z.string(),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .max(MAX_ERROR_DETAILS)
      .optional(),
  }),
});

componentRegistry.add(projectSchema, { id: 'Project' });
componentRegistry.add(wellSchema, { id: 'Well' });
componentRegistry.add(errorEnvelopeSchema, { id: 'Error' });

/** A 204's documented response: no body. */
export const noContent = documented(z.undefined(), 'No content');

/**
 * The error responses of a route for its schema's `response`: every route can answer 400,
 * 401, 403, 404 and 429; `codes` adds the rest it can give.
 */
export function errorResponses(...codes: ErrorCode[]) {
  const all: ErrorCode[] = [
    'VALIDATION_ERROR',
    'UNAUTHORIZED',
    'FORBIDDEN',
    'NOT_FOUND',
    'RATE_LIMITED',
    ...codes,
  ];
  return Object.fromEntries(
    all.map((code) => [
      ERROR_STATUS[code],
      { description: code, content: { 'application/json': { schema: errorEnvelopeSchema } } },
    ]),
  );
}
