import type { ChartSpec } from './chart-specs.js';

/**
 * The series of one chart as toggle buttons: click to hide or show a line. Plain
 * buttons (not recharts' legend) so they are reachable by keyboard and say their state.
 */
export function ChartLegend(props: {
  spec: ChartSpec;
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  return (
    <div className="chart-legend" role="group" aria-label={`${props.spec.title} series`}>
      {props.spec.series.map((series) => {
        const shown = !props.hidden.has(series.key);
        return (
          <button
            key={series.key}
            type="button"
            className="legend-item"
            aria-pressed={shown}
            title={shown ? `Hide ${series.label}` : `Show ${series.label}`}
            data-testid={`legend-${props.spec.id}-${series.key}`}
            onClick={() => props.onToggle(series.key)}
          >
            <span className="legend-line" style={{ background: series.colour }} />
            <bdi>{series.label}</bdi> <span className="muted">({series.unit})</span>
          </button>
        );
      })}
    </div>
  );
}
