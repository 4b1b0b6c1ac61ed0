import { createColumnHelper } from '@tanstack/react-table';
import { unitLabel, type UnitSystem } from '#shared/api/index.js';
import { localToday } from '#shared/dates/iso-day.js';
import type { ScreeningStream, WellSortColumn, WellView } from '#shared/desktop/index.js';
import { DEFAULT_RATE_BASIS, type RateBasis } from '#shared/production/rate-basis.js';
import { formatApiNumber, typeLabel } from '../../shell/format.js';
import { declineColumns } from './decline-columns.js';
import { latestRate } from './latest-rates.js';
import { BASIS_TAG, rateDescription } from './rate-basis-text.js';
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
  /** The header's tooltip: what the column's values are exactly. */
  description?: string;
}

/** A rate column's header: the stream and unit, and under them the basis. */
function rateHeader(title: string, basis: RateBasis) {
  return (
    <span className="th-lines">
      <span>{title}</span>
      <span className="th-basis">
        <span className="sr-only">,</span> {BASIS_TAG[basis]}
      </span>
    </span>
  );
}

/**
 * The wells table's columns, the ones an engineer screens by first: name, API number,
 * status, the last producing day and its oil, gas and water rates fit a 1,366-px laptop
 * screen; type, dates and lateral length can be added from the column menu. Each id is a
 * sort column the core understands (sorting happens in SQL over the whole project, not
 * over the rows on screen); `size` is the column's width in pixels. Rates are on `basis`
 * (the last producing day's, or an average over the last producing days), held in the cache
 * or found by the screening fill; their header says which (screening-columns.tsx adds days
 * since, the 30-day change and the 90-day sparkline).
 */
export function wellColumns(
  unitSystem: UnitSystem,
  projectId: string,
  basis: RateBasis = DEFAULT_RATE_BASIS,
) {
  const liquid = unitLabel('liquidRate', unitSystem);
  const gas = unitLabel('gasRate', unitSystem);
  const unit = { oil: liquid, gas, water: liquid };
  const rate = (stream: ScreeningStream, id: WellSortColumn, title: string, size: number) =>
    column.accessor((well) => latestRate(well, stream), {
      id,
      header: () => rateHeader(`${title} (${unit[stream]})`, basis),
      size,
      meta: {
        numeric: true,
        label: `Latest ${stream} rate`,
        description: rateDescription(stream, basis, unit[stream]),
      },
      cell: (info) => number(info.getValue()),
    });
  return [
    column.accessor('name', {
      id: 'name' satisfies WellSortColumn,
      header: 'Name',
      size: 164,
      cell: (info) => {
        const offline = info.row.original.availableOffline;
        return (
          <div className="name-cell">
            {/* The whole name on hover, should one still be cut by a narrowed column. */}
            <span className="name-text" title={info.getValue()} data-testid="well-name">
              <bdi>{info.getValue()}</bdi>
            </span>
            {offline && (
              <span
                className="offline-mark"
                title={`Available offline: ${offline.from} – ${offline.to}`}
                data-testid="well-offline-mark"
              >
                {/* A dot on screen (its title says more); the word for screen readers. */}
                <span className="visually-hidden">offline</span>
              </span>
            )}
          </div>
        );
      },
    }),
    column.accessor('apiNumber', {
      id: 'apiNumber' satisfies WellSortColumn,
      header: 'API number',
      // A Canadian UWI in DLS form (100/01-09-069-10W6/00) whole, in the monospace font.
      size: 188,
      meta: {
        label: 'API number',
        description:
          'US API number, or Canadian UWI in DLS or NTS form, as its authority writes it (search finds it with or without separators)',
      },
      cell: (info) => <span className="mono">{formatApiNumber(info.getValue())}</span>,
    }),
    column.accessor('status', {
      id: 'status' satisfies WellSortColumn,
      header: 'Status',
      // Room for "Inactive ▾" and a "pending" mark beside it, never clipped.
      size: 156,
      meta: { label: 'Status' },
      // Keyed by well: its editing state must not pass to the next well shown in its row.
      cell: (info) => <StatusCell well={info.row.original} projectId={projectId} />,
    }),
    column.accessor((well) => well.lastProduction?.date ?? null, {
      id: 'lastProductionDate' satisfies WellSortColumn,
      header: 'Last production',
      size: 120,
      meta: {
        label: 'Last production',
        description:
          "The well's last producing day: the latest day with an oil, gas or water rate above zero",
      },
      cell: (info) => {
        const days = daysSince(info.getValue(), localToday());
        return (
          <span className="mono" title={days === null ? undefined : `${days} days ago`}>
            {info.getValue() ?? '—'}
          </span>
        );
      },
    }),
    rate('oil', 'latestOilRate', 'Oil', 90),
    rate('gas', 'latestGasRate', 'Gas', 110),
    rate('water', 'latestWaterRate', 'Water', 112),
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
