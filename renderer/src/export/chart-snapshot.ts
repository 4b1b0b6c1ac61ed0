import {
  composeChartSvg,
  type ChartHeader,
  type ComposedSvg,
  type LegendEntry,
} from './svg-compose.js';
import { seriesExportOf } from '../pages/well/series-export.js';

/**
 * The chart's drawing, taken from the page: the chart's `<svg>` cloned with the styles it
 * gets from stylesheets written onto each element (a standalone file has no stylesheet),
 * less what only hovering shows. Then the composed document, and its PNG.
 */

/** Presentation properties the chart's elements may get from CSS rather than attributes. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
] as const;

/** A chart's canvas layer (pages/well/SeriesCanvas.tsx), exported as paths. */
const SERIES_LAYER = 'foreignObject.series-layer';

/** Hover-only parts: the cursor line (and recharts' active dots, in the Compare chart). */
const TRANSIENT = '.chart-cursor, .recharts-tooltip-cursor, .recharts-active-dot';

/**
 * The chart's `<svg>` in a figure (a well chart's ChartSurface, or recharts' root surface
 * in the Compare chart), or null when nothing is drawn.
 */
export function chartSurface(root: ParentNode): SVGSVGElement | null {
  return root.querySelector<SVGSVGElement>(
    '.chart-frame > svg.chart-surface, .recharts-wrapper > svg.recharts-surface',
  );
}

/** The chart's children, serialised with their computed styles inlined. */
export function chartMarkup(surface: SVGSVGElement): string {
  const clone = surface.cloneNode(true) as SVGSVGElement;
  const originals = surface.querySelectorAll('*');
  const copies = clone.querySelectorAll('*');
  const drop: Element[] = [];
  const layers: Array<[Element, Element[]]> = [];
  originals.forEach((original, i) => {
    const copy = copies[i];
    if (!copy) return;
    // A canvas layer's lines go in as SVG paths, where the layer sits among the others.
    const build = original.matches(SERIES_LAYER) ? seriesExportOf(original) : undefined;
    if (build) {
      layers.push([copy, build(document)]);
      return;
    }
    const computed = getComputedStyle(original);
    if (computed.display === 'none' || original.matches(TRANSIENT)) {
      drop.push(copy);
      return;
    }
    const style = STYLE_PROPS.map((prop) => [prop, computed.getPropertyValue(prop)] as const)
      .filter(([, value]) => value !== '')
      .map(([prop, value]) => `${prop}:${value}`)
      .join(';');
    copy.setAttribute('style', style);
  });
  for (const element of drop) element.remove();
  for (const [copy, paths] of layers) copy.replaceWith(...paths);
  const serializer = new XMLSerializer();
  return [...clone.childNodes].map((node) => serializer.serializeToString(node)).join('');
}

export function snapshotChart(
  surface: SVGSVGElement,
  header: ChartHeader,
  legend: readonly LegendEntry[],
): ComposedSvg {
  const box = surface.getBoundingClientRect();
  return composeChartSvg({
    width: Math.round(Number(surface.getAttribute('width')) || box.width),
    chartHeight: Math.round(Number(surface.getAttribute('height')) || box.height),
    chartMarkup: chartMarkup(surface),
    header,
    legend,
  });
}

/** The composed SVG drawn on a canvas at `ratio` device pixels per CSS pixel, as PNG bytes. */
export async function svgToPng(image: ComposedSvg, ratio = 2): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([image.svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = new Image(image.width, image.height);
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.width * ratio);
    canvas.height = Math.round(image.height * ratio);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This window cannot draw images (no 2D canvas).');
    context.scale(ratio, ratio);
    context.drawImage(img, 0, 0, image.width, image.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The chart could not be encoded as PNG.');
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}
