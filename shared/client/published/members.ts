import { z } from 'zod';

/**
 * Building blocks of the client's read schemas. The published schema of the
 * hosted service (docs/compatibility.md) marks no member of a resource as
 * required and types none as nullable, while our server sends every member
 * with `null` for unset: the client must take both, and more.
 */

/** A member that may be absent or null (either way out as null). */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | null => value ?? null);
}

/**
 * A member the published schema enumerates (well type and status): matched in
 * any letter case ("Producer" is producer); absent or null → null. A value
 * outside the list is refused, as the published schema refuses it.
 */
export function anyCaseEnum<const V extends readonly [string, ...string[]]>(values: V) {
  return z
    .string()
    .nullish()
    .transform((value, ctx): V[number] | null => {
      if (value === null || value === undefined) return null;
      const match = values.find((allowed) => allowed === value.toLowerCase());
      if (match !== undefined) return match;
      ctx.addIssue({
        code: 'custom',
        message: `must be one of ${values.join(', ')} (got ${JSON.stringify(value)})`,
      });
      return z.NEVER;
    });
}

/**
 * A member the published schema types as a plain string although only a few
 * values mean something to us (unitSystem, aggregation): matched in any letter
 * case; absent, null or a value we do not know → null, and the caller falls
 * back (to the project's or the request's value).
 */
export function knownValueOrNull<const V extends readonly [string, ...string[]]>(values: V) {
  return z
    .unknown()
    .optional()
    .transform(
      (value): V[number] | null =>
        (typeof value === 'string' && values.find((allowed) => allowed === value.toLowerCase())) ||
        null,
    );
}

/** A resource's id: the body's, else the one the request named; without either it is an issue. */
export function idOrFallback(id: string | null, fallback: string | null, ctx: z.RefinementCtx) {
  const resolved = id ?? fallback;
  if (resolved === null) {
    ctx.addIssue({ code: 'custom', path: ['id'], message: 'is required to address the resource' });
    return z.NEVER;
  }
  return resolved;
}
