import { createColumnHelper } from '@tanstack/react-table';
import { unitLabel, type UnitSystem } from '../../../../shared/api/index.js';
import { localToday } from '../../../../shared/dates/iso-day.js';
import type { WellSortColumn, WellView } from '../../../../shared/desktop/index.js';
import { formatApiNumber, typeLabel } from '../../shell/format.js';
import { declineColumns } from './decline-columns.js';
import { latestRate } from './latest-rates.js';
import { screeningColumns } from './screening-columns.js';
import { daysSince } from './screening-text.js';
import { StatusCell } from './StatusCell.js';

const column = createColumnHelper<WellView>();

const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const number = (value: number | null | undefined) => (value == null ? '—' : decimal.format(value));
const date = (value: string | null | undefined) => <span className="mono">{value ?? '—'}</span>;

/** What a column says of itself: numbers align right; `label` names it in the column menu. */
export interface WellColumnMeta {
  numeric?: boolean;
  /** The column menu's name for it; the name column has none (it is always shown). */
  label?: string;
  /** Shown only when chosen in the column menu. */
  hiddenByDefault?: boolean;
}

/**
 * The wells table's columns, the ones an engineer screens by first: name, API number,
 * status, the last producing day and its oil, gas and water rates fit a 1,366-px laptop
 * screen; type, dates and lateral length can be added from the column menu. Each id is a
 * sort column the core understands (sorting happens in SQL over the whole project, not
 * over the rows on screen); `size` is the column's width in pixels. Rates are the latest
 * producing day held in the cache or found by the screening fill (screening-columns.tsx
 * adds days since, the 30-day change and the 90-day sparkline).
 */
export function wellColumns(unitSystem: UnitSystem, projectId: string) {
  const liquid = unitLabel('liquidRate', unitSystem);
  const gas = unitLabel('gasRate', unitSystem);
  return [
    column.accessor('name', {
      id: 'name' satisfies WellSortColumn,
      header: 'Name',
      size: 164,
      cell: (info) => {
        const offline = info.row.original.availableOffline;
        return (
          <>
            {/* The whole name on hover: a long one is cut to fit the column. */}
            <span title={info.getValue()} data-testid="well-name">
              <bdi>{info.getValue()}</bdi>
            </span>
            {offline && (
              <span
                className="offline-mark"
                title={`Available offline: ${offline.from} – ${offline.to}`}
                data-testid="well-offline-mark"
              >
                offline
              </span>
            )}
          </>
        );
      },
    }),
    column.accessor('apiNumber', {
      id: 'apiNumber' satisfies WellSortColumn,
      header: 'API number',
      size: 166,
      meta: { label: 'API number' },
      cell: (info) => <span className="mono">{formatApiNumber(info.getValue())}</span>,
    }),
    column.accessor('status', {
      id: 'status' satisfies WellSortColumn,
      header: 'Status',
      size: 104,
      meta: { label: 'Status' },
      // Keyed by well: its editing state must not pass to the next well shown in its row.
      cell: (info) => (
        <StatusCell key={info.row.original.id} well={info.row.original} projectId={projectId} />
      ),
    }),
    column.accessor((well) => well.lastProduction?.date ?? null, {
      id: 'lastProductionDate' satisfies WellSortColumn,
      header: 'Last production',
      size: 120,
      meta: { label: 'Last production' },
      cell: (info) => {
        const days = daysSince(info.getValue(), localToday());
        return (
          <span className="mono" title={days === null ? undefined : `${days} days ago`}>
            {info.getValue() ?? '—'}
          </span>
        );
      },
    }),
    column.accessor((well) => latestRate(well, 'oil'), {
      id: 'latestOilRate' satisfies WellSortColumn,
      header: `Oil (${liquid})`,
      size: 90,
      meta: { numeric: true, label: 'Latest oil rate' },
      cell: (info) => number(info.getValue()),
    }),
    column.accessor((well) => latestRate(well, 'gas'), {
      id: 'latestGasRate' satisfies WellSortColumn,
      header: `Gas (${gas})`,
      size: 110,
      meta: { numeric: true, label: 'Latest gas rate' },
      cell: (info) => number(info.getValue()),
    }),
    column.accessor((well) => latestRate(well, 'water'), {
      id: 'latestWaterRate' satisfies WellSortColumn,
      header: `Water (${liquid})`,
      size: 112,
      meta: { numeric: true, label: 'Latest water rate' },
      cell: (info) => number(info.getValue()),
    }),
    ...screeningColumns(),
    column.accessor('type', {
      id: 'type' satisfies WellSortColumn,
      header: 'Type',
      size: 100,
      meta: { label: 'Type', hiddenByDefault: true },
      cell: (info) => typeLabel(info.getValue()),
    }),
    column.accessor('firstProductionDate', {
      id: 'firstProductionDate' satisfies WellSortColumn,
      header: 'First production',
      size: 130,
      meta: { label: 'First production', hiddenByDefault: true },
      cell: (info) => date(info.getValue()),
    }),
    column.accessor('spudDate', {
      id: 'spudDate' satisfies WellSortColumn,
      header: 'Spud date',
      size: 110,
      meta: { label: 'Spud date', hiddenByDefault: true },
      cell: (info) => date(info.getValue()),
    }),
    column.accessor('lateralLength', {
      id: 'lateralLength' satisfies WellSortColumn,
      header: `Lateral (${unitLabel('length', unitSystem)})`,
      size: 110,
      meta: { numeric: true, label: 'Lateral length', hiddenByDefault: true },
      cell: (info) => number(info.getValue()),
    }),
    ...declineColumns(unitSystem),
  ];
}
