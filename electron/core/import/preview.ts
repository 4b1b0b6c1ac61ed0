import type { ProductionField, UnitSystem } from '#shared/api/index.js';
import { DATE_FORMAT_LABELS, looksMonthly } from '#shared/csv/index.js';
import {
  IMPORT_PREVIEW_ROWS,
  MAX_PREVIEW_INVALID_ROWS,
  MAX_PREVIEW_PLAUSIBILITY,
  type ImportBlocked,
  type ImportNamedWell,
  type ImportPlausibilityWarning,
  type ImportPreviewRecord,
  type ImportPreviewResult,
  type ImportWellSummary,
  type UntouchedFieldChoice,
} from '#shared/desktop/index.js';
import type { CoreContext } from '../core-context.js';
import type { ColumnMapping } from './column-plan.js';
import { existingDays, withKeptFields } from './existing-days.js';
import type { FinalRows } from './finalise-rows.js';
import { importPlausibility } from './import-plausibility.js';
import { ReplacementTally } from './replacement.js';
import type { RowPlan, RowTable } from './parse-rows.js';
import type { RowSource } from './row-source.js';
import type { FileShape } from './sniff.js';

/** What import-preview answers: the mapping, sample records, every problem, and the counts. */
export interface PreviewInput {
  id: string;
  connectionId: string;
  name: string;
  bytes: number;
  /** The file as rows: its encoding, a workbook's sheets, notes on what was left alone. */
  rows: Pick<RowSource, 'encoding' | 'workbook' | 'warnings'>;
  shape: FileShape;
  headerKey: string;
  mapping: ColumnMapping;
  plan: RowPlan;
  table: RowTable;
  final: FinalRows;
  unmapped: ProductionField[];
  /** What happens to the fields not in the file on replaced days. */
  untouchedChoice: UntouchedFieldChoice;
  system: UnitSystem;
  /** Why it cannot be committed as mapped (no rows were read), or null. */
  blocked: ImportBlocked | null;
  namedWell: ImportNamedWell | null;
}

