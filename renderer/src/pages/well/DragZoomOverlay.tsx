import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type { PlotBox } from './zoom.js';

/** Drags shorter than this are clicks (they should not zoom into a sliver). */
const MIN_DRAG_PX = 6;

/**
 * Drag across a chart to select a time span; release to zoom to it; double-click to
 * zoom back out. It listens on the chart's own element rather than covering it, so
 * the chart still gets every hover for its readout, and it keeps the selection in its
 * own state, so dragging repaints this rectangle and not the chart underneath.
 */
export function DragZoomOverlay(props: {
  target: RefObject<HTMLElement | null>;
  plot: PlotBox;
  onSelect: (startPx: number, endPx: number) => void;
  onReset: () => void;
}) {
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  // The latest props, read by listeners that are attached once.
  const latest = useEffectEvent(() => props);

  useEffect(() => {
    const element = props.target.current;
    if (!element) return;
    let start: number | null = null;
    const localX = (event: MouseEvent) => {
      const { plot } = latest();
      const x = event.clientX - element.getBoundingClientRect().left;
      return Math.min(plot.left + plot.width, Math.max(plot.left, x));
    };
    const move = (event: MouseEvent) => {
      if (start !== null) setSelection({ start, end: localX(event) });
    };
    const up = (event: MouseEvent) => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      if (start === null) return;
      const end = localX(event);
      if (Math.abs(end - start) >= MIN_DRAG_PX) latest().onSelect(start, end);
      start = null;
      setSelection(null);
    };
    const down = (event: MouseEvent) => {
      const { plot } = latest();
      const x = event.clientX - element.getBoundingClientRect().left;
      if (event.button !== 0 || x < plot.left || x > plot.left + plot.width) return;
      event.preventDefault(); // no text selection while dragging
      start = x;
      window.addEventListener('mousemove', move);
      window.addEventListener('mouseup', up);
    };
    const dblclick = () => latest().onReset();
    element.addEventListener('mousedown', down);
    element.addEventListener('dblclick', dblclick);
    return () => {
      element.removeEventListener('mousedown', down);
      element.removeEventListener('dblclick', dblclick);
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
  }, [props.target]);

  if (!selection) return null;
  const left = Math.min(selection.start, selection.end);
  return (
    <div
      className="zoom-selection"
      data-testid="zoom-selection"
      style={{ left, width: Math.abs(selection.end - selection.start) }}
    />
  );
}
