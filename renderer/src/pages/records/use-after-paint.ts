import { startTransition, useEffect, useState } from 'react';

/**
 * An idle period at least this long has no frame due in it: Chromium grants idle periods of
 * up to 50 ms only when nothing asks for a frame, and a frame's leftover is under 16.7 ms.
 */
const LONG_IDLE_MS = 20;
/** The longest `value` waits for such a period before it is handed on anyway. */
const MAX_WAIT_MS = 250;

/**
 * `value`, handed on only once the frame that follows its change has been painted and the
 * browser is idle with no frame due, then in a background render. The records grid sits
 * under the charts and shares their read: its rows and plausibility checks (tens of
 * milliseconds on 20 years of days, then a style and layout pass of its rows) would
 * otherwise run in the same render as the charts' and hold their paint back, or, run in the
 * first short idle moment, delay the frames after it (a hover readout moving with the mouse
 * just after a range click). It waits at most a quarter second. Undefined until the first
 * value has been handed on (also when the page opens on a cached read).
 */
export function useAfterPaint<T>(value: T): T | undefined {
  const [shown, setShown] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let idle: number | undefined;
    let waitingSince = 0;
    const whenIdle = (deadline: IdleDeadline) => {
      const waited = performance.now() - waitingSince;
      if (deadline.didTimeout || deadline.timeRemaining() >= LONG_IDLE_MS) {
        idle = undefined;
        startTransition(() => setShown(value));
      } else {
        idle = requestIdleCallback(whenIdle, { timeout: Math.max(1, MAX_WAIT_MS - waited) });
      }
    };
    // A frame callback runs just before the browser paints; from there the value waits for
    // the browser's first idle period with no frame due.
    const frame = requestAnimationFrame(() => {
      waitingSince = performance.now();
      idle = requestIdleCallback(whenIdle, { timeout: MAX_WAIT_MS });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [value, shown]);
  return shown;
}
