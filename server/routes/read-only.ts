import { isDeepStrictEqual } from 'node:util';

/**
 * A body without the read-only members that repeat the resource's current value, so a client
 * may PATCH back what it read. A member with another value is kept: the body schema then
 * refuses it as read-only, among the body's other problems.
 */
export function dropUnchangedReadOnly(
  body: unknown,
  readOnly: readonly string[],
  current: Readonly<Record<string, unknown>>,
): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const members = body as Record<string, unknown>;
  const repeated = readOnly.filter(
    (name) => Object.hasOwn(members, name) && isDeepStrictEqual(members[name], current[name]),
  );
  if (repeated.length === 0) return body;
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(members)) {
    if (!repeated.includes(name)) rest[name] = value;
  }
  return rest;
}
