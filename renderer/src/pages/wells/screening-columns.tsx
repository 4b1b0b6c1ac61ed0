import { createColumnHelper } from '@tanstack/react-table';
import { localToday } from '#shared/dates/iso-day.js';
import {
  SCREENING_STREAMS,
  type ScreeningStream,
  type WellSortColumn,
  type WellView,
} from '#shared/desktop/index.js';
import { SPARKLINE_COLUMN, changeText, daysSince } from './screening-text.js';
import { Sparkline } from './Sparkline.js';

const column = createColumnHelper<WellView>();

const NAME: Record<ScreeningStream, string> = { oil: 'Oil', gas: 'Gas', water: 'Water' };
/** The rates chart's colours (oil green, gas red, water blue). */
const COLOR: Record<ScreeningStream, string> = {
  oil: '#15803d',
  gas: '#dc2626',
  water: '#2563eb',
};

/**
 * The screening columns, beside the latest rates: days since the last producing day; per
 * stream, the change of the latest rate against the producing day 30 days before, in percent
 * (comparable across wells of any size; the absolute rates are the columns before); and
 * per stream, the last 90 days as a sparkline. Shown by default, to fit a 1,366-px screen
 * beside the latest rates: the oil change and the oil sparkline (the last production cell
 * says the days since on hover); the rest from the column menu. Days since and the changes sort in
 * the core; a sparkline is a picture and does not sort.
 */
export function screeningColumns() {
  return [
    column.accessor((well) => daysSince(well.lastProduction?.date, localToday()), {
      id: 'daysSinceProduction' satisfies WellSortColumn,
      header: 'Days since',
      size: 96,
      meta: { numeric: true, label: 'Days since last production', hiddenByDefault: true },
      cell: (info) => {
        const days = info.getValue();
        return days === null ? '—' : days.toLocaleString('en-US');
      },
    }),
    ...SCREENING_STREAMS.map((stream) =>
      column.accessor((well) => well.screening?.change[stream] ?? null, {
        id: `${stream}Change` satisfies WellSortColumn,
        header: `${NAME[stream]} 30 d`,
        size: 86,
        meta: {
          numeric: true,
          label: `${NAME[stream]} change over 30 days (%)`,
          hiddenByDefault: stream !== 'oil',
        },
        cell: (info) => {
          const value = info.getValue();
          const tone = value == null || value === 0 ? '' : value < 0 ? ' falling' : ' rising';
          return <span className={`change${tone}`}>{changeText(value)}</span>;
        },
      }),
    ),
    ...SCREENING_STREAMS.map((stream) =>
      column.display({
        id: SPARKLINE_COLUMN[stream],
        header: `${NAME[stream]} 90 d`,
        size: 82,
        enableSorting: false,
        meta: { label: `${NAME[stream]} sparkline (90 days)`, hiddenByDefault: stream !== 'oil' },
        cell: (info) => {
          const well = info.row.original;
          const last = well.lastProduction?.date;
          return (
            <Sparkline
              values={well.screening?.sparklines[stream]}
              label={`${NAME[stream]} rate, the 90 days to ${last ?? '—'}`}
              color={COLOR[stream]}
            />
          );
        },
      }),
    ),
  ];
}
