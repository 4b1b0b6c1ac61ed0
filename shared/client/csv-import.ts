import { z } from 'zod';
import { PRODUCTION_FIELDS, type ProductionRecordInput } from '../api/index.js';
import { ApiCallError, isApiCallError } from './api-call-error.js';

/**
 * Bulk production through a CSV import, where the server offers one. The
 * published service recommends a CSV import for thousands of records but does
 * not publish its address; our server's (docs/api-decisions.md, an extension)
 * is `POST …/production/import`. A client finds out whether the server has it
 * from the server's OpenAPI document, and otherwise sends JSON in chunks.
 */

/** After a well's production path. */
export const CSV_IMPORT_SUFFIX = '/import';
export const OPENAPI_PATH = '/openapi.json';
const IMPORT_PATH_PATTERN = /^\/projects\/\{[^}]+\}\/wells\/\{[^}]+\}\/production\/import$/;

/** Just enough of an OpenAPI document to list its paths. */
export const openApiPathsSchema = z
  .object({ paths: z.record(z.string(), z.unknown()) })
  .transform((document) => Object.keys(document.paths));

/** Whether the OpenAPI document's paths include the CSV import. */
export function listsCsvImport(paths: readonly string[]): boolean {
  return paths.some((path) => IMPORT_PATH_PATTERN.test(path));
}

/** Header of API field names, one line per record, an empty cell for an unset value. */
export function recordsToCsv(records: readonly ProductionRecordInput[]): string {
  const lines = [['date', ...PRODUCTION_FIELDS].join(',')];
  for (const record of records) {
    const cells = PRODUCTION_FIELDS.map((field) => {
      const value = record[field];
      return value === undefined || value === null ? '' : String(value);
    });
    lines.push([record.date, ...cells].join(','));
  }
  return lines.join('\n') + '\n';
}

/**
 * The import's errors name CSV lines (`rows[7].bhp`, the header being line 1):
 * renamed to the records they came from (`records[5].bhp`), as a JSON POST's
 * would be, so a caller handles both alike.
 */
export function asRecordError(error: unknown): unknown {
  if (!isApiCallError(error) || error.details === undefined) return error;
  const details = error.details.map((detail) => {
    const match = /^rows\[(\d+)\](.*)$/.exec(detail.path);
    return match ? { ...detail, path: `records[${Number(match[1]) - 2}]${match[2]}` } : detail;
  });
  return new ApiCallError({ ...error.toJSON(), details, cause: error });
}
