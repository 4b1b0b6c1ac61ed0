import type { VisibilityState } from '@tanstack/react-table';
import { useCallback, useState } from 'react';

/** Where the wells table's column choice is remembered (per computer, for every project). */
const STORAGE_KEY = 'flowline.wells.columns';

/**
 * The columns the person chose to see, remembered across restarts. Stored as a choice per
 * column id, so a column added in a later version starts as its default says.
 */
export function useColumnChoice(): [VisibilityState, (id: string, visible: boolean) => void] {
  const [choice, setChoice] = useState<VisibilityState>(readChoice);
  const setVisible = useCallback((id: string, visible: boolean) => {
    setChoice((previous) => {
      const next = { ...previous, [id]: visible };
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or refused: the choice holds for this session.
      }
      return next;
    });
  }, []);
  return [choice, setVisible];
}

function readChoice(): VisibilityState {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

/** A column's visibility: the person's choice, else the column's default. */
export function isColumnVisible(
  choice: VisibilityState,
  id: string,
  hiddenByDefault: boolean | undefined,
): boolean {
  return choice[id] ?? !hiddenByDefault;
}
