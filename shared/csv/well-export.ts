import type { Aggregation, ProductionField, UnitSystem } from '../api/index.js';
import {
  CUMULATIVE_LABELS,
  cumulativeSeries,
  type VolumesBefore,
} from '../production/cumulative.js';
import { csvText } from './csv-writer.js';

/**
 * A well's production as a CSV file (the well page's "Export CSV"): RFC 4180 text (see
 * csvText: CRLF, quoting, formula neutralising), one row per row of the view, a column per
 * field with its unit in the header. The headers are the ones the CSV importer reads back
 * (`Oil rate (m³/d)` → oil_rate in m³/d, `Well` → the well's name), so a daily export
 * imports again unchanged. A monthly export's first column is `Month`, which the importer
 * does not take for a date: monthly means are not daily records.
 *
 * A daily export ends with the cumulative oil, gas and water: since first production when
 * the volumes before the range are known (`Cumulative oil since first production (bbl)`),
 * otherwise within the range (`Cumulative oil in the range (bbl)`). The importer ignores
 * these columns, so the file still imports back unchanged.
 */

/** Header names per field, as shared/csv/headers.ts recognises them. */
export const EXPORT_FIELD_HEADERS: Record<ProductionField, string> = {
  oil_rate: 'Oil rate',
  water_rate: 'Water rate',
  gas_rate: 'Gas rate',
  bhp: 'BHP',
  thp: 'THP',
  choke_size: 'Choke',
  runtime: 'Runtime',
  gor: 'GOR',
  watercut: 'Watercut',
};

/** What the export needs of a production view (`ProductionView` is one). */
export interface ExportableView {
  aggregation: Aggregation;
  unitSystem: UnitSystem;
  fields: readonly ProductionField[];
  units: Partial<Record<ProductionField, string>>;
  dates: readonly string[];
  values: Partial<Record<ProductionField, ReadonlyArray<number | null>>>;
}

/** `Oil rate (m³/d)`; a field without a unit has none in brackets. */
export function exportHeader(field: ProductionField, unit: string | undefined): string {
  const name = EXPORT_FIELD_HEADERS[field];
  return unit ? `${name} (${unit})` : name;
}

/** A number as written: every digit the view holds (the importer reads it back exactly). */
export function exportNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : String(value);
}

/**
 * The rows of the export, header first; every cell is text, not yet quoted. `before`: the
 * volumes produced before the range (null: not known, the cumulative counts from the range).
 */
export function wellCsvRows(
  view: ExportableView,
  wellName: string,
  before: VolumesBefore | null = null,
): string[][] {
  const fields = view.fields.filter((field) => view.values[field] !== undefined);
  const cumulative =
    view.aggregation === 'daily' ? cumulativeSeries(view, view.unitSystem, before) : [];
  const since = before ? 'since first production' : 'in the range';
  const header = [
    view.aggregation === 'monthly' ? 'Month' : 'Date',
    'Well',
    ...fields.map((field) => exportHeader(field, view.units[field])),
    ...cumulative.map((series) => `${CUMULATIVE_LABELS[series.field]} ${since} (${series.unit})`),
  ];
  const rows = view.dates.map((date, row) => [
    date,
    wellName,
    ...fields.map((field) => exportNumber(view.values[field]?.[row])),
    ...cumulative.map((series) => exportNumber(roundVolume(series.values[row]))),
  ]);
  return [header, ...rows];
}

/** Running sums gather float noise (0.1 + 0.2): 12 significant digits drop it. */
function roundVolume(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value.toPrecision(12));
}

/** The CSV text of a well's view (UTF-8 without a BOM; the importer accepts either). */
export function wellCsv(
  view: ExportableView,
  wellName: string,
  before: VolumesBefore | null = null,
): string {
  return csvText(wellCsvRows(view, wellName, before));
}

/** The file's bytes as text: a BOM first, so spreadsheets read `m³` as UTF-8. */
export function wellCsvFile(
  view: ExportableView,
  wellName: string,
  before: VolumesBefore | null = null,
): string {
  return `\uFEFF${wellCsv(view, wellName, before)}`;
}