export function buildPreview(ctx: CoreContext, input: PreviewInput): ImportPreviewResult {
  const { final, table, unmapped, system, untouchedChoice } = input;
  const replacement = new ReplacementTally(system, unmapped, untouchedChoice);
  const warnings = [...input.rows.warnings, ...input.mapping.warnings];
  const wells: ImportWellSummary[] = [];
  const samples: ImportPreviewRecord[] = [];
  const plausibility: ImportPlausibilityWarning[] = [];
  let keptFieldsDays = 0;
  let monthly = final.wells.size > 0;
  for (const rows of final.wells.values()) {
    const dates = rows.records.map((record) => record.date);
    monthly &&= looksMonthly(dates);
    const existing = existingDays(ctx, input.connectionId, rows.well.id, dates);
    const replaced = dates.filter((date) => existing.values.has(date)).length;
    plausibility.push(...importPlausibility(ctx, input.connectionId, rows, system));
    keptFieldsDays += replaced;
    let from = dates[0]!;
    let to = from;
    for (const date of dates) {
      if (date < from) from = date;
      if (date > to) to = date;
    }
    wells.push({
      wellId: rows.well.id,
      name: rows.well.name,
      apiNumber: rows.well.apiNumber,
      rows: rows.records.length,
      newDays: rows.records.length - replaced,
      replacedDays: replaced,
      from,
      to,
    });
    if (existing.unknownDays > 0 && unmapped.length > 0) {
      warnings.push(
        `${existing.unknownDays} day${existing.unknownDays === 1 ? '' : 's'} of well ${rows.well.name} were never downloaded to this laptop: if the server has records on them, their fields not in the file (${unmapped.join(', ')}) will be emptied, since a record is replaced whole. Make the range available offline first to keep them.`,
      );
    }
    const saved =
      untouchedChoice === 'keep'
        ? withKeptFields(rows.records, existing, unmapped, system)
        : rows.records;
    replacement.add(rows.well.id, saved, existing);
    saved
      .slice(0, IMPORT_PREVIEW_ROWS)
      .forEach((record, i) => samples.push({ line: rows.lines[i]!, wellId: rows.well.id, record }));
  }
  samples.sort((a, b) => a.line - b.line);
  plausibility.sort((a, b) => a.line - b.line);
  if (keptFieldsDays > 0 && unmapped.length > 0 && untouchedChoice === 'clear') {
    warnings.push(
      `Fields not in the file (${unmapped.join(', ')}) are emptied on the ${keptFieldsDays} replaced day${keptFieldsDays === 1 ? '' : 's'}: each day becomes the file's record alone.`,
    );
  } else if (keptFieldsDays > 0 && unmapped.length > 0) {
    const ratios = unmapped.filter((field) => field === 'gor' || field === 'watercut');
    const follow =
      ratios.length > 0
        ? ` A ${ratios.join(' or ')} that was derived from a day's old rates is derived again from the new ones; a measured one is kept.`
        : '';
    warnings.push(
      `Fields not in the file (${unmapped.join(', ')}) keep their current values on the ${keptFieldsDays} replaced day${keptFieldsDays === 1 ? '' : 's'}.${follow}`,
    );
  }
  // Blocked, no date was read: "a date but no values" would not be true.
  if (table.emptyRows > 0 && !input.blocked) {
    warnings.push(
      `${table.emptyRows} row${table.emptyRows === 1 ? ' has' : 's have'} a date but no values; imported as days with no values.`,
    );
  }
  if (final.unmatched.length > 0) {
    warnings.push(
      `${final.unmatchedRows} row${final.unmatchedRows === 1 ? '' : 's'} name wells this project does not have (${final.unmatched
        .slice(0, 5)
        .map((well) => `"${well.value}"`)
        .join(', ')}${final.unmatched.length > 5 ? ', …' : ''}); they are not imported.`,
    );
  }
  if (monthly) {
    warnings.push(
      'Every date is the first of a month: if the values are monthly totals (as in a monthly production report), importing them would record a month of production on one day. Import daily data instead.',
    );
  }
  if (final.settledBySequence) {
    const { format, candidates } = final.settledBySequence;
    const others = candidates.filter((candidate) => candidate !== format);
    warnings.push(
      `Dates read as ${DATE_FORMAT_LABELS[format]}: read that way the rows are consecutive days (as ${others
        .map((other) => DATE_FORMAT_LABELS[other])
        .join(' or ')} they would not be). Choose another format if that is wrong.`,
    );
  }
  if (final.ambiguous) {
    warnings.push(
      `The dates (${final.ambiguous.samples.join(', ')}) read as ${final.ambiguous.candidates
        .map((format) => DATE_FORMAT_LABELS[format])
        .join(' or ')}: choose the format (dateFormat); nothing is read until then.`,
    );
  }
  const validRows = wells.reduce((sum, well) => sum + well.rows, 0);
  const newDays = wells.reduce((sum, well) => sum + well.newDays, 0);
  return {
    importId: input.id,
    fileName: input.name,
    bytes: input.bytes,
    encoding: input.rows.encoding,
    delimiter: input.shape.delimiter,
    decimalSeparator: input.plan.decimal,
    unitSystem: system,
    headerLine: input.shape.headerLine,
    headers: input.shape.headers,
    headerKey: input.headerKey,
    workbook: input.rows.workbook,
    namedWell: input.namedWell,
    mappingSource: input.mapping.mappingSource,
    columns: input.mapping.columns,
    dateFormat: final.dateFormat,
    ambiguousDate: final.ambiguous && {
      candidates: final.ambiguous.candidates,
      labels: final.ambiguous.candidates.map((format) => DATE_FORMAT_LABELS[format]),
      samples: final.ambiguous.samples,
    },
    records: samples.slice(0, IMPORT_PREVIEW_ROWS),
    invalid: final.invalid.slice(0, MAX_PREVIEW_INVALID_ROWS),
    invalidTruncated: final.invalid.length > MAX_PREVIEW_INVALID_ROWS,
    skipped: table.skipped,
    wells,
    unmatchedWells: final.unmatched,
    summary: {
      rows: table.count,
      validRows,
      newDays,
      replacedDays: validRows - newDays,
      invalidRows: final.invalid.length,
      skippedLines: table.skippedCount,
      unmatchedRows: final.unmatchedRows,
    },
    warnings,
    ...(plausibility.length > 0
      ? { plausibility: plausibility.slice(0, MAX_PREVIEW_PLAUSIBILITY) }
      : {}),
    replacement: replacement.result(),
    blocked: input.blocked,
  };
}
