import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
}

/**
 * Keeps keyboard focus inside a modal while it is open: focus moves in on open
 * (a field with autoFocus, the element marked `data-autofocus`, else the dialog itself, so a screen
 * reader starts at its title), Tab and Shift+Tab wrap around, Escape closes,
 * and focus returns to what opened it (the top bar's button) on close.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape: () => void): void {
  // The latest callback, read when Escape is pressed: the trap itself is set up once per opening.
  const escape = useEffectEvent(onEscape);
  // Read on the first render, before any autoFocus inside the dialog has moved focus.
  const opener = useRef(
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    const root = ref.current;
    const back = opener.current;
    if (!root) return;
    // A field with autoFocus has already taken focus; otherwise the marked element, or the title.
    if (!root.contains(document.activeElement)) {
      (root.querySelector<HTMLElement>('[data-autofocus]') ?? root).focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        escape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(root);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === root)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      } else if (!root.contains(active)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (back?.isConnected) back.focus();
    };
  }, [ref]);
}
