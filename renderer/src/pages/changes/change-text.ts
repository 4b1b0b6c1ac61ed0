import { FIELD_RULES, isProductionField } from '#shared/api/index.js';
import type { ChangeSource, ChangeView, ValueChangeView } from '#shared/desktop/index.js';
import type { CsvValue } from '#shared/csv/csv-writer.js';
import { STATUS_LABEL, TYPE_LABEL } from '../../shell/format.js';

/** The change log in words: what the table, the filters and the CSV call each thing. */

export const SOURCE_LABEL: Record<ChangeSource, string> = {
  grid: 'Typed in the grid',
  paste: 'Pasted',
  import: 'Imported file',
  status: 'Status change',
  well: 'Well details',
  delete: 'Deleted days',
  undo: 'Import taken back',
  event: 'Well event',
};

const MEMBER_LABEL: Record<string, string> = {
  name: 'Name',
  apiNumber: 'API/UWI number',
  type: 'Type',
  status: 'Status',
  latitude: 'Latitude',
  longitude: 'Longitude',
  spudDate: 'Spud date',
  lateralLength: 'Lateral length',
  perfTop: 'Perforations top',
  perfBottom: 'Perforations bottom',
  records: 'Records',
  startDate: 'Event start',
  endDate: 'Event end',
  category: 'Event reason',
  note: 'Event note',
};

/** The fields a person can filter on, production first. */
export const FIELD_CHOICES: Array<{ value: string; label: string }> = [
  ...Object.entries(FIELD_RULES).map(([value, rule]) => ({ value, label: rule.label })),
  ...Object.entries(MEMBER_LABEL)
    .filter(([value]) => value !== 'records')
    .map(([value, label]) => ({ value, label })),
];

export function fieldLabel(field: string): string {
  if (isProductionField(field)) return FIELD_RULES[field].label;
  return MEMBER_LABEL[field] ?? field;
}

/** Where it came from, with the file's name or the range when there is one. */
export function sourceText(change: Pick<ChangeView, 'source' | 'sourceLabel'>): string {
  const label = SOURCE_LABEL[change.source];
  return change.sourceLabel ? `${label}: ${change.sourceLabel}` : label;
}

/**
 * A value exactly as recorded (never rounded: the log is evidence), with its unit; words
 * for a status or a type; "empty" for no value, and "not on this computer" for a day never
 * downloaded before the change.
 */
export function valueText(
  change: Pick<ChangeView, 'oldUnknown'>,
  value: ValueChangeView,
  which: 'old' | 'new',
): string {
  if (which === 'old' && change.oldUnknown) return 'not on this computer';
  const stored = which === 'old' ? value.oldValue : value.newValue;
  if (stored === null) return 'empty';
  if (typeof stored === 'number') return value.unit ? `${stored} ${value.unit}` : String(stored);
  if (value.field === 'status') return STATUS_LABEL[stored] ?? stored;
  if (value.field === 'type') return TYPE_LABEL[stored] ?? stored;
  return stored;
}

export const STATE_LABEL: Record<ChangeView['state'], string> = {
  pending: 'Waiting to sync',
  synced: 'On the server',
  discarded: 'Discarded',
  local: 'On this computer only',
};

export const CSV_HEADER: CsvValue[] = [
  'Changed at (UTC)',
  'User',
  'Connection',
  'Source',
  'File or range',
  'Well',
  'Well ID',
  'Day',
  'Field',
  'Unit',
  'Before',
  'After',
  'State',
  'Settled at (UTC)',
];

/**
 * The CSV's rows of a change, one per value (a spreadsheet filters and pivots them):
 * numbers as numbers, in the project's units named in the Unit column.
 */
export function csvRows(change: ChangeView): CsvValue[][] {
  return change.values.map((value) => [
    change.at,
    change.actor,
    change.connectionName,
    SOURCE_LABEL[change.source],
    change.sourceLabel,
    change.wellName,
    change.wellId,
    change.date,
    fieldLabel(value.field),
    value.unit,
    change.oldUnknown ? 'not on this computer' : value.oldValue,
    value.newValue,
    STATE_LABEL[change.state],
    change.settledAt,
  ]);
}
