import type { ReactNode } from 'react';
import { unitLabel, type UnitSystem } from '../../../../shared/api/index.js';
import type { WellView } from '../../../../shared/desktop/index.js';
import { formatApiNumber, formatTime, TYPE_LABEL } from '../../shell/format.js';
import { formatLongDay } from './chart-format.js';
import { StatusSelect } from './StatusSelect.js';

/** Every field of the well, with units of the project's system; the status is editable. */
export function WellHeader(props: { projectId: string; well: WellView; unitSystem: UnitSystem }) {
  const { well: w, unitSystem } = props;
  const length = unitLabel('length', unitSystem);
  const number = (value: number, digits = 0) =>
    value.toLocaleString('en-US', { maximumFractionDigits: digits });
  const perf = w.perfInterval;
  const fields: Array<[key: string, label: string, value: ReactNode]> = [
    ['api-number', 'API number', <span className="mono">{formatApiNumber(w.apiNumber)}</span>],
    ['type', 'Type', TYPE_LABEL[w.type] ?? w.type],
    [
      'status',
      'Status',
      <StatusSelect
        projectId={props.projectId}
        wellId={w.id}
        status={w.status}
        syncState={w.syncState}
      />,
    ],
    ['spud-date', 'Spud date', w.spudDate ? formatLongDay(w.spudDate) : '—'],
    [
      'first-production',
      'First production',
      w.firstProductionDate ? formatLongDay(w.firstProductionDate) : '—',
    ],
    [
      'lateral-length',
      `Lateral length (${length})`,
      w.lateralLength === null ? '—' : number(w.lateralLength),
    ],
    [
      'perf-interval',
      `Perforations, MD (${length})`,
      perf ? `${number(perf.topMd)} – ${number(perf.bottomMd)}` : '—',
    ],
    [
      'perf-length',
      `Perforated length (${length})`,
      perf ? number(perf.bottomMd - perf.topMd) : '—',
    ],
    ['latitude', 'Latitude (°)', w.latitude === null ? '—' : w.latitude.toFixed(5)],
    ['longitude', 'Longitude (°)', w.longitude === null ? '—' : w.longitude.toFixed(5)],
    ['unit-system', 'Units', unitSystem === 'metric' ? 'Metric' : 'Imperial'],
    ['updated', 'Last changed', formatTime(w.updatedAt ?? w.createdAt)],
  ];
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
