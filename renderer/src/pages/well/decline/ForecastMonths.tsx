import type { ForecastPreview } from './forecast-preview.js';
import type { StreamUnits } from './stream-units.js';

const volume = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const rate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * The forecast's volumes month by month, one click from the EUR: the numbers an engineer
 * carries into a budget, as the Forecast CSV has them (days, volume, average rate, and the
 * cumulative from the volume produced to date). A closed disclosure until asked for; the
 * table scrolls in its own box, which takes the keyboard focus so it scrolls by keys too.
 */
export function ForecastMonths(props: { preview: ForecastPreview; units: StreamUnits }) {
  const { preview, units } = props;
  const rows = withCumulative(preview);
  return (
    <details className="decline-months" data-testid="decline-months">
      <summary className="well-button">Forecast by month ({rows.length})</summary>
      <div
        className="decline-months-box"
        role="region"
        aria-label="Forecast volumes by month"
        tabIndex={0}
      >
        <table className="decline-months-table">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Days</th>
              <th scope="col">Volume ({units.volume})</th>
              <th scope="col">Average rate ({units.rate})</th>
              <th scope="col">Cumulative ({units.volume})</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                <td>{rate.format(month.days)}</td>
                <td>{volume.format(month.volume)}</td>
                <td>{month.days > 0 ? rate.format(month.volume / month.days) : '—'}</td>
                <td>{volume.format(month.cumulative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Each month with the cumulative at its end, from the volume produced to date. */
function withCumulative(preview: ForecastPreview) {
  const rows: Array<ForecastPreview['months'][number] & { cumulative: number }> = [];
  let cumulative = preview.cumulativeToDate;
  for (const month of preview.months) {
    cumulative += month.volume;
    rows.push({ ...month, cumulative });
  }
  return rows;
}
