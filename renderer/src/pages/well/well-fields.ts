import { unitLabel, type UnitSystem } from '#shared/api/index.js';
import type { WellView } from '#shared/desktop/index.js';
import { formatDay } from '../../sync/dates.js';
import { formatApiNumber, statusLabel, typeLabel } from '../../shell/format.js';

/**
 * Every field of a well as text, labelled with its unit in the project's system: the
 * well page's header and the PDF report show the same list.
 */
export function wellFieldTexts(
  well: WellView,
  system: UnitSystem,
): Array<{ key: string; label: string; value: string }> {
  const length = unitLabel('length', system);
  const number = (value: number | null) =>
    value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const day = (iso: string | null) => (iso ? formatDay(iso) : '—');
  const perf = well.perfInterval;
  const fields: Array<[string, string, string]> = [
    ['name', 'Well', well.name],
    ['api-number', 'API number', formatApiNumber(well.apiNumber)],
    ['type', 'Type', typeLabel(well.type)],
    ['status', 'Status', statusLabel(well.status)],
    ['spud-date', 'Spud date', day(well.spudDate)],
    ['first-production', 'First production', day(well.firstProductionDate)],
    [
      'lateral-length',
      `Lateral length (${length})`,
      well.lateralLength === null ? '—' : number(well.lateralLength),
    ],
    [
      'perf-interval',
      `Perforations, MD (${length})`,
      perf ? `${number(perf.topMd)} – ${number(perf.bottomMd)}` : '—',
    ],
    [
      'perf-length',
      `Perforated length (${length})`,
      // Only when both ends are known: the service may send one without the other.
      perf && perf.topMd !== null && perf.bottomMd !== null
        ? number(perf.bottomMd - perf.topMd)
        : '—',
    ],
    ['latitude', 'Latitude (°)', well.latitude === null ? '—' : well.latitude.toFixed(5)],
    ['longitude', 'Longitude (°)', well.longitude === null ? '—' : well.longitude.toFixed(5)],
    ['unit-system', 'Units', system === 'metric' ? 'Metric' : 'Imperial'],
    ['updated', 'Last changed', day((well.updatedAt ?? well.createdAt)?.slice(0, 10) ?? null)],
  ];
  return fields.map(([key, label, value]) => ({ key, label, value }));
}
