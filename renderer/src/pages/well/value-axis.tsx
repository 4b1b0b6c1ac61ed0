import { YAxis } from 'recharts';
import type { AxisScale } from './axis-ticks.js';
import { AxisTick, type TickPosition } from './AxisTick.js';
import { formatTick } from './chart-format.js';
import { AXIS_WIDTH } from './chart-layout.js';
import type { AxisSpec } from './chart-specs.js';

/**
 * A value axis of a time chart, as an element the chart places among its children.
 * One with nothing to draw (its series hidden or empty) keeps its width but shows no
 * ticks, so every chart's plot area stays aligned with the others.
 */
export function valueAxis(side: 'left' | 'right', axis: AxisSpec | null, scale: AxisScale | null) {
  const log = axis?.log ?? false;
  return (
    <YAxis
      yAxisId={side}
      orientation={side}
      width={AXIS_WIDTH}
      scale={log ? 'log' : 'linear'}
      domain={scale?.domain ?? [1, 10]}
      ticks={scale?.ticks ?? []}
      interval={0}
      allowDataOverflow
      tick={scale ? (tick: TickPosition) => <AxisTick {...tick} format={formatTick} /> : false}
      axisLine={scale !== null}
      label={
        scale && axis
          ? {
              value: axis.label,
              angle: side === 'left' ? -90 : 90,
              position: side === 'left' ? 'insideLeft' : 'insideRight',
              style: { textAnchor: 'middle', fontSize: 11, fill: '#5b6b75' },
            }
          : undefined
      }
    />
  );
}
