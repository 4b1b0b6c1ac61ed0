import type { z } from 'zod';
import { MAX_ERROR_DETAILS, type ErrorDetail } from './errors.js';

/** `['records', 3, 'watercut']` → `records[3].watercut`, with an optional prefix such as `query`. */
export function formatPath(path: ReadonlyArray<PropertyKey>, prefix?: string): string {
  let out = prefix ?? '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? (prefix ?? 'body') : out;
}

/**
 * Turns zod issues into the API's `details`: one entry per problem, each naming
 * the member, and unknown members reported one by one (read-only ones said to be so).
 */
export function issuesToDetails(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  options: { prefix?: string; readOnly?: ReadonlyArray<string> } = {},
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = formatPath([...issue.path, key], options.prefix);
        const readOnly = issue.path.length === 0 && options.readOnly?.includes(key);
        details.push({
          path,
          message: readOnly
            ? `${key} is read-only and cannot be set`
            : `${key} is not a known ${options.prefix === 'query' ? 'query parameter' : 'member'}`,
        });
      }
    } else {
      details.push({ path: formatPath(issue.path, options.prefix), message: issue.message });
    }
    if (details.length >= MAX_ERROR_DETAILS) break;
  }
  return details.slice(0, MAX_ERROR_DETAILS);
}

/** One line for a person: the first problem, and how many more there are. */
export function summariseDetails(details: ReadonlyArray<ErrorDetail>, what: string): string {
  const first = details[0];
  if (!first) return `Invalid ${what}`;
  const more =
    details.length > 1
      ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})`
      : '';
  return `Invalid ${what}: ${first.path} ${first.message}${more}`;
}
