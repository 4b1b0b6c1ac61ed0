import { useEffect, useRef, useState, type RefObject } from 'react';
import { bridge } from '../bridge/bridge.js';
import type { ChartSpec } from '../pages/well/chart-specs.js';
import type { IsoRange } from '../pages/well/date-range.js';
import {
  chartFileName,
  chartHeader,
  chartLegend,
  type ChartExportContext,
} from './chart-header.js';
import { chartSurface, snapshotChart, svgToPng } from './chart-snapshot.js';
import type { LegendEntry } from './svg-compose.js';
import './export.css';

type Format = 'png' | 'svg';
const FORMATS: Array<{ format: Format; label: string; filter: string }> = [
  { format: 'png', label: 'PNG image', filter: 'PNG image' },
  { format: 'svg', label: 'SVG image', filter: 'SVG image' },
];

/**
 * "Export ▾" in a chart's header: the chart as PNG (twice the pixel ratio) or SVG, with its
 * title, the well, the date range, units and legend drawn into the image; saved through
 * the native save dialog (a download in the browser).
 */
export function ChartExportMenu(props: {
  spec: ChartSpec;
  hidden: ReadonlySet<string>;
  context: ChartExportContext;
  range: IsoRange;
  /** The element holding the chart's drawing. */
  plot: RefObject<HTMLElement | null>;
  disabled: boolean;
  /**
   * The image's legend, when the spec's series do not say all of it (the Compare chart's
   * P10, P50 and P90: one colour, told apart by their dashes); else the spec's series shown.
   */
  legend?: readonly LegendEntry[];
}) {
  const { spec } = props;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  async function run(format: Format, filter: string) {
    setOpen(false);
    setError(null);
    const surface = props.plot.current && chartSurface(props.plot.current);
    if (!surface) {
      setError('Nothing is drawn to export.');
      return;
    }
    setBusy(true);
    try {
      const image = snapshotChart(
        surface,
        chartHeader(spec, props.context, props.range),
        props.legend ?? chartLegend(spec, props.hidden),
      );
      const data = format === 'png' ? await svgToPng(image, 2) : image.svg;
      await bridge.native.saveFile(
        {
          title: `Export ${spec.title.toLowerCase()} chart`,
          defaultName: chartFileName(spec, props.context, props.range, format),
          filters: [{ name: filter, extensions: [format] }],
        },
        data,
      );
    } catch (caught) {
      setError(`Export failed: ${(caught as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="chart-export" ref={root}>
      <button
        type="button"
        className="chart-export-button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={props.disabled || busy}
        title={`Export the ${spec.title.toLowerCase()} chart as an image`}
        data-testid={`chart-export-${spec.id}`}
        onClick={() => setOpen((value) => !value)}
      >
        {busy ? 'Exporting…' : 'Export ▾'}
      </button>
      {open && (
        <div className="chart-export-menu" role="menu" aria-label={`Export ${spec.title}`}>
          {FORMATS.map(({ format, label, filter }) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              data-testid={`chart-export-${spec.id}-${format}`}
              onClick={() => void run(format, filter)}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      {error && (
        <span className="chart-export-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
