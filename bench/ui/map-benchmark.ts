import type { Page } from 'playwright-core';
import { markNextInput, untilPainted } from './measure-in-page.js';

export interface MapFigures {
  /** Click on the Map tab → the canvas drawn (outlines and every well) and painted. */
  drawMs: number[];
  /** Baseline: the same number of plain circles drawn on a canvas of the same size, no projection. */
  plainDrawMs: number[];
  /** Animation frames a second while the map is dragged with the mouse. */
  panFps: number;
  /** Map frames drawn a second during the same drags (the view changed and was redrawn). */
  panRedrawsPerSecond: number;
  /** Baseline: frames a second while the same drags redraw the plain circles. */
  plainPanFps: number;
  canvas: { width: number; height: number };
}

const DRAGS = 8;
const STEPS_PER_DRAG = 40;
const DRAG_PX = 240;

/**
 * Draws `count` plain circles (one path, one fill, one stroke: the map's own way of
 * drawing dots) on a canvas of `width` × `height` CSS pixels at the screen's pixel
 * ratio, laid out on a grid like the fixture's wells, with no projection. With `pan`
 * the canvas lies over the map and redraws the circles shifted by every mouse drag, so
 * the same drags can be timed on it.
 */
const PLAIN_CIRCLES = `(async ({ count, width, height, left, top, pan }) => {
  const start = performance.now();
  const canvas = document.createElement('canvas');
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  Object.assign(canvas.style, { position: 'fixed', left: left + 'px', top: top + 'px', width: width + 'px', height: height + 'px', zIndex: 1000 });
  canvas.dataset.testid = 'plain-circles';
  document.body.appendChild(canvas);
  const context = canvas.getContext('2d');
  const draw = (dx, dy) => {
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    context.beginPath();
    for (let i = 0; i < count; i++) {
      const x = 20 + ((i % 300) / 300) * (width - 40) + dx;
      const y = 20 + ((i % 200) / 200) * (height - 40) + dy;
      context.moveTo(x + 3, y);
      context.arc(x, y, 3, 0, 2 * Math.PI);
    }
    context.globalAlpha = 0.75;
    context.fillStyle = '#15803d';
    context.fill();
    context.globalAlpha = 1;
    context.lineWidth = 0.75;
    context.strokeStyle = '#ffffff';
    context.stroke();
  };
  if (pan) {
    let from = null;
    let offset = [0, 0];
    canvas.addEventListener('pointerdown', (event) => (from = [event.clientX - offset[0], event.clientY - offset[1]]));
    canvas.addEventListener('pointerup', () => (from = null));
    canvas.addEventListener('pointermove', (event) => {
      if (!from) return;
      offset = [event.clientX - from[0], event.clientY - from[1]];
      draw(offset[0], offset[1]);
    });
  }
  draw(0, 0);
  // Measured as the map is: until one painted frame after the drawing.
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  await frame();
  await frame();
  return performance.now() - start;
})`;

/** Starts counting animation frames and map redraws (changes of the canvas's data-view). */
const START_COUNTING = `(() => {
  const counter = { frames: 0, redraws: 0, running: true, start: performance.now() };
  const tick = () => { if (!counter.running) return; counter.frames++; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const map = document.querySelector('[data-testid=map-canvas]');
  counter.observer = new MutationObserver((changes) => (counter.redraws += changes.length));
  if (map) counter.observer.observe(map, { attributes: true, attributeFilter: ['data-view'] });
  window.__benchFrames = counter;
})()`;

const STOP_COUNTING = `(() => {
  const counter = window.__benchFrames;
  counter.running = false;
  counter.observer.disconnect();
  const seconds = (performance.now() - counter.start) / 1000;
  return { fps: counter.frames / seconds, redrawsPerSecond: counter.redraws / seconds };
})()`;

/** Real mouse drags across the middle of `box`, alternately right-down and back. */
async function drag(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const x = box.x + box.width / 2 - DRAG_PX / 2;
  const y = box.y + box.height / 2 - DRAG_PX / 4;
  for (let i = 0; i < DRAGS; i++) {
    const [fromX, toX] = i % 2 === 0 ? [x, x + DRAG_PX] : [x + DRAG_PX, x];
    const [fromY, toY] = i % 2 === 0 ? [y, y + DRAG_PX / 2] : [y + DRAG_PX / 2, y];
    await page.mouse.move(fromX, fromY);
    await page.mouse.down();
    await page.mouse.move(toX, toY, { steps: STEPS_PER_DRAG });
    await page.mouse.up();
  }
}

/**
 * The Map tab of the 20,000-well project (already opened once, so its wells are in the
 * cache): Wells tab → Map tab, timed from the click to the canvas's data-drawn naming
 * every well and a painted frame; then panning with real mouse drags, counting animation
 * frames in the page. The baselines run in the same page: plain circles drawn on a
 * canvas of the map's size, and the same drags over that canvas.
 */
export async function benchmarkMap(
  page: Page,
  wellCount: number,
  repeats: number,
): Promise<MapFigures> {
  const drawn = `document.querySelector('[data-testid=map-canvas]')?.dataset.drawn === '${wellCount}'`;
  const drawMs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    await page.getByTestId('tab-wells').click();
    await page.getByTestId('well-row').first().waitFor();
    await markNextInput(page, 'click', drawn);
    await page.getByTestId('tab-map').click();
    drawMs.push(await untilPainted(page, drawn, 'mark', 60_000));
  }
  const canvasBox = (await page.getByTestId('map-canvas').boundingBox())!;

  await page.evaluate(START_COUNTING);
  await drag(page, canvasBox);
  const pan = (await page.evaluate(STOP_COUNTING)) as { fps: number; redrawsPerSecond: number };

  const plainDrawMs: number[] = [];
  const size = { count: wellCount, width: canvasBox.width, height: canvasBox.height };
  for (let i = 0; i < repeats; i++) {
    plainDrawMs.push(
      (await page.evaluate(
        `${PLAIN_CIRCLES}(${JSON.stringify({ ...size, left: 0, top: 0, pan: false })})`,
      )) as number,
    );
    await page.evaluate(`document.querySelector('[data-testid=plain-circles]').remove()`);
  }

  await page.evaluate(
    `${PLAIN_CIRCLES}(${JSON.stringify({ ...size, left: canvasBox.x, top: canvasBox.y, pan: true })})`,
  );
  await page.evaluate(START_COUNTING);
  await drag(page, canvasBox);
  const plainPan = (await page.evaluate(STOP_COUNTING)) as { fps: number };
  await page.evaluate(`document.querySelector('[data-testid=plain-circles]').remove()`);

  return {
    drawMs,
    plainDrawMs,
    panFps: pan.fps,
    panRedrawsPerSecond: pan.redrawsPerSecond,
    plainPanFps: plainPan.fps,
    canvas: { width: canvasBox.width, height: canvasBox.height },
  };
}
