import { PRODUCTION_FIELDS, type ProductionField } from '../../../shared/api/index.js';
import type { OutboxOperationView, ProductionView } from '../../../shared/desktop/index.js';

/**
 * A rejected change written to a file, so nothing typed is lost even when it is
 * discarded: JSON (everything: the change, the server's answer, the values) and
 * CSV (the values alone, with the API's field names, ready to fix in a
 * spreadsheet and import again).
 */

export interface ExportedRecord {
  date: string;
  values: Partial<Record<ProductionField, number | null>>;
}

export interface FailedChangeExport {
  op: OutboxOperationView;
  wellName: string;
  /**
   * The well as the engineer left it (update-well): the outbox does not say
   * which fields the change touched, so every editable identity field is kept.
   */
  well?: { name: string; apiNumber: string | null; type: string; status: string } | undefined;
  /** The rejected values (upsert-records), in the project's units. */
  records?: ExportedRecord[] | undefined;
  units?: ProductionView['units'] | undefined;
  exportedAt: Date;
}

/** The rows of a production view that carry this change's values (not yet accepted). */
export function rejectedRecords(view: ProductionView): ExportedRecord[] {
  const records: ExportedRecord[] = [];
  view.dates.forEach((date, i) => {
    const state = view.states[i];
    if (state !== 'error' && state !== 'conflict') return;
    const values: ExportedRecord['values'] = {};
    for (const field of view.fields) values[field] = view.values[field]?.[i] ?? null;
    records.push({ date, values });
  });
  return records;
}

export function toJson(data: FailedChangeExport): string {
  const { op } = data;
  return `${JSON.stringify(
    {
      exportedAt: data.exportedAt.toISOString(),
      change: {
        seq: op.seq,
        kind: op.kind,
        projectId: op.projectId,
        wellId: op.wellId,
        wellName: data.wellName,
        range: op.range,
        recordCount: op.recordCount,
        queuedAt: op.createdAt,
        attempts: op.attempts,
      },
      serverAnswer: op.error,
      ...(data.well ? { well: data.well } : {}),
      ...(data.records ? { units: data.units ?? {}, records: data.records } : {}),
    },
    null,
    2,
  )}\n`;
}

export function toCsv(data: FailedChangeExport): string {
  const { op } = data;
  const error = op.error?.message ?? '';
  const requestId = op.error?.details?.requestId ?? '';
  let rows: Array<Array<string | number | null>>;
  if (op.kind === 'upsert-records') {
    const fields = PRODUCTION_FIELDS.filter((field) =>
      (data.records ?? []).some((record) => field in record.values),
    );
    const header = fields.map((field) => {
      const unit = data.units?.[field];
      return unit ? `${field} (${unit})` : field;
    });
    rows = [
      ['date', ...header],
      ...(data.records ?? []).map((record) => [
        record.date,
        ...fields.map((field) => record.values[field] ?? null),
      ]),
    ];
  } else if (op.kind === 'delete-range') {
    rows = [
      ['change', 'well', 'from', 'to', 'server_message', 'request_id'],
      ['delete days', data.wellName, op.range?.from ?? '', op.range?.to ?? '', error, requestId],
    ];
  } else {
    rows = [
      ['change', 'well_id', 'name', 'api_number', 'type', 'status', 'server_message', 'request_id'],
      [
        'well details',
        op.wellId,
        data.well?.name ?? data.wellName,
        data.well?.apiNumber ?? '',
        data.well?.type ?? '',
        data.well?.status ?? '',
        error,
        requestId,
      ],
    ];
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** RFC 4180 quoting; text a spreadsheet would run as a formula is defused with a quote mark. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+@\t\r-]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const KIND_WORD: Record<OutboxOperationView['kind'], string> = {
  'upsert-records': 'edits',
  'delete-range': 'deletion',
  'update-well': 'well-details',
};

/** flowline-smith-12h-edits-2024-01-05-to-2024-01-16-change-42.csv */
export function exportFileName(
  op: OutboxOperationView,
  wellName: string,
  extension: 'csv' | 'json',
): string {
  const slug =
    wellName
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'well';
  const range = op.range
    ? op.range.from === op.range.to
      ? `-${op.range.from}`
      : `-${op.range.from}-to-${op.range.to}`
    : '';
  return `flowline-${slug}-${KIND_WORD[op.kind]}${range}-change-${op.seq}.${extension}`;
}
