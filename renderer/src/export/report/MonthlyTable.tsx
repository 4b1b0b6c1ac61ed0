import type { VolumeField, VolumesBefore } from '#shared/production/index.js';
import { formatInUnit, formatRowDate } from '../../pages/well/chart-format.js';
import { formatDay, formatDayRange } from '../../sync/dates.js';
import type { MonthlySummary, PhaseMonth, SummaryRow } from './monthly-summary.js';

const PHASE_LABEL: Record<VolumeField, string> = {
  oil_rate: 'Oil',
  gas_rate: 'Gas',
  water_rate: 'Water',
};

/** A figure to its unit's decimals, so a column reads to one place (display-precision.ts). */
function number(value: number | null, unit: string): string {
  return value === null ? '—' : formatInUnit(value, unit);
}

/**
 * Month rows printed on the same page as the totals under them: the total row never
 * starts a page alone, away from the months it sums.
 */
export const ROWS_KEPT_WITH_TOTAL = 2;

/**
 * The report's monthly summary: volumes and average rates of each phase, with units, then
 * the totals at the very end of the table ("Total, <from> – <to>" under a rule, and the
 * cumulative since first production). Not a `<tfoot>`: Chromium repeats a table's footer
 * at the foot of every page the table spans, where the totals read as a page's subtotal.
 * `before`: the volumes produced before the range, for the "since first production" row
 * (Np, Gp, Wp at the end of the range); null when that history is not on this computer.
 */
export function MonthlyTable({
  summary,
  before,
}: {
  summary: MonthlySummary;
  before: VolumesBefore | null;
}) {
  const { phases, units } = summary;
  const split = Math.max(0, summary.rows.length - ROWS_KEPT_WITH_TOTAL);
  const monthRow = (row: SummaryRow) => (
    <tr key={row.month}>
      <th scope="row">{formatRowDate(row.month, true)}</th>
      <td>
        {row.producingDays} / {row.days}
      </td>
      {phases.map((phase) => (
        <Cells key={phase} phase={row.phases[phase]} units={units[phase]} />
      ))}
    </tr>
  );
  return (
    <div className="report-monthly">
      <h2>Monthly summary</h2>
      <table className="report-table" data-testid="report-monthly">
        <thead>
          <tr>
            <th rowSpan={2}>Month</th>
            <th rowSpan={2}>Producing days</th>
            {phases.map((phase) => (
              <th key={phase} colSpan={2}>
                {PHASE_LABEL[phase]}
              </th>
            ))}
          </tr>
          <tr>
            {phases.map((phase) => [
              <th key={`${phase}-volume`}>Volume ({units[phase].volume})</th>,
              <th key={`${phase}-rate`}>Avg rate ({units[phase].rate})</th>,
            ])}
          </tr>
        </thead>
        {split > 0 && <tbody>{summary.rows.slice(0, split).map(monthRow)}</tbody>}
        {/* The last months and the totals: one group a page break does not split. */}
        <tbody className="report-table-end">
          {summary.rows.slice(split).map(monthRow)}
          <tr className="report-totals-row" data-testid="report-total">
            <th scope="row">
              Total, <span className="nowrap">{formatDayRange(summary.from, summary.to)}</span>
            </th>
            <td>
              {summary.total.producingDays} / {summary.total.days}
            </td>
            {phases.map((phase) => (
              <Cells key={phase} phase={summary.total.phases[phase]} units={units[phase]} />
            ))}
          </tr>
          {before && (
            <tr className="report-totals-row since-first" data-testid="report-since-first">
              <th scope="row">
                Since first production, to <span className="nowrap">{formatDay(summary.to)}</span>
              </th>
              <td />
              {phases.map((phase) => (
                <Cells
                  key={phase}
                  units={units[phase]}
                  phase={{
                    volume: before[phase] + (summary.total.phases[phase].volume ?? 0),
                    rate: null,
                  }}
                />
              ))}
            </tr>
          )}
        </tbody>
      </table>
      <p className="report-note">
        Total: the volumes of the whole range and their average rates over its calendar days.
        Volumes are the sums of the daily rates (rate × 1 day). Average rates are a month’s volume
        divided by its calendar days inside the range. Producing days: days with runtime or a
        non-zero rate, of the calendar days in the range.
        {before
          ? ' Since first production: cumulative volumes (Np, Gp, Wp) at the end of the range.'
          : ' The history before the range is not on this computer, so no cumulative since first production is given.'}
      </p>
    </div>
  );
}

function Cells({ phase, units }: { phase: PhaseMonth; units: { volume: string; rate: string } }) {
  return (
    <>
      <td>{number(phase.volume, units.volume)}</td>
      <td>{number(phase.rate, units.rate)}</td>
    </>
  );
}
