import { projectUnit, isFieldTarget, type ColumnTarget } from '#shared/csv/index.js';
import type { ColumnOverride, ImportColumn, ImportPreviewResult } from '#shared/desktop/index.js';
import {
  changeColumn,
  displayUnit,
  TARGET_LABELS,
  TARGET_OPTIONS,
  unitChoicesOf,
  type ColumnLike,
} from './mapping.js';

interface Row extends ColumnLike {
  header: string;
  unit: string | null;
  unitChoices: string[];
  source: ImportColumn['source'];
  note?: string | undefined;
  samples: string[];
}

/** The columns as the person sees them: the last preview's, with their own changes on top. */
function rowsOf(
  preview: ImportPreviewResult,
  overrides: readonly ColumnOverride[] | undefined,
  initial: ImportPreviewResult['columns'] | undefined,
): Row[] {
  return preview.columns.map((shown) => {
    // "Changed" is against the mapping the file opened with (the core calls every sent column an override).
    const first = initial?.find((c) => c.index === shown.index);
    const same = first && first.target === shown.target && first.unit === shown.unit;
    const column = { ...shown, source: same ? first.source : shown.source };
    const change = overrides?.find((o) => o.index === column.index);
    if (
      !change ||
      (change.target === column.target && (change.unit ?? null) === (column.unit ?? null))
    ) {
      return column;
    }
    const unit = isFieldTarget(change.target)
      ? (change.unit ?? projectUnit(change.target, preview.unitSystem).id)
      : null;
    return {
      index: column.index,
      header: column.header,
      target: change.target,
      unit,
      unitChoices: unitChoicesOf(change.target),
      source: 'override',
      samples: column.samples,
    };
  });
}

const SOURCE_HINT: Record<ImportColumn['source'], string> = {
  detected: 'auto-matched',
  saved: 'saved mapping',
  override: 'changed',
  none: 'not recognised',
};

/** Each column of the file: its header and first cells, what it goes to, and its unit where it has one. */
export function MappingTable(props: {
  preview: ImportPreviewResult;
  overrides: ColumnOverride[] | undefined;
  initial: ImportPreviewResult['columns'] | undefined;
  disabled: boolean;
  onChange: (columns: ColumnOverride[]) => void;
}) {
  const rows = rowsOf(props.preview, props.overrides, props.initial);
  const change = (index: number, next: { target?: ColumnTarget; unit?: string | null }) =>
    props.onChange(changeColumn(rows, index, next));

  return (
    <table className="import-mapping" data-testid="import-mapping">
      <thead>
        <tr>
          <th scope="col">File column</th>
          <th scope="col">Imports as</th>
          <th scope="col">Unit in file</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const headerId = `import-col-${row.index}`;
          const ignored = row.target === 'ignore';
          return (
            <tr
              key={row.index}
              className={ignored ? 'is-ignored' : undefined}
              data-testid="import-mapping-row"
              data-index={row.index}
              data-target={row.target}
            >
              <th scope="row" id={headerId}>
                <span className="import-header-text" title={row.header}>
                  {row.header || <em className="muted">(no header)</em>}
                </span>
                <span className={`import-source import-source-${row.source}`}>
                  {SOURCE_HINT[row.source]}
                </span>
                {row.samples.length > 0 && (
                  // What the cells hold: how a column of dates the header does not name is found.
                  <span
                    className="import-samples mono"
                    title={row.samples.join('\n')}
                    data-testid={`mapping-samples-${row.index}`}
                  >
                    {row.samples.join(' · ')}
                  </span>
                )}
                {row.note && <span className="import-note">{row.note}</span>}
              </th>
              <td>
                <select
                  className="import-select"
                  aria-label={`Import "${row.header}" as`}
                  value={row.target}
                  disabled={props.disabled}
                  onChange={(event) =>
                    change(row.index, { target: event.target.value as ColumnTarget })
                  }
                  data-testid={`mapping-target-${row.index}`}
                >
                  {TARGET_OPTIONS.map((target) => (
                    <option key={target} value={target}>
                      {target === 'ignore' ? 'Ignore this column' : TARGET_LABELS[target]}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                {row.unitChoices.length > 0 && row.unit ? (
                  <select
                    className="import-select import-unit"
                    aria-label={`Unit of "${row.header}"`}
                    value={row.unit}
                    disabled={props.disabled}
                    onChange={(event) => change(row.index, { unit: event.target.value })}
                    data-testid={`mapping-unit-${row.index}`}
                  >
                    {row.unitChoices.map((unit) => (
                      <option key={unit} value={unit}>
                        {displayUnit(unit)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span className="muted import-no-unit">—</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
