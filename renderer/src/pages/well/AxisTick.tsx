/**
 * An axis label drawn as plain SVG text. Recharts' default tick measures every label in
 * the DOM (to wrap it), and each measurement forces a layout of the whole page while the
 * charts are first drawn; these labels are short numbers and dates that never wrap.
 */
/** What recharts passes a custom tick (the part used here). */
export interface TickPosition {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  textAnchor?: string;
  verticalAnchor?: string;
}

const ANCHORS = ['start', 'middle', 'end'] as const;

export function AxisTick({
  x = 0,
  y = 0,
  payload,
  textAnchor,
  verticalAnchor,
  format,
}: TickPosition & { format: (value: number) => string }) {
  const value = Number(payload?.value);
  // Recharts places x-axis labels by their top edge and y-axis labels by their middle.
  const dy = verticalAnchor === 'start' ? '0.71em' : verticalAnchor === 'end' ? '0' : '0.32em';
  return (
    <text
      x={x}
      y={y}
      dy={dy}
      textAnchor={ANCHORS.find((anchor) => anchor === textAnchor) ?? 'middle'}
      fontSize={11}
      fill="#666"
      className="recharts-cartesian-axis-tick-value"
    >
      {format(value)}
    </text>
  );
}
