import type { VolumeField, VolumesBefore } from '../../../../shared/production/index.js';
import { formatRowDate } from '../../pages/well/chart-format.js';
import type { MonthlySummary, PhaseMonth } from './monthly-summary.js';

const PHASE_LABEL: Record<VolumeField, string> = {
  oil_rate: 'Oil',
  gas_rate: 'Gas',
  water_rate: 'Water',
};

function number(value: number | null, digits: number): string {
  return value === null ? '—' : value.toLocaleString('en-US', { maximumFractionDigits: digits });
}

function cells(phase: PhaseMonth) {
  return (
    <>
      <td>{number(phase.volume, 0)}</td>
      <td>{number(phase.rate, 1)}</td>
    </>
  );
}

/** The report's monthly summary: volumes and average rates of each phase, with units. */
/**
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
        <tbody>
          {summary.rows.map((row) => (
            <tr key={row.month}>
              <th scope="row">{formatRowDate(row.month, true)}</th>
              <td>
                {row.producingDays} / {row.days}
              </td>
              {phases.map((phase) => (
                <Cells key={phase} phase={row.phases[phase]} />
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>
              {summary.total.producingDays} / {summary.total.days}
            </td>
            {phases.map((phase) => (
              <Cells key={phase} phase={summary.total.phases[phase]} />
            ))}
          </tr>
          {before && (
            <tr data-testid="report-since-first">
              <th scope="row">Since first production</th>
              <td />
              {phases.map((phase) => (
                <Cells
                  key={phase}
                  phase={{
                    volume: before[phase] + (summary.total.phases[phase].volume ?? 0),
                    rate: null,
                  }}
                />
              ))}
            </tr>
          )}
        </tfoot>
      </table>
      <p className="report-note">
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

function Cells({ phase }: { phase: PhaseMonth }) {
  return cells(phase);
}
