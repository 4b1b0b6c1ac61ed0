import { useEffect, useRef, useState } from 'react';

/**
 * `value`, passed on at once when it has been still for `ms`, otherwise at most every
 * `ms` (leading and trailing edge). The first keystroke in the search box filters the
 * table immediately; a burst of typing costs one query per `ms`, not one per key.
 */
export function useLeadingThrottle<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const lastPass = useRef(0);
  useEffect(() => {
    const wait = lastPass.current + ms - performance.now();
    const pass = () => {
      lastPass.current = performance.now();
      setSettled(value);
    };
    if (wait <= 0) {
      pass();
      return undefined;
    }
    const timer = setTimeout(pass, wait);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
