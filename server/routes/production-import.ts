import { parse } from 'csv-parse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import {
  emptyQuerySchema,
  fieldValueProblem,
  ingestResultSchema,
  isCalendarDate,
  isProductionField,
  MAX_ERROR_DETAILS,
  PRODUCTION_FIELDS,
  type ErrorDetail,
  type ProductionField,
  type ProductionRecordInput,
  type UnitSystem,
} from '#shared/api/index.js';
import { epochDay } from '#shared/dates/iso-day.js';
import { ApiError } from '../http/api-error.js';
import { IMPORT_BATCH, ImportSpill } from '../store/import-rows.js';
import { documented, errorResponses } from '../openapi/responses.js';
import type { RouteDeps } from './deps.js';
import type { ImportSlots } from './production-import-slots.js';
import { PRODUCTION, wellParams } from './production.js';
import { recordToStored } from './representation.js';
import { loadedWell } from './route-contract.js';

export const CSV_BODY_LIMIT = 64 * 1024 * 1024;
export const MAX_CSV_ROWS = 500_000;
/**
 * The longest line the parser holds: a row of every field is under 300 bytes, so anything
 * longer is a wrong file (or a hostile one), refused before it fills memory.
 */
export const MAX_CSV_LINE = 64 * 1024;
/** Characters of a bad cell an error message repeats. */
export const CELL_EXCERPT = 40;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const FIRST_DAY = epochDay('0001-01-01');
const DAYS = epochDay('9999-12-31') - FIRST_DAY + 1;

export type ProductionImportOptions = RouteDeps & { importSlots: ImportSlots };

/**
 * The CSV import extension: `POST …/production/import` with text/csv whose header row names
 * API fields. At most `importSlots` imports run at once (per token, per server; more: 429).
 * Parsed as a stream and validated whole into a compact spill (import-rows.ts), then written
 * in one transaction a batch at a time; errors name the line and column.
 */
export const productionImportRoute: FastifyPluginAsyncZod<ProductionImportOptions> = async (
  app,
  deps,
) => {
  app.post(
    `${PRODUCTION}/import`,
    {
      config: { scope: 'write:wells', load: 'well' },
      schema: {
        summary: 'Import daily records from CSV (extension), all or nothing',
        params: wellParams,
        querystring: emptyQuerySchema,
        // A stream the handler parses as it arrives: documented here, validated row by row.
        consumes: ['text/csv'],
        body: documented(
          z.string(),
          'Header row of API field names; date required; up to 500,000 rows',
        ),
        response: {
          200: ingestResultSchema,
          ...errorResponses('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'),
        },
      },
    },
    async (request, reply) => {
      const { project, well } = loadedWell(request);
      // Before a byte of the body is read: a refused import costs nothing.
      const release = deps.importSlots.take(`token:${request.principal!.tokenId}`);
      // A client that goes away stops the write between two batches (and rolls it back).
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) {
          gone.abort(new ApiError('VALIDATION_ERROR', 'The client closed the connection'));
        }
      };
      reply.raw.once('close', onClose);
      const spill = new ImportSpill();
      try {
        await readCsvInto(request.body as unknown as Readable, project.unitSystem, spill);
        const { inserted, updated } = await deps.production.importRows(
          well.seq,
          spill,
          deps.now(),
          gone.signal,
        );
        return { inserted, updated, total: spill.count };
      } finally {
        reply.raw.off('close', onClose);
        spill.dispose();
        release();
      }
    },
  );
};

/**
 * `cell` as an error message quotes it: whole when short, else its first CELL_EXCERPT
 * characters (never half a surrogate pair) and its length, so a 20 MB cell makes a short
 * answer, not one that repeats it.
 */
export function excerpt(cell: string): string {
  if (cell.length <= CELL_EXCERPT) return `"${cell}"`;
  let end = CELL_EXCERPT;
  const last = cell.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `"${cell.slice(0, end)}…" (${cell.length.toLocaleString('en-US')} characters)`;
}

/** A parser's message cut to a length an answer can carry (csv-parse quotes field values). */
function clip(message: string, length = 200): string {
  return message.length <= length ? message : `${message.slice(0, length)}…`;
}

/**
 * Reads, validates and spills the whole CSV: every row checked, the rows in stored units
 * added to `spill`. Memory stays flat: a bitmap of the dates seen (one bit per day of years
 * 1–9999, 456 KB) finds repeats, and the line a repeated date first appeared on is looked up
 * in the spill afterwards, for the few details a refusal lists.
 */
