import { useQuery } from '@tanstack/react-query';
import type { WellsIndexArgs } from '#shared/desktop/index.js';
import { send } from '../../bridge/bridge.js';
import { wellQueries } from '../../queries/keys.js';
import { wellIndexFrom, type WellIndex } from './well-search.js';

export type { WellIndex } from './well-search.js';

/**
 * The wells table's search index: every well the filters (not the search) let through, in
 * the table's order, with what the search reads of each. The core sends it (wells-index);
 * each keystroke is then answered in memory, by the same matching the core's SQL does
 * (searchWellIndex, well-search.ts). It is read again whenever the core says the wells
 * changed, as every well list is.
 */

export type WellIndexFilters = Omit<WellsIndexArgs, 'connectionId' | 'refresh'>;

/**
 * The index for these filters, or undefined while it is first read or after it failed (the
 * table then asks the core for each window). While a change is read again, the index held
 * is kept: a row it names is still shown, and read again (well-row-store.ts).
 */
export function useWellIndex(filters: WellIndexFilters): WellIndex | undefined {
  const query = useQuery({
    // Under wellQueries.all: the events that make a well list read again make this one too.
    queryKey: [...wellQueries.all, 'index', filters],
    queryFn: () => readIndex(filters),
    // A new index replaces the old whole: comparing 20,000 entries to share the equal ones
    // (react-query's default) held the page for 15 ms and saved nothing.
    structuralSharing: false,
  });
  return query.isError ? undefined : query.data;
}

async function readIndex(filters: WellIndexFilters): Promise<WellIndex> {
  const readAt = Date.now();
  const { data, offline } = await send('wells-index', filters);
  return wellIndexFrom(data, offline, readAt);
}
