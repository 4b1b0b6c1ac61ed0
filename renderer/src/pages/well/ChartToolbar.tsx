import type { ReactNode } from 'react';
import type { Aggregation } from '#shared/api/index.js';
import type { IsoRange, Preset } from './date-range.js';
import { RangeControls } from './RangeControls.js';

/**
 * Above the charts: date range, daily/monthly, the scale of the rate and GOR axes, and
 * (at the right) the page's actions, such as its exports.
 */
export function ChartToolbar(props: {
  range: IsoRange;
  preset: Preset | null;
  onPreset: (preset: Preset) => void;
  onCustom: (range: IsoRange) => void;
  aggregation: Aggregation;
  onAggregation: (aggregation: Aggregation) => void;
  logScale: boolean;
  onLogScale: (log: boolean) => void;
  loading: boolean;
  actions?: ReactNode;
}) {
  return (
    <div className="chart-toolbar">
      <RangeControls
        range={props.range}
        preset={props.preset}
        onPreset={props.onPreset}
        onCustom={props.onCustom}
      />
      <div className="segmented" role="group" aria-label="Aggregation">
        {(['daily', 'monthly'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={props.aggregation === value}
            data-testid={`aggregation-${value}`}
            onClick={() => props.onAggregation(value)}
          >
            {value === 'daily' ? 'Daily' : 'Monthly'}
          </button>
        ))}
      </div>
      <div
        className="segmented"
        role="group"
        aria-label="Rate and GOR scale"
        title="Scale of the rate and GOR axes"
      >
        <button
          type="button"
          aria-pressed={props.logScale}
          data-testid="scale-log"
          onClick={() => props.onLogScale(true)}
        >
          Log
        </button>
        <button
          type="button"
          aria-pressed={!props.logScale}
          data-testid="scale-linear"
          onClick={() => props.onLogScale(false)}
        >
          Linear
        </button>
      </div>
      {props.loading && (
        <span className="muted toolbar-loading" data-testid="production-refreshing">
          Loading…
        </span>
      )}
      {props.actions}
    </div>
  );
}
