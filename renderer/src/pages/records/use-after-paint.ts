import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, handed on only once the frame that follows its change has been painted and the
 * browser is idle, then in a background render. The records grid sits under the charts and shares their read:
 * its rows and plausibility checks (tens of milliseconds on 20 years of days) would
 * otherwise run in the same render as the charts' and hold their paint back. Undefined
 * until the first value has been handed on (also when the page opens on a cached read).
 */
export function useAfterPaint<T>(value: T): T | undefined {
  const [shown, setShown] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let idle: number | undefined;
    // A frame callback runs just before the browser paints; from there, the grid waits for
    // the browser's first idle moment (at most a quarter second), so the charts' frame is
    // on screen and the next one is not held back either.
    const frame = requestAnimationFrame(() => {
      idle = requestIdleCallback(() => startTransition(() => setShown(value)), { timeout: 250 });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [value, shown]);
  return shown;
}
