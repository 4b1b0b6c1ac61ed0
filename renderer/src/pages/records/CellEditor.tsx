import { useEffect, useRef } from 'react';

/**
 * The text box of the cell being edited. Keys (Enter, Tab, Escape, arrows) bubble to
 * the grid, which decides what they mean; the box only holds the text and keeps focus.
 */
export function CellEditor({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    // Typing replaced the value (one character): caret at the end, nothing selected.
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
      onMouseDown={(event) => event.stopPropagation()}
      data-testid="cell-editor"
    />
  );
}
