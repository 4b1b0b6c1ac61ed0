const KM_PER_MILE = 1.609344;

/**
 * The map's scale bar: the longest round distance (1, 2 or 5 × a power of ten, in the
 * project's kind of units: miles for field units, kilometres for metric) that fits in
 * `maxPixels` at the view's scale. Lambert conformal conic keeps scale true along its
 * standard parallels and within a percent or two across a basin, so one bar serves.
 */
export function scaleBar(
  pixelsPerKm: number,
  unit: 'km' | 'mi',
  maxPixels = 120,
): { pixels: number; label: string } | null {
  if (!(pixelsPerKm > 0) || !Number.isFinite(pixelsPerKm)) return null;
  const pixelsPerUnit = unit === 'km' ? pixelsPerKm : pixelsPerKm * KM_PER_MILE;
  const most = maxPixels / pixelsPerUnit;
  const power = 10 ** Math.floor(Math.log10(most));
  const step = [5, 2, 1].map((f) => f * power).find((length) => length <= most) ?? power;
  const digits = step < 1 ? Math.max(0, -Math.floor(Math.log10(step))) : 0;
  return { pixels: step * pixelsPerUnit, label: `${step.toFixed(digits)} ${unit}` };
}

/** The bar at the bottom left and a north arrow at the top right, over everything else. */
export function drawScaleAndNorth(
  context: CanvasRenderingContext2D,
  width: number,
  height: number,
  bar: { pixels: number; label: string } | null,
): void {
  context.save();
  context.lineWidth = 2;
  context.strokeStyle = '#33434d';
  context.fillStyle = '#33434d';
  context.font = '11px sans-serif';
  if (bar) {
    const x = 12;
    const y = height - 14;
    context.beginPath();
    context.moveTo(x, y - 5);
    context.lineTo(x, y);
    context.lineTo(x + bar.pixels, y);
    context.lineTo(x + bar.pixels, y - 5);
    context.stroke();
    context.textAlign = 'left';
    context.textBaseline = 'bottom';
    context.fillText(bar.label, x + 2, y - 4);
  }
  const nx = width - 20;
  context.beginPath();
  context.moveTo(nx, 14);
  context.lineTo(nx - 6, 30);
  context.lineTo(nx, 26);
  context.lineTo(nx + 6, 30);
  context.closePath();
  context.fill();
  context.textAlign = 'center';
  context.textBaseline = 'top';
  context.fillText('N', nx, 32);
  context.restore();
}
