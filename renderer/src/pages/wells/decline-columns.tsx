import { createColumnHelper } from '@tanstack/react-table';
import type { UnitSystem } from '#shared/api/index.js';
import {
  DECLINE_STREAMS,
  type DeclineStream,
  type WellDeclineSummary,
  type WellSortColumn,
  type WellView,
} from '#shared/desktop/index.js';
import { STREAM_LABEL, streamUnits } from '../well/decline/stream-units.js';

const column = createColumnHelper<WellView>();
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const twoDigits = fixed(2);
const oneDigit = fixed(1);
const threeDigits = fixed(3);

const show = (value: number | null | undefined, format: Intl.NumberFormat) =>
  value == null ? '—' : format.format(value);

/** The column ids of a stream, as the core's wells-list sorts them. */
function ids(stream: DeclineStream) {
  return {
    eur: `${stream}Eur` as const satisfies WellSortColumn,
    remaining: `${stream}Remaining` as const satisfies WellSortColumn,
    b: `${stream}B` as const satisfies WellSortColumn,
    di: `${stream}Di` as const satisfies WellSortColumn,
    rmse: `${stream}FitRmse` as const satisfies WellSortColumn,
  };
}

/** RMSE of ln(rate), with the fit's flags: poor and stale fits are marked and say why on hover. */
function FitQuality({ summary }: { summary: WellDeclineSummary | undefined }) {
  if (!summary) return <span className="muted">—</span>;
  return (
    <span className="fit-quality">
      {show(summary.rmseLog, threeDigits)}
      {summary.poor && (
        <span className="fit-mark poor" title="Poor fit: see the well's decline panel for why">
          poor
        </span>
      )}
      {summary.stale && (
        <span className="fit-mark stale" title="The production changed after this fit: refit it">
          stale
        </span>
      )}
    </span>
  );
}

/**
 * What the EUR and remaining columns count: the header's tooltip says it, as the panel does.
 * The cap is the project's own (50 years unless changed), so the words name it, not a number.
 */
const EUR_BASIS = `Produced to date + the saved fit's forecast to the project's economic limit or end date, at most the project's forecast cap (Settings in the decline panel)`;
const REMAINING_BASIS = `The saved fit's forecast from the last producing day to the project's economic limit or end date, at most the project's forecast cap`;

/**
 * The decline columns of the wells table, per stream: EUR, remaining, b, Di (secant
 * effective %/yr) and fit quality, from the fits saved on this computer (the well page's or "Forecast
 * all wells"). All start hidden; the column menu adds them. Each sorts in the core.
 */
export function declineColumns(unitSystem: UnitSystem) {
  return DECLINE_STREAMS.flatMap((stream) => {
    const id = ids(stream);
    const name = STREAM_LABEL[stream];
    const { volume } = streamUnits(stream, unitSystem);
    const summary = (well: WellView) => well.decline[stream];
    return [
      column.accessor((well) => summary(well)?.eur ?? null, {
        id: id.eur,
        header: `${name} EUR (${volume})`,
        size: 140,
        meta: {
          numeric: true,
          label: `${name} EUR`,
          hiddenByDefault: true,
          description: EUR_BASIS,
        },
        cell: (info) => show(info.getValue(), whole),
      }),
      column.accessor((well) => summary(well)?.remaining ?? null, {
        id: id.remaining,
        header: `${name} remaining (${volume})`,
        size: 175,
        meta: {
          numeric: true,
          label: `${name} remaining`,
          hiddenByDefault: true,
          description: REMAINING_BASIS,
        },
        cell: (info) => show(info.getValue(), whole),
      }),
      column.accessor((well) => summary(well)?.b ?? null, {
        id: id.b,
        header: `${name} b`,
        size: 75,
        meta: { numeric: true, label: `${name} b`, hiddenByDefault: true },
        cell: (info) => show(info.getValue(), twoDigits),
      }),
      column.accessor((well) => summary(well)?.diEffectivePercent ?? null, {
        id: id.di,
        header: `${name} Di (secant eff. %/yr)`,
        size: 150,
        meta: {
          numeric: true,
          label: `${name} Di (secant eff. %/yr)`,
          hiddenByDefault: true,
          description:
            'Initial decline, secant effective: the first year’s decline for the fit’s b',
        },
        cell: (info) => show(info.getValue(), oneDigit),
      }),
      column.accessor((well) => summary(well)?.rmseLog ?? null, {
        id: id.rmse,
        header: `${name} fit (RMSE)`,
        size: 140,
        meta: { numeric: true, label: `${name} fit quality`, hiddenByDefault: true },
        cell: (info) => <FitQuality summary={summary(info.row.original)} />,
      }),
    ];
  });
}
