import type { CauseVolume, MonthLoss } from '#shared/desktop/index.js';
import { formatInUnit, formatTick } from '../well/chart-format.js';
import { causeColours, monthText } from './loss-text.js';

const WIDTH = 560;
const HEIGHT = 220;
const PAD = { left: 56, right: 12, top: 12, bottom: 30 };

/**
 * Lost volume month by month, each bar stacked by cause: the reasons of the well events
 * that cover the days, then the days no event explains. The tables beside it carry the same
 * figures for the keyboard and for screen readers.
 */
export function LossChart(props: {
  months: readonly MonthLoss[];
  causes: readonly CauseVolume[];
  unit: string;
}) {
  const { months, causes, unit } = props;
  if (months.length === 0) return null;
  const colours = causeColours(causes);
  const top = Math.max(...months.map((month) => month.total));
  const scaleTop = top > 0 ? top : 1;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = (WIDTH - PAD.left - PAD.right) / months.length;
  const barWidth = Math.min(48, slot * 0.6);
  const y = (value: number) => PAD.top + plotHeight - (value / scaleTop) * plotHeight;
  return (
    <figure className="loss-chart" data-testid="loss-chart">
      <figcaption>Lost volume by month ({unit})</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Lost volume by month and reason, in ${unit}; the tables list the same figures.`}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="axis" />
        <text x={PAD.left - 6} y={y(0)} dy="0.32em" textAnchor="end" className="tick">
          0
        </text>
        {top > 0 && (
          <text x={PAD.left - 6} y={y(top)} dy="0.32em" textAnchor="end" className="tick">
            {formatTick(top)}
          </text>
        )}
        {months.map((month, i) => {
          const x = PAD.left + slot * i + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={month.month} data-testid="loss-bar" data-month={month.month}>
              {causes.map(({ cause }) => {
                const value = month.byCause[cause] ?? 0;
                const from = base;
                base += value;
                if (value <= 0) return null;
                return (
                  <rect
                    key={cause}
                    x={x}
                    width={barWidth}
                    y={y(base)}
                    height={y(from) - y(base)}
                    fill={colours.get(cause)}
                    data-cause={cause}
                  >
                    <title>{`${monthText(month.month)} · ${cause}: ${formatInUnit(value, unit)} ${unit}`}</title>
                  </rect>
                );
              })}
              <text x={x + barWidth / 2} y={HEIGHT - 10} textAnchor="middle" className="tick">
                {monthText(month.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <ul className="loss-legend" data-testid="loss-legend">
        {causes.map(({ cause }) => (
          <li key={cause}>
            <span className="swatch" style={{ background: colours.get(cause) }} />
            {cause}
          </li>
        ))}
      </ul>
    </figure>
  );
}
