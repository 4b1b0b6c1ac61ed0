import type { ScreeningStream, WellView } from '#shared/desktop/index.js';
import type { WellFilters } from '../../queries/keys.js';
import { useIndexWindow } from './use-index-window.js';
import { useServerWindow, WINDOW_STEP } from './use-server-window.js';
import { useWellIndex } from './well-index.js';
import { rowStoreFor } from './well-row-store.js';

/**
 * The wells of a project from `firstRow` to `lastRow` (the rows on screen). Answered from
 * the table's search index and row store once they hold the window (use-index-window.ts):
 * a keystroke or a scroll then paints without a round trip to the core. Until then (the
 * first open, a new sort or filter while its index is read) the core answers each window
 * (use-server-window.ts), and the rows it sends fill the store.
 */
export function useWellWindow(
  filters: WellFilters,
  firstRow: number,
  lastRow: number,
  sparklines: readonly ScreeningStream[] = [],
) {
  const offset = Math.floor(Math.max(0, firstRow) / WINDOW_STEP) * WINDOW_STEP;
  const end = (Math.floor(Math.max(0, lastRow) / WINDOW_STEP) + 1) * WINDOW_STEP;
  const { search: _search, ...listFilters } = filters;
  const index = useWellIndex(listFilters);
  const store = rowStoreFor(filters.projectId, filters.rateBasis ?? 'last-day', sparklines);
  const fromIndex = useIndexWindow(index, filters, offset, end - offset, sparklines, store);
  const shown = fromIndex.shown;
  const fromServer = useServerWindow(filters, firstRow, lastRow, sparklines, {
    enabled: shown === undefined,
    store,
  });
  if (shown === undefined) return fromServer;
  return {
    offset: shown.offset,
    search: shown.search,
    wells: shown.wells as WellView[],
    total: shown.total as number | undefined,
    projectTotal: shown.projectTotal as number | undefined,
    offline: shown.offline,
    error: fromIndex.error,
    fetching: fromIndex.fetching,
    waiting: fromIndex.waiting,
  };
}
