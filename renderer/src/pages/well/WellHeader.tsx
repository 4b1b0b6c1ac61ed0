import type { ReactNode } from 'react';
import type { UnitSystem } from '#shared/api/index.js';
import type { WellView } from '#shared/desktop/index.js';
import { formatApiNumber, formatTime } from '../../shell/format.js';
import { StatusSelect } from './StatusSelect.js';
import { wellFieldTexts } from './well-fields.js';

/** Every field of the well, with units of the project's system; the status is editable. */
export function WellHeader(props: { projectId: string; well: WellView; unitSystem: UnitSystem }) {
  const { well: w, unitSystem } = props;
  // The same fields as the report, except the name (the page's title), with the API
  // number in monospace, the status editable and the last change as a time.
  const shown: Record<string, ReactNode> = {
    'api-number': <span className="mono">{formatApiNumber(w.apiNumber)}</span>,
    status: (
      <StatusSelect
        projectId={props.projectId}
        wellId={w.id}
        status={w.status}
        syncState={w.syncState}
      />
    ),
    updated:
      w.updatedAt === null && w.createdAt === null ? '—' : formatTime(w.updatedAt ?? w.createdAt!),
  };
  const fields = wellFieldTexts(w, unitSystem)
    .filter((field) => field.key !== 'name')
    .map((field): [string, string, ReactNode] => [
      field.key,
      field.label,
      field.key in shown ? shown[field.key] : field.value,
    ]);
  return (
    <dl className="well-fields" data-testid="well-fields">
      {fields.map(([key, label, value]) => (
        <div key={key} data-testid={`well-field-${key}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
