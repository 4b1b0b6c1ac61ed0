import { hashKey, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ScreeningStream, WellView } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { wellQueries, type WellFilters } from '../../queries/keys.js';
import type { WellRowStore } from './well-row-store.js';

/** Rows fetched per step; the window always covers whole steps so small scrolls refetch nothing. */
export const WINDOW_STEP = 100;

/**
 * The wells of a project from `firstRow` to `lastRow` (the rows on screen), fetched as
 * one window of whole steps: a 20,000-well project never crosses the bridge whole, and
 * the core filters, searches and sorts in SQL so each window is one cheap query. What the
 * table shows until its search index has arrived (use-well-window.ts); the rows it reads go
 * into the table's row store (`store`), so the index finds them there.
 * While a new window loads, the previous one stays (no flash of empty rows); rows are
 * placed by their absolute index, so a stale window simply shows fewer filled rows.
 *
 * New filters (a keystroke in the search box) go out at once unless the answer to the last
 * ones is still on its way; then as soon as it has arrived, the latest of them only: typing
 * costs one request at a time, each key waits at most for the answer already coming (never
 * for a timer), and a search typed before is shown from react-query's cache at once.
 */
export function useServerWindow(
  filters: WellFilters,
  firstRow: number,
  lastRow: number,
  sparklines: readonly ScreeningStream[] = [],
  { enabled = true, store }: { enabled?: boolean; store?: WellRowStore } = {},
) {
  const offset = Math.floor(Math.max(0, firstRow) / WINDOW_STEP) * WINDOW_STEP;
  const end = (Math.floor(Math.max(0, lastRow) / WINDOW_STEP) + 1) * WINDOW_STEP;
  const limit = end - offset;
  const [sent, setSent] = useState(filters);
  const client = useQueryClient();
  // What the table wants now, for an answer on its way back to send on (below).
  const wanted = useRef({ filters, offset, limit, sparklines });
  useLayoutEffect(() => {
    wanted.current = { filters, offset, limit, sparklines };
  });
  const query = useQuery({
    ...windowQuery(sent, offset, limit, sparklines),
    enabled,
    queryFn: async () => {
      const readAt = Date.now();
      const answer = await readWindow(sent, offset, limit, sparklines);
      store?.keep(answer.result.data.wells, readAt);
      // Keys typed while this was on its way: the latest search goes out now, before this
      // answer is rendered; the render that then asks for it finds it on its way.
      const next = wanted.current;
      if (hashKey([next.filters]) !== hashKey([sent])) {
        void client.prefetchQuery(
          windowQuery(next.filters, next.offset, next.limit, next.sparklines),
        );
      }
      return answer;
    },
    placeholderData: keepPreviousData,
  });
  // Waiting: the rows shown are an earlier window's while this one's answer is on its way
  // (a background refresh of rows already shown holds nothing up). Set while rendering:
  // React renders again at once, with no effect and no frame in between.
  const waiting = query.isFetching && (query.isPlaceholderData || query.data === undefined);
  if (!waiting && hashKey([filters]) !== hashKey([sent])) setSent(filters);
  const data = query.data;
  return {
    offset: data?.offset ?? 0,
    /** The search the rows shown answer (the previous one while a new search loads). */
    search: data?.search ?? '',
    wells: data?.result.data.wells ?? EMPTY,
    total: data?.result.data.total,
    projectTotal: data?.result.data.projectTotal,
    offline: data?.result.offline ?? false,
    error: query.error,
    fetching: query.isFetching,
    /** The rows shown answer an earlier search or sort; this one's answer is on its way. */
    waiting,
  };
}

const EMPTY: WellView[] = [];

function windowQuery(
  filters: WellFilters,
  offset: number,
  limit: number,
  sparklines: readonly ScreeningStream[],
) {
  return {
    // Under wellQueries.all, so cache and outbox events invalidate it like any well list.
    queryKey: [...wellQueries.all, 'window', filters, offset, limit, sparklines],
    queryFn: () => readWindow(filters, offset, limit, sparklines),
  };
}

async function readWindow(
  filters: WellFilters,
  offset: number,
  limit: number,
  sparklines: readonly ScreeningStream[],
) {
  return {
    offset,
    search: filters.search ?? '',
    result: await send('wells-list', {
      ...filters,
      offset,
      limit,
      ...(sparklines.length > 0 ? { sparklines: [...sparklines] } : {}),
    }),
  };
}
