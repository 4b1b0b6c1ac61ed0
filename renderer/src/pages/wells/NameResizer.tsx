import type { KeyboardEvent, PointerEvent } from 'react';
import { NAME_WIDTH } from './name-width.js';

/**
 * The name column's edge: drag it, or focus it and press the arrow keys (Shift for larger
 * steps), to make the column wider or narrower. A separator beside the header's sort
 * button, not inside it: a control inside a button cannot be reached.
 */
export function NameResizer(props: { width: number; onResize: (width: number) => void }) {
  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = props.width;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (moved: globalThis.PointerEvent) =>
      props.onResize(startWidth + moved.clientX - startX);
    const end = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', end);
      target.removeEventListener('pointercancel', end);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', end);
    target.addEventListener('pointercancel', end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const step = event.shiftKey ? 40 : 10;
    if (event.key === 'ArrowRight') props.onResize(props.width + step);
    else if (event.key === 'ArrowLeft') props.onResize(props.width - step);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <span
      className="name-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Width of the name column"
      aria-valuenow={props.width}
      aria-valuemin={NAME_WIDTH.min}
      aria-valuemax={NAME_WIDTH.max}
      tabIndex={0}
      style={{ left: props.width - 4 }}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      data-testid="name-resizer"
    />
  );
}
