/**
 * What a chart's canvas layer draws, as SVG elements, for the image export: the layer
 * registers a builder on its host element while it is mounted, and the snapshot swaps the
 * host for the built elements in its copy of the chart. Building paths only when exported
 * keeps thousands of path commands out of the DOM on every draw.
 */
const builders = new WeakMap<Element, (document: Document) => Element[]>();

export function registerSeriesExport(
  host: Element,
  build: ((document: Document) => Element[]) | null,
): void {
  if (build) builders.set(host, build);
  else builders.delete(host);
}

export function seriesExportOf(host: Element): ((document: Document) => Element[]) | undefined {
  return builders.get(host);
}
