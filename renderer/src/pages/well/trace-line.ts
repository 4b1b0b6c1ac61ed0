import type { ChartPoint } from './series.js';

/** A chart scale: a value to a pixel, undefined (or not finite) where it cannot place it. */
export type Scale = (value: unknown) => number | undefined;

/** Where a traced line goes: an SVG path string, a canvas context, a checksum. */
export interface Pen {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/**
 * A series through the chart's scales, one subpath per run without gaps: a null value
 * breaks the line, as does a value the scale cannot place (zero or less on a log axis).
 * Coordinates are rounded to tenths of a pixel, so the SVG path of an export and the
 * canvas on screen draw the very same vertices. Returns the number of vertices drawn.
 */
export function traceLine(points: readonly ChartPoint[], x: Scale, y: Scale, pen: Pen): number {
  let drawing = false;
  let vertices = 0;
  for (const point of points) {
    const py = point.y === null ? undefined : y(point.y);
    const px = x(point.x);
    if (py === undefined || px === undefined || !Number.isFinite(py) || !Number.isFinite(px)) {
      drawing = false;
      continue;
    }
    const rx = Math.round(px * 10) / 10;
    const ry = Math.round(py * 10) / 10;
    if (drawing) pen.lineTo(rx, ry);
    else pen.moveTo(rx, ry);
    drawing = true;
    vertices++;
  }
  return vertices;
}

/** "M x y L x y …", starting a new subpath after every gap. */
export function pathOf(points: readonly ChartPoint[], x: Scale, y: Scale): string {
  const parts: string[] = [];
  traceLine(points, x, y, {
    moveTo: (px, py) => parts.push(`M${px} ${py}`),
    lineTo: (px, py) => parts.push(`L${px} ${py}`),
  });
  return parts.join('');
}

/**
 * A short fingerprint of what a line drew (vertex count and a hash of the vertices), for
 * tests and benchmarks to tell one drawing from another without reading pixels.
 */
export function lineFingerprint(): Pen & { value(): string } {
  let count = 0;
  let hash = 2166136261;
  const add = (kind: number, x: number, y: number) => {
    count++;
    hash = Math.imul(hash ^ kind, 16777619);
    hash = Math.imul(hash ^ Math.round(x * 10), 16777619);
    hash = Math.imul(hash ^ Math.round(y * 10), 16777619);
  };
  return {
    moveTo: (x, y) => add(1, x, y),
    lineTo: (x, y) => add(2, x, y),
    value: () => `${count}:${(hash >>> 0).toString(36)}`,
  };
}
