import { drawHovered, drawLayers, drawMap, type MapFrame } from './draw-map.js';

/** How far (CSS pixels) the picture may move before it is drawn again. */
const MARGIN = 400;

/**
 * Draws map frames, and moves the picture instead of drawing it again while it is
 * panned. A pan changes neither the outlines nor the dots (dots are placed in screen
 * pixels at a zoom, so they move with it), only where they are: once a pan starts, the
 * frame is drawn once, with MARGIN pixels more on every side, to a canvas off screen,
 * and each frame of the pan copies it at its offset. A zoom, another well list,
 * selection or size, or a pan past the margin draws it afresh. The hovered well's ring
 * is drawn over it on every frame.
 */
export class PanCache {
  private readonly offscreen = document.createElement('canvas');
  /** The frame whose layers the off-screen canvas holds (at its view, MARGIN in). */
  private cached: MapFrame | null = null;
  private last: MapFrame | null = null;

  draw(context: CanvasRenderingContext2D, frame: MapFrame): void {
    const previous = this.last;
    this.last = frame;
    if (this.cached && sameLayers(this.cached, frame) && this.blit(context, frame)) return;
    this.cached = null;
    const panning =
      previous !== null &&
      sameLayers(previous, frame) &&
      (previous.view.x !== frame.view.x || previous.view.y !== frame.view.y);
    if (!panning) {
      drawMap(context, frame);
      return;
    }
    const ratio = window.devicePixelRatio || 1;
    const width = frame.width + 2 * MARGIN;
    const height = frame.height + 2 * MARGIN;
    this.offscreen.width = Math.round(width * ratio);
    this.offscreen.height = Math.round(height * ratio);
    const offscreenContext = this.offscreen.getContext('2d');
    if (!offscreenContext) {
      drawMap(context, frame);
      return;
    }
    const view = { x: frame.view.x + MARGIN, y: frame.view.y + MARGIN, k: frame.view.k };
    drawLayers(offscreenContext, { ...frame, width, height, view });
    this.cached = frame;
    this.blit(context, frame);
  }

  /** Copies the cached picture moved to `frame`'s view; false when the move exceeds the margin. */
  private blit(context: CanvasRenderingContext2D, frame: MapFrame): boolean {
    const cached = this.cached as MapFrame;
    const dx = frame.view.x - cached.view.x;
    const dy = frame.view.y - cached.view.y;
    if (Math.abs(dx) > MARGIN || Math.abs(dy) > MARGIN) return false;
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.drawImage(
      this.offscreen,
      Math.round((dx - MARGIN) * ratio),
      Math.round((dy - MARGIN) * ratio),
    );
    drawHovered(context, frame);
    return true;
  }
}

/** True when two frames differ at most in where the picture is (pan) and the hovered well. */
function sameLayers(a: MapFrame, b: MapFrame): boolean {
  return (
    a.width === b.width &&
    a.height === b.height &&
    a.view.k === b.view.k &&
    a.outlines === b.outlines &&
    a.wells === b.wells &&
    a.radius === b.radius &&
    a.dots === b.dots &&
    a.selected === b.selected
  );
}
