import type { Page } from 'playwright-core';
import type { PageGlobals } from './page-globals.js';

/**
 * Timing helpers that run inside the page, so a figure is what the user waits for:
 * from the input event's own timestamp to the frame after the DOM shows the result
 * (two animation frames: the first runs before that frame's paint, the second after).
 */

/** Resolves in the page once `ready()` is true, then one painted frame later; ms since `since`. */
export async function untilPainted(
  page: Page,
  readyScript: string,
  since: 'mark' | 'now' = 'mark',
  timeoutMs = 30_000,
  /** On a timeout, what the page showed meanwhile (a script's value), said in the error. */
  showingScript = 'null',
): Promise<number> {
  return page.evaluate(
    async ({ readyScript, since, timeoutMs, showingScript }) => {
      const w = globalThis as unknown as PageGlobals;
      // Watched from the input itself (markNextInput with this script): the first frame
      // that shows the result is seen even when it came before this call reached the page.
      const watch = w.__benchWatch;
      if (since === 'mark' && watch && watch.script === readyScript) return watch.painted;
      const ready = new Function(`return (${readyScript});`) as () => boolean;
      const start =
        since === 'mark' && w.__benchMark !== undefined ? w.__benchMark : performance.now();
      const frame = () => new Promise<number>((resolve) => w.requestAnimationFrame(resolve));
      const deadline = performance.now() + timeoutMs;
      while (!ready()) {
        if (performance.now() > deadline) {
          const showing = new Function(`return (${showingScript});`)() as unknown;
          throw new Error(
            `timed out waiting for ${readyScript}${showing === null ? '' : `; the page showed ${JSON.stringify(showing)}`}`,
          );
        }
        await frame();
      }
      await frame();
      await frame();
      return performance.now() - start;
    },
    { readyScript, since, timeoutMs, showingScript },
  );
}

/**
 * Records the timestamp of the next input of `type` (click, keydown) as the start mark.
 * With `readyScript`, the input also starts watching the frames for it: each frame from the
 * input's on checks `ready()` before it paints, and `untilPainted` with the same script
 * then answers from the first frame that showed it. Checking only once untilPainted's own
 * call reached the page would miss a frame drawn while the input's round trip to the
 * browser was still returning (a frame, 17 ms, on a page whose work ends just before it).
 */
export async function markNextInput(
  page: Page,
  type: 'click' | 'keydown' | 'hashchange' | 'mousemove',
  readyScript?: string,
  timeoutMs = 60_000,
): Promise<void> {
  await page.evaluate(
    ({ type, readyScript, timeoutMs }) => {
      const w = globalThis as unknown as PageGlobals;
      delete w.__benchMark;
      // A watch no untilPainted took (a timed-out wait) stops looking at frames.
      w.__benchWatch?.stop();
      delete w.__benchWatch;
      const ready = readyScript
        ? (new Function(`return (${readyScript});`) as () => boolean)
        : undefined;
      w.addEventListener(
        type,
        (event) => {
          const mark = event.timeStamp;
          w.__benchMark = mark;
          if (!ready || !readyScript) return;
          const frame = () => new Promise<number>((resolve) => w.requestAnimationFrame(resolve));
          let stopped = false;
          const painted = (async () => {
            const deadline = performance.now() + timeoutMs;
            await frame();
            while (!ready()) {
              if (stopped) throw new Error('a later input was marked');
              if (performance.now() > deadline)
                throw new Error(`timed out waiting for ${readyScript}`);
              await frame();
            }
            await frame();
            await frame();
            return performance.now() - mark;
          })();
          // Awaited by untilPainted; a rejection is reported there.
          painted.catch(() => undefined);
          w.__benchWatch = { script: readyScript, painted, stop: () => (stopped = true) };
        },
        { capture: true, once: true },
      );
    },
    { type, readyScript, timeoutMs },
  );
}

/** Scrolls `selector` by `step` pixels a frame for `frames` frames; returns each frame's duration. */
export async function scrollFrames(
  page: Page,
  selector: string,
  step: number,
  frames: number,
): Promise<number[]> {
  return page.evaluate(
    async ({ selector, step, frames }) => {
      const w = globalThis as unknown as PageGlobals;
      const box = w.document.querySelector(selector);
      if (!box) throw new Error(`no ${selector}`);
      const durations: number[] = [];
      let last = await new Promise<number>((resolve) => w.requestAnimationFrame(resolve));
      for (let i = 0; i < frames; i++) {
        box.scrollTop += step;
        const now = await new Promise<number>((resolve) => w.requestAnimationFrame(resolve));
        durations.push(now - last);
        last = now;
      }
      return durations;
    },
    { selector, step, frames },
  );
}

/**
 * Moves the mouse to each of `points` in turn and times each move from the mousemove
 * event's timestamp to the moment `readyScript` (re-checked on every DOM change) holds:
 * the hover readout shows the new row. `before` is the readout's text before the move,
 * read by `readoutScript`, and is handed to `readyScript` as the variable `before`. This
 * is the work a hover costs inside one frame (the goal is one frame, 16 ms), so unlike
 * untilPainted it does not wait for the next frames.
 */
export async function hoverReadouts(
  page: Page,
  points: ReadonlyArray<{ x: number; y: number }>,
  readoutScript: string,
  readyScript: string,
): Promise<number[]> {
  const times: number[] = [];
  for (const point of points) {
    await markNextInput(page, 'mousemove');
    await page.evaluate(
      ({ readoutScript, readyScript }) => {
        const w = globalThis as unknown as PageGlobals;
        const before = new Function(`return (${readoutScript});`)() as string;
        const ready = new Function('before', `return (${readyScript});`) as (
          before: string,
        ) => boolean;
        w.__benchHover = new Promise<number>((resolve, reject) => {
          const observer = new w.MutationObserver(() => {
            if (w.__benchMark === undefined || !ready(before)) return;
            observer.disconnect();
            resolve(performance.now() - w.__benchMark);
          });
          observer.observe(w.document.body, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true,
          });
          w.setTimeout(() => {
            observer.disconnect();
            reject(new Error(`hover readout never satisfied ${readyScript}`));
          }, 10_000);
        });
      },
      { readoutScript, readyScript },
    );
    await page.mouse.move(point.x, point.y);
    const ms = await page.evaluate(() => (globalThis as unknown as PageGlobals).__benchHover);
    if (ms === undefined) throw new Error('the hover measurement was not set up');
    times.push(ms);
  }
  return times;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
