/**
 * A chart as a standalone SVG document: a header band (title, well, date range, view),
 * a legend drawn as SVG elements (a line swatch, dashed as the chart's line is, and
 * "Oil (m³/d)" per series), then the chart's own drawing. Pure string work, so it is
 * tested without a DOM; capturing the chart's drawing is chart-snapshot.ts.
 */

/** A generic stack: the image must read the same on a machine without the app's fonts. */
export const EXPORT_FONT = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

const INK = '#14222b';
const MUTED = '#5b6b75';
const PAD = 16;
const TITLE_SIZE = 16;
const WELL_SIZE = 13;
const DETAIL_SIZE = 12;
const LEGEND_SIZE = 12;
const LEGEND_ROW = 20;
const SWATCH = 18;
const LEGEND_GAP = 18;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A generous estimate of a sans-serif text's width (no DOM to measure with). */
export function estimateTextWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) {
    if ("il.,:;|!'’ ".includes(char)) em += 0.3;
    else if ('mwMW@%'.includes(char)) em += 0.9;
    else if (char >= 'A' && char <= 'Z') em += 0.68;
    else em += 0.56;
  }
  return em * fontSize;
}

/** The text, cut with an ellipsis to fit `maxWidth`. */
export function fitText(text: string, maxWidth: number, fontSize: number): string {
  if (estimateTextWidth(text, fontSize) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && estimateTextWidth(`${chars.join('')}…`, fontSize) > maxWidth) {
    chars.pop();
  }
  return `${chars.join('').trimEnd()}…`;
}

export interface LegendEntry {
  label: string;
  unit: string;
  colour: string;
  /**
   * The line's dash pattern (SVG stroke-dasharray, "6 4") when the chart dashes it: lines of
   * one colour (the Compare chart's P10, P50 and P90) are told apart by it. Solid when absent.
   */
  dash?: string;
  /** The line's width in the chart, when it is not the usual (the P50 is drawn heavier). */
  width?: number;
}

export interface LegendItemBox {
  x: number;
  y: number;
  text: string;
  colour: string;
  dash?: string;
  width?: number;
}

/** A swatch's stroke: the chart's dash and width, else a solid 3 px line. */
export function swatchStroke(item: Pick<LegendEntry, 'colour' | 'dash' | 'width'>): string {
  const width = item.width ?? 3;
  // Round caps would close a dash pattern's gaps: a dashed swatch has square ends, as the
  // chart's own dashed lines do.
  return (
    `stroke="${escapeXml(item.colour)}" stroke-width="${width}"` +
    (item.dash
      ? ` stroke-dasharray="${escapeXml(item.dash)}" stroke-linecap="butt"`
      : ` stroke-linecap="round"`)
  );
}

/** "Oil (m³/d)": how a legend entry reads. */
export function legendText(entry: LegendEntry): string {
  return entry.unit ? `${entry.label} (${entry.unit})` : entry.label;
}

/**
 * Legend entries left to right, wrapping to a new row when the next would pass the
 * width. `x` is the swatch's left edge, `y` the row's text baseline.
 */
export function legendLayout(
  entries: readonly LegendEntry[],
  width: number,
): { items: LegendItemBox[]; height: number } {
  const items: LegendItemBox[] = [];
  const right = width - PAD;
  let x = PAD;
  let row = 0;
  for (const entry of entries) {
    const text = fitText(legendText(entry), right - PAD - SWATCH - 6, LEGEND_SIZE);
    const itemWidth = SWATCH + 6 + estimateTextWidth(text, LEGEND_SIZE);
    if (x > PAD && x + itemWidth > right) {
      row++;
      x = PAD;
    }
    items.push({
      x,
      y: row * LEGEND_ROW + LEGEND_SIZE,
      text,
      colour: entry.colour,
      ...(entry.dash ? { dash: entry.dash } : {}),
      ...(entry.width !== undefined ? { width: entry.width } : {}),
    });
    x += itemWidth + LEGEND_GAP;
  }
  return { items, height: items.length ? (row + 1) * LEGEND_ROW : 0 };
}

export interface ChartHeader {
  title: string;
  wellName: string;
  /** "2024-01-01 – 2024-12-31 · daily · metric units" */
  detail: string;
  /** How the values were made, when the chart says so. */
  note?: string;
}

export interface ComposedSvg {
  svg: string;
  width: number;
  height: number;
}

/**
 * The standalone document. `chartMarkup` is the chart's serialised `<svg>` (styles inlined)
 * and is placed as a nested `<svg>` under the header and legend, at its own size.
 */
export function composeChartSvg(input: {
  width: number;
  chartHeight: number;
  chartMarkup: string;
  header: ChartHeader;
  legend: readonly LegendEntry[];
}): ComposedSvg {
  const { width, chartHeight, header } = input;
  const textWidth = width - 2 * PAD;
  const lines: string[] = [];
  let y = PAD + TITLE_SIZE;
  const line = (text: string, size: number, colour: string, weight: number) => {
    lines.push(
      `<text x="${PAD}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${colour}">${escapeXml(
        fitText(text, textWidth, size),
      )}</text>`,
    );
  };
  line(header.title, TITLE_SIZE, INK, 700);
  y += WELL_SIZE + 8;
  line(header.wellName, WELL_SIZE, INK, 600);
  y += DETAIL_SIZE + 6;
  line(header.detail, DETAIL_SIZE, MUTED, 400);
  if (header.note) {
    y += DETAIL_SIZE + 5;
    line(header.note, DETAIL_SIZE, MUTED, 400);
  }
  const legendTop = y + 12;
  const legend = legendLayout(input.legend, width);
  const legendMarkup = legend.items.map(
    (item) =>
      `<line x1="${item.x}" y1="${legendTop + item.y - 4}" x2="${item.x + SWATCH}" y2="${
        legendTop + item.y - 4
      }" ${swatchStroke(item)}/>` +
      `<text x="${item.x + SWATCH + 6}" y="${legendTop + item.y}" font-size="${LEGEND_SIZE}" fill="${INK}">${escapeXml(
        item.text,
      )}</text>`,
  );
  const chartTop = Math.ceil(legendTop + legend.height + 4);
  const height = chartTop + chartHeight + 8;
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${escapeXml(EXPORT_FONT)}">` +
    `<title>${escapeXml(`${header.title} — ${header.wellName}`)}</title>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<g class="export-header">${lines.join('')}</g>` +
    `<g class="export-legend">${legendMarkup.join('')}</g>` +
    `<svg x="0" y="${chartTop}" width="${width}" height="${chartHeight}" viewBox="0 0 ${width} ${chartHeight}" overflow="hidden">${input.chartMarkup}</svg>` +
    `</svg>\n`;
  return { svg, width, height };
}
