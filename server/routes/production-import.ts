import { parse } from 'csv-parse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
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
} from '../../shared/api/index.js';
import { ApiError } from '../http/api-error.js';
import { documented, errorResponses } from '../openapi/responses.js';
import type { RouteDeps } from './deps.js';
import { PRODUCTION, wellParams } from './production.js';
import { recordToStored } from './representation.js';
import { loadedWell } from './route-contract.js';

export const CSV_BODY_LIMIT = 64 * 1024 * 1024;
export const MAX_CSV_ROWS = 500_000;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The CSV import extension: `POST …/production/import` with text/csv whose header
 * row names API fields. Parsed as a stream, validated whole, written in one
 * transaction; errors name the line and column.
 */
export const productionImportRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
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
    async (request) => {
      const { project, well } = loadedWell(request);
      const records = await readCsvRecords(request.body as unknown as Readable);
      const stored = records.map((record) => recordToStored(record, project.unitSystem));
      const { inserted, updated } = await deps.production.upsert(well.seq, stored, deps.now());
      return { inserted, updated, total: stored.length };
    },
  );
};

async function readCsvRecords(body: Readable): Promise<ProductionRecordInput[]> {
  let bytes = 0;
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > CSV_BODY_LIMIT)
      body.destroy(
        new ApiError('PAYLOAD_TOO_LARGE', 'The CSV body is larger than 64 MiB; split the file'),
      );
  });
  const parser = body.pipe(parse({ bom: true, skip_empty_lines: true, trim: true, info: true }));
  body.on('error', (error) => parser.destroy(error));

  const records: ProductionRecordInput[] = [];
  const problems: ErrorDetail[] = [];
  let problemCount = 0;
  const report = (line: number, column: string, message: string) => {
    problemCount++;
    if (problems.length < MAX_ERROR_DETAILS)
      problems.push({ path: `rows[${line}].${column}`, message: `line ${line}: ${message}` });
  };
  let columns: Array<'date' | ProductionField> | null = null;
  const firstLineOfDate = new Map<string, number>();

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
      if (records.length >= MAX_CSV_ROWS) {
        throw new ApiError(
          'PAYLOAD_TOO_LARGE',
          `The CSV has more than ${MAX_CSV_ROWS.toLocaleString('en-US')} rows; split the file`,
        );
      }
      const record = { date: '' } as ProductionRecordInput;
      columns.forEach((column, index) => {
        const cell = row[index] ?? '';
        if (column === 'date') {
          if (cell === '') report(line, 'date', 'date is missing');
          else if (!isCalendarDate(cell))
            report(line, 'date', `"${cell}" is not a real date written YYYY-MM-DD`);
          else record.date = cell;
          return;
        }
        if (cell === '') return;
        if (!NUMBER.test(cell)) return report(line, column, `"${cell}" is not a number`);
        const value = Number(cell);
        const problem = fieldValueProblem(column, value);
        if (problem) report(line, column, `${column} ${problem} (got ${cell})`);
        else record[column] = value;
      });
      if (record.date !== '') {
        const first = firstLineOfDate.get(record.date);
        if (first !== undefined) report(line, 'date', `date ${record.date} repeats line ${first}`);
        else firstLineOfDate.set(record.date, line);
      }
      records.push(record);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const line = (error as { lines?: number }).lines;
    throw new ApiError(
      'VALIDATION_ERROR',
      `The CSV could not be read${line ? ` at line ${line}` : ''}: ${(error as Error).message}`,
      [{ path: line ? `rows[${line}]` : 'body', message: (error as Error).message }],
    );
  }
  if (columns === null) {
    throw new ApiError(
      'VALIDATION_ERROR',
      'The CSV is empty: it needs a header row and at least one record',
      [{ path: 'body', message: 'is empty' }],
    );
  }
  if (records.length === 0) {
    throw new ApiError('VALIDATION_ERROR', 'The CSV has a header row but no records', [
      { path: 'body', message: 'has no records' },
    ]);
  }
  if (problemCount > 0) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `${problemCount} problem${problemCount === 1 ? '' : 's'} in the CSV; nothing was imported. First: ${problems[0]?.message}`,
      problems,
    );
  }
  return records;
}

function readHeader(row: string[]): Array<'date' | ProductionField> {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const columns = row.map((cell, index) => {
    const name = cell.toLowerCase();
    if (name !== 'date' && !isProductionField(name)) {
      details.push({
        path: `header[${index}]`,
        message: `"${cell}" is not a production field; use date, ${PRODUCTION_FIELDS.join(', ')}`,
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
