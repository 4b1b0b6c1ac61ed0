import { PRODUCTION_FIELDS, type WellPatch } from '#shared/api/index.js';
import { csvText, type CsvValue } from '#shared/csv/csv-writer.js';
import type { OutboxGetResult, OutboxOperationView } from '#shared/desktop/index.js';

/**
 * A rejected change written to a file, so nothing typed is lost even when it is
 * discarded: JSON (everything: the change, the server's answer, the values with
 * what the server had before) and CSV (the values alone, with the API's field
 * names and units in the headers, ready to fix in a spreadsheet and import
 * again). The content comes from outbox-get, which reads the outbox itself, so
 * this works for a well the server deleted too.
 */

export interface FailedChangeExport {
  change: OutboxGetResult;
  /** The core's name of the well, else the label the panel shows (`Well <id>`). */
  wellName: string;
  exportedAt: Date;
}

export function toJson({ change, wellName, exportedAt }: FailedChangeExport): string {
  return `${JSON.stringify(
    {
      exportedAt: exportedAt.toISOString(),
      change: {
        seq: change.seq,
        kind: change.kind,
        state: change.state,
        projectId: change.projectId,
        wellId: change.wellId,
        wellName,
        range: change.range,
        recordCount: change.recordCount,
        queuedAt: change.createdAt,
        attempts: change.attempts,
      },
      serverAnswer: change.error,
      unitSystem: change.unitSystem,
      ...(change.records ? { units: change.units, records: change.records } : {}),
      ...(change.patch ? { lengthUnit: change.lengthUnit, patch: change.patch } : {}),
      ...(change.conflicts ? { conflicts: change.conflicts } : {}),
    },
    null,
    2,
  )}\n`;
}

export function toCsv({ change, wellName }: FailedChangeExport): string {
  const error = change.error?.message ?? '';
  const requestId = change.error?.details?.requestId ?? '';
  let rows: CsvValue[][];
  if (change.kind === 'upsert-records') {
    // Every field: a record replaces the whole day on the server, empty cells included.
    rows = [
      ['date', ...PRODUCTION_FIELDS.map((field) => `${field} (${change.units[field]})`)],
      ...(change.records ?? []).map((record) => [
        record.date,
        ...PRODUCTION_FIELDS.map((field) => record.values[field]),
      ]),
    ];
  } else if (change.kind === 'delete-range') {
    rows = [
      ['change', 'well', 'from', 'to', 'server_message', 'request_id'],
      ['delete days', wellName, change.range?.from ?? '', change.range?.to ?? '', error, requestId],
    ];
  } else {
    const columns = patchColumns(change.patch ?? {}, change.lengthUnit);
    rows = [
      [
        'change',
        'well_id',
        'well',
        ...columns.map(([header]) => header),
        'server_message',
        'request_id',
      ],
      [
        'well details',
        change.wellId,
        wellName,
        ...columns.map(([, value]) => value),
        error,
        requestId,
      ],
    ];
  }
  return csvText(rows);
}

/** The fields the well change sets, in the API's names; lengths with their unit. */
function patchColumns(patch: WellPatch, lengthUnit: string): Array<[string, CsvValue]> {
  const columns: Array<[string, CsvValue]> = [];
  if (patch.name !== undefined) columns.push(['name', patch.name]);
  if (patch.apiNumber !== undefined) columns.push(['api_number', patch.apiNumber]);
  if (patch.type !== undefined) columns.push(['type', patch.type]);
  if (patch.status !== undefined) columns.push(['status', patch.status]);
  if (patch.latitude !== undefined) columns.push(['latitude', patch.latitude]);
  if (patch.longitude !== undefined) columns.push(['longitude', patch.longitude]);
  if (patch.spudDate !== undefined) columns.push(['spud_date', patch.spudDate]);
  if (patch.lateralLength !== undefined)
    columns.push([`lateral_length (${lengthUnit})`, patch.lateralLength]);
  if (patch.perfInterval !== undefined) {
    columns.push([`perf_top_md (${lengthUnit})`, patch.perfInterval?.topMd ?? null]);
    columns.push([`perf_bottom_md (${lengthUnit})`, patch.perfInterval?.bottomMd ?? null]);
  }
  return columns;
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