async function readCsvInto(body: Readable, system: UnitSystem, spill: ImportSpill): Promise<void> {
  let bytes = 0;
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > CSV_BODY_LIMIT)
      body.destroy(
        new ApiError('PAYLOAD_TOO_LARGE', 'The CSV body is larger than 64 MiB; split the file'),
      );
  });
  const parser = body.pipe(
    parse({
      bom: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      max_record_size: MAX_CSV_LINE,
    }),
  );
  body.on('error', (error) => parser.destroy(error));

  const problems: ErrorDetail[] = [];
  let problemCount = 0;
  const report = (line: number, column: string, message: string): ErrorDetail | undefined => {
    problemCount++;
    if (problems.length >= MAX_ERROR_DETAILS) return undefined;
    const detail = { path: `rows[${line}].${column}`, message: `line ${line}: ${message}` };
    problems.push(detail);
    return detail;
  };
  let columns: Array<'date' | ProductionField> | null = null;
  let rows = 0;
  const seen = new Uint8Array(Math.ceil(DAYS / 8));
  // Details about a repeated date, completed with its first line once the file is read.
  const repeats: Array<{ detail: ErrorDetail; line: number; date: string }> = [];

  try {
    for await (const { record: row, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const line = info.lines;
      if (columns === null) {
        columns = readHeader(row);
        continue;
      }
      if (rows >= MAX_CSV_ROWS) {
        throw new ApiError(
          'PAYLOAD_TOO_LARGE',
          `The CSV has more than ${MAX_CSV_ROWS.toLocaleString('en-US')} rows; split the file`,
        );
      }
      rows++;
      // `for await` over a stream whose source is already buffered (a fast client, a slow
      // server) runs on microtasks alone: without this turn of the event loop, a whole
      // buffered megabyte-sized stretch of the file is parsed in one go and every other
      // request waits a second or more behind it.
      if (rows % IMPORT_BATCH === 0) await nextTurn();
      const record = { date: '' } as ProductionRecordInput;
      columns.forEach((column, index) => {
        const cell = row[index] ?? '';
        if (column === 'date') {
          if (cell === '') report(line, 'date', 'date is missing');
          else if (!isCalendarDate(cell))
            report(line, 'date', `${excerpt(cell)} is not a real date written YYYY-MM-DD`);
          else record.date = cell;
          return;
        }
        if (cell === '') return;
        if (!NUMBER.test(cell)) return report(line, column, `${excerpt(cell)} is not a number`);
        const value = Number(cell);
        const problem = fieldValueProblem(column, value);
        if (problem) report(line, column, `${column} ${problem} (got ${excerpt(cell)})`);
        else record[column] = value;
      });
      if (record.date === '') continue;
      const day = epochDay(record.date) - FIRST_DAY;
      const bit = 1 << (day & 7);
      if ((seen[day >> 3]! & bit) !== 0) {
        const detail = report(line, 'date', `date ${record.date} repeats an earlier line`);
        if (detail) repeats.push({ detail, line, date: record.date });
        continue;
      }
      seen[day >> 3]! |= bit;
      spill.add(line, recordToStored(record, system));
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const line = (error as { lines?: number }).lines;
    const reason = clip((error as Error).message);
    throw new ApiError(
      'VALIDATION_ERROR',
      `The CSV could not be read${line ? ` at line ${line}` : ''}: ${reason}`,
      [{ path: line ? `rows[${line}]` : 'body', message: reason }],
    );
  }
  if (columns === null) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'The CSV is empty: it needs a header row and at least one record',
      [{ path: 'body', message: 'is empty' }],
    );
  }
  if (rows === 0) {
    throw new ApiError('VALIDATION_ERROR', 'The CSV has a header row but no records', [
      { path: 'body', message: 'has no records' },
    ]);
  }
  if (problemCount > 0) {
    if (repeats.length > 0) {
      const first = spill.firstLines(new Set(repeats.map((repeat) => repeat.date)));
      for (const { detail, line, date } of repeats) {
        detail.message = `line ${line}: date ${date} repeats line ${first.get(date)}`;
      }
    }
    throw new ApiError(
      'VALIDATION_ERROR',
      `${problemCount} problem${problemCount === 1 ? '' : 's'} in the CSV; nothing was imported. First: ${problems[0]?.message}`,
      problems,
    );
  }
}

function readHeader(row: string[]): Array<'date' | ProductionField> {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const columns = row.map((cell, index) => {
    const name = cell.toLowerCase();
    if (name !== 'date' && !isProductionField(name)) {
      details.push({
        path: `header[${index}]`,
        message: `${excerpt(cell)} is not a production field; use date, ${PRODUCTION_FIELDS.join(', ')}`,
      });
    } else if (seen.has(name)) {
      details.push({ path: `header[${index}]`, message: `column ${name} appears twice` });
    }
    seen.add(name);
    return name as 'date' | ProductionField;
  });
  if (!seen.has('date')) details.push({ path: 'header', message: 'needs a date column' });
  if (details.length > 0) {
    throw new ApiError('VALIDATION_ERROR', `Invalid CSV header: ${details[0]?.message}`, details);
  }
  return columns;
}
