import { PRODUCTION_FIELDS, type ProductionRecordInput } from '#shared/api/index.js';
import type { WellMatcher } from '#shared/csv/index.js';
import {
  DateFormatTally,
  parseDate,
  unreadableDateReason,
  type DateFormat,
  type RowProblem,
  type WellCandidate,
} from '#shared/csv/index.js';
import type { ImportInvalidRow, ImportUnmatchedWell } from '#shared/desktop/index.js';
import { formatByDailySequence } from '#shared/csv/daily-sequence.js';
import { FIELD_COUNT, type RowPlan, type RowTable } from './parse-rows.js';

/**
 * After the pass: the date format (detected over the whole column, or the
 * caller's), each row's date read, its well found, repeated dates refused
 * (the first one stands, as the API's rule says), and the valid rows grouped
 * into records per well.
 */
export interface WellRows {
  well: WellCandidate;
  lines: number[];
  /** Only the file's columns are set; saveRecords makes absent fields null. */
  records: ProductionRecordInput[];
}

export interface FinalRows {
  dateFormat: DateFormat | null;
  ambiguous: { candidates: DateFormat[]; samples: string[] } | null;
  /** An ambiguous format settled because only it reads the rows as consecutive days. */
  settledBySequence?: { format: DateFormat; candidates: DateFormat[] };
  wells: Map<string, WellRows>;
  invalid: ImportInvalidRow[];
  unmatched: ImportUnmatchedWell[];
  unmatchedRows: number;
}

export interface Routing {
  /** The well of a single-well file. */
  single?: WellCandidate;
  /** The project's wells, for files with a well column. */
  matcher?: WellMatcher;
  wellKind: 'well-name' | 'api-number';
}

/** The rows of a file whose mapping has no date column yet: none is read, valid or not. */
export function noFinalRows(): FinalRows {
  return {
    dateFormat: null,
    ambiguous: null,
    wells: new Map(),
    invalid: [],
    unmatched: [],
    unmatchedRows: 0,
  };
}

export function finaliseRows(
  table: RowTable,
  plan: RowPlan,
  routing: Routing,
  chosenFormat: DateFormat | undefined,
): FinalRows {
  const out: FinalRows = { ...noFinalRows(), dateFormat: chosenFormat ?? null };
  if (!chosenFormat) {
    const tally = new DateFormatTally();
    // A workbook's serial days are days already: only the dates written as text say a format.
    const { serialDates } = table;
    const textDates =
      serialDates.size === 0
        ? table.dateCells
        : table.dateCells.filter((_, r) => !serialDates.has(r));
    for (const cell of textDates) if (cell !== '') tally.add(cell);
    const { format: found, candidates } = tally.result();
    // Serials alone: their days are ISO days, and that is how they are shown.
    const format = found ?? (serialDates.size > 0 ? 'ymd' : null);
    if (candidates.length > 1) {
      const settled = formatByDailySequence(textDates, candidates);
      if (!settled) {
        out.ambiguous = { candidates, samples: tally.samples };
        return out;
      }
      out.dateFormat = settled;
      out.settledBySequence = { format: settled, candidates };
    } else {
      out.dateFormat = format;
    }
  }
  const format = out.dateFormat;

  const matched = new Map<string, WellCandidate | undefined>();
  const unmatched = new Map<string, ImportUnmatchedWell>();
  const firstLineOfDay = new Map<string, Map<string, number>>();

  for (let r = 0; r < table.count; r++) {
    const line = table.lines[r]!;
    // Most rows have no problem: an array only for those that do.
    const found = table.problems.get(r);
    let problems: RowProblem[] | undefined = found && [...found];
    const dateCell = table.dateCells[r]!;
    const wellCell = table.wellCells[r]!;

    let well = routing.single;
    if (routing.matcher) {
      if (wellCell === '') {
        (problems ??= []).push({
          code: 'missing-well',
          message: 'the well cell is empty',
          column: plan.wellColumn,
          field: 'well',
        });
      } else {
        if (!matched.has(wellCell))
          matched.set(wellCell, routing.matcher.match(wellCell, routing.wellKind));
        well = matched.get(wellCell);
        if (!well) {
          const entry = unmatched.get(wellCell) ?? { value: wellCell, rows: 0, firstLine: line };
          entry.rows++;
          unmatched.set(wellCell, entry);
          out.unmatchedRows++;
          continue;
        }
      }
    }

    let date: string | null = null;
    const serial = table.serialDates.get(r);
    if (serial !== undefined) {
      // Read exactly in the pass; a number that is no day has its problem listed there.
      date = serial;
    } else if (dateCell === '') {
      (problems ??= []).push({
        code: 'missing-date',
        message: 'the date cell is empty',
        column: plan.dateColumn,
        field: 'date',
      });
    } else {
      date = format ? parseDate(dateCell, format) : null;
      if (date === null) {
        (problems ??= []).push({
          code: 'unparseable-date',
          message: `${plan.dateLabel}: ${unreadableDateReason(dateCell, format)}`,
          column: plan.dateColumn,
          field: 'date',
          value: dateCell,
        });
      }
    }
    if (!problems && well && date !== null) {
      let days = firstLineOfDay.get(well.id);
      if (!days) firstLineOfDay.set(well.id, (days = new Map()));
      const first = days.get(date);
      if (first !== undefined) {
        (problems ??= []).push({
          code: 'duplicate-date',
          message: `date ${date} is repeated (first on line ${first})`,
          column: plan.dateColumn,
          field: 'date',
          value: dateCell,
        });
      } else {
        days.set(date, line);
      }
    }
    if (problems || !well || date === null) {
      out.invalid.push({
        line,
        ...(wellCell === '' ? {} : { well: wellCell }),
        problems: problems ?? [],
      });
      continue;
    }
    let rows = out.wells.get(well.id);
    if (!rows) out.wells.set(well.id, (rows = { well, lines: [], records: [] }));
    rows.lines.push(line);
    rows.records.push(recordOf(date, table.values, r * FIELD_COUNT, plan));
  }
  out.unmatched = [...unmatched.values()];
  return out;
}

function recordOf(
  date: string,
  values: Float64Array,
  base: number,
  plan: RowPlan,
): ProductionRecordInput {
  const record: ProductionRecordInput = { date };
  for (const { field, slot } of plan.fields) {
    const value = values[base + slot]!;
    record[field] = Number.isNaN(value) ? null : value;
  }
  return record;
}

/** The fields no column of the file maps: replaced days keep their current values there. */
export function unmappedFields(plan: RowPlan) {
  const mapped = new Set(plan.fields.map((field) => field.field));
  return PRODUCTION_FIELDS.filter((field) => !mapped.has(field));
}
