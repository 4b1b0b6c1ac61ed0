import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ScreeningStream, WellView } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { wellQueries, type WellFilters } from '../../queries/keys.js';
import type { WellIndex } from './well-index.js';
import { searchWellIndex } from './well-search.js';
import type { WellRowStore } from './well-row-store.js';

/**
 * Rows read per request while the store is filled in the background: about 15 ms of the
 * core's time each (20,000 wells), so the rows a keystroke waits for never queue long.
 */
export const FILL_CHUNK = 250;
/** How long the fill waits, while rows on screen are being read, before looking again. */
const GIVE_WAY_MS = 20;

/** What the table shows: the same shape whether the index or the core answered. */
export interface ShownWindow {
  offset: number;
  /** The search the rows shown answer. */
  search: string;
  wells: readonly WellView[];
  total: number;
  projectTotal: number;
  offline: boolean;
}

/**
 * The table's window answered from the search index: the search filters the index in
 * memory, and the rows found are painted from the row store in the same frame as the key.
 * Rows the store lacks (or holds from before the index's latest read) are asked of the core
 * by id, the window shown meanwhile being the last one complete. Once the index has
 * arrived, every row it names is read into the store in the background, FILL_CHUNK at a
 * time, so a search typed a moment later finds all its rows here.
 */
export function useIndexWindow(
  index: WellIndex | undefined,
  filters: WellFilters,
  offset: number,
  limit: number,
  sparklines: readonly ScreeningStream[],
  store: WellRowStore,
) {
  const search = filters.search ?? '';
  const found = useMemo(
    () => (index ? searchWellIndex(index, search) : undefined),
    [index, search],
  );
  const ids = useMemo(() => found?.slice(offset, offset + limit) ?? [], [found, offset, limit]);
  // The store's rows change outside React: its version is what a window built from it reads.
  const version = store.version;
  const freshFrom = index?.readAt ?? 0;
  const needed = ids.filter((id) => store.needs(id, freshFrom));
  const client = useQueryClient();
  const reading = useQuery({
    queryKey: [
      ...wellQueries.all,
      'rows',
      filters.projectId,
      filters.rateBasis,
      sparklines,
      needed,
    ],
    enabled: index !== undefined && needed.length > 0,
    queryFn: async () => {
      const rows = await store.onScreen(() => readRows(filters, needed, sparklines, store));
      // A well the index named and the core no longer has: the index is out of date.
      if (rows < needed.length) {
        void client.invalidateQueries({ queryKey: [...wellQueries.all, 'index'] });
      }
      return rows;
    },
  });
  useBackgroundFill(index, filters, sparklines, store);

  const complete = index !== undefined && ids.every((id) => store.get(id) !== undefined);
  // The list the window belongs to (filters and order, not the search): another list's
  // rows are never shown for this one.
  const list = hashKey([{ ...filters, search: undefined }]);
  const current = useMemo(
    () =>
      complete && index && found
        ? {
            list,
            window: {
              offset,
              search,
              wells: rowsOf(store, ids, version),
              total: found.length,
              projectTotal: index.projectTotal,
              offline: index.offline,
            },
          }
        : undefined,
    [complete, index, found, ids, offset, list, search, store, version],
  );
  // While a window's rows are read, the last complete one of this list stays on screen.
  // Set while rendering (`current` is memoised): React renders again at once, no frame between.
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const held = current ?? last;
  return {
    shown: index !== undefined && held?.list === list ? held.window : undefined,
    waiting: !complete,
    fetching: reading.isFetching,
    error: reading.error,
  };
}

/** Reads these wells' rows into the store; how many the core had. */
async function readRows(
  filters: WellFilters,
  ids: readonly string[],
  sparklines: readonly ScreeningStream[],
  store: WellRowStore,
  quietly = false,
): Promise<number> {
  const readAt = Date.now();
  const { data } = await send('wells-list', {
    projectId: filters.projectId,
    wellIds: [...ids],
    ...(filters.rateBasis ? { rateBasis: filters.rateBasis } : {}),
    ...(sparklines.length > 0 ? { sparklines: [...sparklines] } : {}),
  });
  store.keep(data.wells, readAt, { quietly });
  return data.wells.length;
}

/**
 * Reads the rows of every well the index names that the store lacks, a chunk at a time,
 * one request after another (the core answers the person's own requests in between).
 * Stops when the index, the rows' kind or the table changes; a new index (a change read
 * again) reads only the wells new to the store.
 */
function useBackgroundFill(
  index: WellIndex | undefined,
  filters: WellFilters,
  sparklines: readonly ScreeningStream[],
  store: WellRowStore,
): void {
  const { projectId, rateBasis } = filters;
  const shown = useMemo(() => [...sparklines], [sparklines]);
  useEffect(() => {
    if (!index) return;
    let stopped = false;
    void (async () => {
      let from = 0;
      while (!stopped && from < index.ids.length) {
        const chunk: string[] = [];
        for (; from < index.ids.length && chunk.length < FILL_CHUNK; from++) {
          const id = index.ids[from] as string;
          if (!store.has(id)) chunk.push(id);
        }
        if (chunk.length === 0) continue;
        // The rows on screen first: the fill waits while they are read.
        while (!stopped && store.readingOnScreen > 0) await delay(GIVE_WAY_MS);
        try {
          const filters = { projectId, ...(rateBasis ? { rateBasis } : {}) };
          await readRows(filters, chunk, shown, store, true);
        } catch {
          return; // the core gone or offline: the windows asked for on screen say so
        }
      }
    })();
    return () => {
      stopped = true;
    };
  }, [index, projectId, rateBasis, shown, store]);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The store's rows of `ids`, all held; `_version` names the store state they are read at. */
function rowsOf(store: WellRowStore, ids: readonly string[], _version: number): WellView[] {
  return ids.map((id) => store.get(id) as WellView);
}
