import { useEffect, useRef } from 'react';
import type { VisibilityState } from '@tanstack/react-table';
import { isColumnVisible } from './use-column-choice.js';

export interface ColumnOption {
  id: string;
  label: string;
  hiddenByDefault?: boolean;
}

/**
 * "Columns ▾": a checkbox per column the table can show (the name is always there). A
 * native <details> popover: keyboard and screen readers know it; it closes on Escape or a
 * click elsewhere.
 */
export function ColumnMenu(props: {
  options: readonly ColumnOption[];
  choice: VisibilityState;
  onChange: (id: string, visible: boolean) => void;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !details.contains(event.target as Node)
      ) {
        details.open = false;
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details className="column-menu" ref={menu} data-testid="column-menu">
      <summary className="column-menu-button">Columns</summary>
      <fieldset className="column-menu-list">
        <legend className="sr-only">Columns shown in the wells table</legend>
        {props.options.map((option) => (
          <label key={option.id} className="column-menu-item">
            <input
              type="checkbox"
              checked={isColumnVisible(props.choice, option.id, option.hiddenByDefault)}
              onChange={(event) => props.onChange(option.id, event.target.checked)}
              data-testid={`column-toggle-${option.id}`}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
