import type { Aggregation, ProductionField } from '../api/index.js';
import { csvText } from './invalid-csv.js';

/**
 * A well's production as a CSV file (the well page's "Export CSV"): RFC 4180 text (see
 * csvText: CRLF, quoting, formula neutralising), one row per row of the view, a column per
 * field with its unit in the header. The headers are the ones the CSV importer reads back
 * (`Oil rate (m³/d)` → oil_rate in m³/d, `Well` → the well's name), so a daily export
 * imports again unchanged. A monthly export's first column is `Month`, which the importer
 * does not take for a date: monthly means are not daily records.
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

/** The rows of the export, header first; every cell is text, not yet quoted. */
export function wellCsvRows(view: ExportableView, wellName: string): string[][] {
  const fields = view.fields.filter((field) => view.values[field] !== undefined);
  const header = [
    view.aggregation === 'monthly' ? 'Month' : 'Date',
    'Well',
    ...fields.map((field) => exportHeader(field, view.units[field])),
  ];
  const rows = view.dates.map((date, row) => [
    date,
    wellName,
    ...fields.map((field) => exportNumber(view.values[field]?.[row])),
  ]);
  return [header, ...rows];
}

/** The CSV text of a well's view (UTF-8 without a BOM; the importer accepts either). */
export function wellCsv(view: ExportableView, wellName: string): string {
  return csvText(wellCsvRows(view, wellName));
}

/** The file's bytes as text: a BOM first, so spreadsheets read `m³` as UTF-8. */
export function wellCsvFile(view: ExportableView, wellName: string): string {
  return `\uFEFF${wellCsv(view, wellName)}`;
}
