import type { ChangeSource } from '#shared/desktop/index.js';

/** How a message says where a change came from ("was typed in the grid"). */
export const SOURCE_WORDS: Record<ChangeSource, string> = {
  grid: 'typed in the grid',
  paste: 'pasted',
  import: 'imported',
  status: 'changed (status)',
  well: 'changed (well details)',
  delete: 'deleted',
  undo: 'restored by taking an import back',
  event: 'recorded as a well event',
};
