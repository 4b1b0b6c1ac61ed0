import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, handed on only once the frame that follows its change has been painted, then
 * in a background render. The records grid sits under the charts and shares their read:
 * its rows and plausibility checks (tens of milliseconds on 20 years of days) would
 * otherwise run in the same render as the charts' and hold their paint back. Undefined
 * until the first value has been handed on (also when the page opens on a cached read).
 */
export function useAfterPaint<T>(value: T): T | undefined {
  const [shown, setShown] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the browser paints; a task it queues, just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(value)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, shown]);
  return shown;
}
