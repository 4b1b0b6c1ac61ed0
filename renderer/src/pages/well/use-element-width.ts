import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The content width of an element, kept current with a ResizeObserver. Charts size
 * themselves from it, and downsampling keys on it, so it is rounded to whole pixels
 * (sub-pixel jitter must not redo the work).
 */
export function useElementWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.round(element.clientWidth));
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
