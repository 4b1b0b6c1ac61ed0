import { createColumnHelper } from '@tanstack/react-table';
import { unitLabel, type UnitSystem } from '../../../../shared/api/index.js';
import type { WellSortColumn, WellView } from '../../../../shared/desktop/index.js';
import { formatApiNumber, TYPE_LABEL } from '../../shell/format.js';
import { StatusCell } from './StatusCell.js';

const column = createColumnHelper<WellView>();

const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const number = (value: number | null | undefined) => (value == null ? '—' : decimal.format(value));
const date = (value: string | null | undefined) => <span className="mono">{value ?? '—'}</span>;

/**
 * The wells table's columns. Each id is a sort column the core understands (sorting
 * happens in SQL over the whole project, not over the rows on screen); `size` is the
 * column's width in pixels. Rates are the latest producing day held in the cache.
 */
export function wellColumns(unitSystem: UnitSystem, projectId: string) {
  const liquid = unitLabel('liquidRate', unitSystem);
  const gas = unitLabel('gasRate', unitSystem);
  return [
    column.accessor('name', {
      id: 'name' satisfies WellSortColumn,
      header: 'Name',
      size: 280,
      cell: (info) => {
        const offline = info.row.original.availableOffline;
        return (
          <>
            {info.getValue()}
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
      size: 195,
      cell: (info) => <span className="mono">{formatApiNumber(info.getValue())}</span>,
    }),
    column.accessor('type', {
      id: 'type' satisfies WellSortColumn,
      header: 'Type',
      size: 100,
      cell: (info) => TYPE_LABEL[info.getValue()] ?? info.getValue(),
    }),
    column.accessor('status', {
      id: 'status' satisfies WellSortColumn,
      header: 'Status',
      size: 170,
      cell: (info) => <StatusCell well={info.row.original} projectId={projectId} />,
    }),
    column.accessor('firstProductionDate', {
      id: 'firstProductionDate' satisfies WellSortColumn,
      header: 'First production',
      size: 130,
      cell: (info) => date(info.getValue()),
    }),
    column.accessor('spudDate', {
      id: 'spudDate' satisfies WellSortColumn,
      header: 'Spud date',
      size: 110,
      cell: (info) => date(info.getValue()),
    }),
    column.accessor('lateralLength', {
      id: 'lateralLength' satisfies WellSortColumn,
      header: `Lateral (${unitLabel('length', unitSystem)})`,
      size: 110,
      meta: { numeric: true },
      cell: (info) => number(info.getValue()),
    }),
    column.accessor((well) => well.lastProduction?.date ?? null, {
      id: 'lastProductionDate' satisfies WellSortColumn,
      header: 'Last production',
      size: 130,
      cell: (info) => date(info.getValue()),
    }),
    column.accessor((well) => well.lastProduction?.oilRate ?? null, {
      id: 'latestOilRate' satisfies WellSortColumn,
      header: `Oil (${liquid})`,
      size: 110,
      meta: { numeric: true },
      cell: (info) => number(info.getValue()),
    }),
    column.accessor((well) => well.lastProduction?.gasRate ?? null, {
      id: 'latestGasRate' satisfies WellSortColumn,
      header: `Gas (${gas})`,
      size: 120,
      meta: { numeric: true },
      cell: (info) => number(info.getValue()),
    }),
    column.accessor((well) => well.lastProduction?.waterRate ?? null, {
      id: 'latestWaterRate' satisfies WellSortColumn,
      header: `Water (${liquid})`,
      size: 120,
      meta: { numeric: true },
      cell: (info) => number(info.getValue()),
    }),
  ];
}
