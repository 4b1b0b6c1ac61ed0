import { PRODUCTION_FIELDS, type ProductionField } from '#shared/api/index.js';
import { isFieldTarget } from '#shared/csv/index.js';
import type { ImportPreviewResult } from '#shared/desktop/index.js';
import { fieldHeading } from './mapping.js';

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** The first records as they will be queued: the project's units, in its order of fields. */
export function PreviewTable(props: { preview: ImportPreviewResult; waitingForDate: boolean }) {
  const { preview } = props;
  const mapped = new Set(preview.columns.map((c) => c.target).filter(isFieldTarget));
  const fields = PRODUCTION_FIELDS.filter((field) => mapped.has(field));
  const multiWell = preview.wells.length > 1;
  const names = new Map(preview.wells.map((well) => [well.wellId, well.name]));

  if (preview.blocked) {
    return (
      <p className="import-empty" data-testid="import-preview-blocked">
        Map a column to Date to see the records.
      </p>
    );
  }
  if (props.waitingForDate) {
    return (
      <p className="import-empty" data-testid="import-preview-waiting">
        Choose the date format to see the records.
      </p>
    );
  }
  if (preview.records.length === 0) {
    return (
      <p className="import-empty" data-testid="import-preview-empty">
        No row of this file can be imported with this mapping.
      </p>
    );
  }
  return (
    <div className="import-preview-scroll">
      <table className="import-preview" data-testid="import-preview">
        <caption className="visually-hidden">
          The first {preview.records.length} records, in {preview.unitSystem} units
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Date</th>
            {multiWell && <th scope="col">Well</th>}
            {fields.map((field) => (
              <th key={field} scope="col" className="num" data-field={field}>
                {headingParts(field, preview)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.records.map((row) => (
            <tr key={row.line} data-testid="import-preview-row" data-date={row.record.date}>
              <td className="muted">{row.line}</td>
              <td className="mono">{row.record.date}</td>
              {multiWell && (
                <td>
                  <bdi>{names.get(row.wellId) ?? row.wellId}</bdi>
                </td>
              )}
              {fields.map((field) => (
                <td key={field} className="num mono" data-field={field}>
                  {format(row.record[field])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {preview.summary.validRows > preview.records.length && (
        <p className="import-preview-more muted">
          First {preview.records.length} of {preview.summary.validRows.toLocaleString('en-US')}{' '}
          records.
        </p>
      )}
    </div>
  );
}

function headingParts(field: ProductionField, preview: ImportPreviewResult) {
  const heading = fieldHeading(field, preview.unitSystem);
  const open = heading.lastIndexOf(' (');
  return (
    <>
      {heading.slice(0, open)}
      <span className="import-unit-label">{heading.slice(open + 2, -1)}</span>
    </>
  );
}

function format(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : number.format(value);
}
