import { useLayoutEffect, useRef } from 'react';

/**
 * The text box of the cell being edited. Keys (Enter, Tab, Escape) bubble to the grid,
 * which decides what they mean; the box holds the text and has the keyboard from the
 * moment it appears, with the caret after the last character: typing replaced the value
 * (one character) or appends to it (F2, Enter, a second click, a double-click), never
 * lands where the mouse happened to be.
 */
export function CellEditor({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  // Before the browser paints, so no keystroke can reach the grid in between.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus({ preventScroll: true });
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);
  return (
    <input
      ref={input}
      className="cell-editor"
      value={text}
      inputMode="decimal"
      aria-label="Cell value"
      onChange={(event) => onChange(event.target.value)}
      onMouseDown={(event) => {
        // A press inside the box is the box's own (placing the caret), not the grid's.
        event.stopPropagation();
        // The second press of the double-click that opened the box would select the word
        // under the mouse, and typing would replace it: keep the caret at the end.
        if (event.detail >= 2) event.preventDefault();
      }}
      data-testid="cell-editor"
    />
  );
}
