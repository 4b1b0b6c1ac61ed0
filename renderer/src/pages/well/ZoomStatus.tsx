import { formatDay } from '../../sync/dates.js';
import type { IsoRange } from './date-range.js';

/** The zoom in force and how to leave it; or, unzoomed, how to zoom. */
export function ZoomStatus(props: { zoom: IsoRange | null; onReset: () => void }) {
  if (!props.zoom) {
    return <span className="zoom-status muted">Drag across a chart to zoom</span>;
  }
  return (
    <span className="zoom-status">
      <span data-testid="zoom-range">
        Zoomed to {formatDay(props.zoom.from)} – {formatDay(props.zoom.to)}
      </span>
      <button
        type="button"
        className="well-button"
        data-testid="reset-zoom"
        onClick={props.onReset}
      >
        Reset zoom
      </button>
    </span>
  );
}
