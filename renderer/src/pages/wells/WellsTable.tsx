import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { UnitSystem } from '#shared/api/index.js';
import type { WellSortColumn } from '#shared/desktop/index.js';
import { syncQueries, type WellFilters } from '../../queries/keys.js';
import { formatCount } from '../../shell/format.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { wellColumns, type WellColumnMeta } from './columns.js';
import { useNameWidth } from './name-width.js';
import { NameResizer } from './NameResizer.js';
import { RateControls } from './RateControls.js';
import { ScreeningNote } from './ScreeningNote.js';
import { shownSparklines } from './screening-text.js';
import { isColumnVisible } from './use-column-choice.js';
import { useRateView } from './use-rate-view.js';
import { useScreeningFill } from './use-screening-fill.js';
import { useWellWindow } from './use-well-window.js';
import { WellRow } from './WellRow.js';
import './wells-table.css';

const ROW_HEIGHT = 36;
const FETCH_MARGIN = 60;
const KEY_MOVES: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 15, PageUp: -15 };

export interface WellsTableProps {
  projectId: string;
  unitSystem: UnitSystem;
  filters: WellFilters;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** The column menu's choice (columns not in it show as their default says). */
  columnChoice: VisibilityState;
}

/**
 * The wells of a project, virtualised: only the rows on screen exist in the DOM and
 * only their window is fetched, so 20,000 wells scroll like 20. The core sorts (every
 * column) and filters; arrow keys, Page Up/Down and Home/End move through rows, Enter
 * opens the well. Above it, the latest rates' basis and the inactive wells' switch
 * (RateControls), remembered per project.
 */
export function WellsTable({
  projectId,
  unitSystem,
  filters,
  sorting,
  onSortingChange,
  columnChoice,
}: WellsTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [, navigate] = useLocation();
  const [active, setActive] = useState(0);
  // The count comes from the last answer, the window to fetch from the rows the
  // virtualizer shows with that count: both read in render, no state between them.
  const [total, setTotal] = useState<number | undefined>(undefined);
  const count = total ?? 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here: nothing memoizes what useVirtualizer returns
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows beyond the view, rendered with it: each costs every keystroke that changes the
    // rows, and rows scrolled into view render within their frame from the row store.
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();

  const [rateView, setRateView] = useRateView(projectId);
  const basis = rateView.rateBasis;
  // The core shows, sorts and filters on the chosen basis (wells-list's rateBasis).
  const listed: WellFilters = {
    ...filters,
    rateBasis: basis,
    ...(rateView.hideInactive ? { hideInactive: true } : {}),
  };
  const allColumns = useMemo(
    () => wellColumns(unitSystem, projectId, basis),
    [unitSystem, projectId, basis],
  );
  // Hidden columns are left out of the table itself: cells, header and grid template alike.
  const columns = useMemo(
    () =>
      allColumns.filter((column) =>
        isColumnVisible(
          columnChoice,
          column.id ?? '',
          (column.meta as WellColumnMeta | undefined)?.hiddenByDefault,
        ),
      ),
    [allColumns, columnChoice],
  );
  // Only the sparklines of the columns shown cross the bridge.
  const sparklines = useMemo(
    () => shownSparklines(columns.map((column) => column.id ?? '')),
    [columns],
  );
  // Fetch a margin beyond the rows on screen, so rows scrolled into view are usually
  // already there while the next window loads.
  const wells = useWellWindow(
    listed,
    (items[0]?.index ?? 0) - FETCH_MARGIN,
    (items[items.length - 1]?.index ?? 40) + FETCH_MARGIN,
    sparklines,
  );
  // Only an answer changes the count. A failed window (no answer) keeps the last count:
  // dropping it to nothing would change the rows on screen, so the window fetched, whose
  // cached answer would restore the count: a render loop that blanked the app whenever
  // the core stopped answering.
  if (wells.total !== undefined && wells.total !== total) setTotal(wells.total);
  // Offline as the top bar says it, or as this answer found: the figures' age is worth saying.
  const reachability = useQuery(syncQueries.status()).data?.reachability;
  const offline = wells.offline || reachability === 'unreachable';
  const fill = useScreeningFill(projectId, wells.total !== undefined, !offline);
  const table = useReactTable({
    data: wells.wells,
    columns,
    getRowId: (well) => well.id,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater) =>
      onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
  });
  const rows = table.getRowModel().rows;
  const names = useMemo(() => rows.map((row) => row.original.name), [rows]);
  const [nameWidth, setNameWidth] = useNameWidth(projectId, names);
  const rowAt = (index: number) => rows[index - wells.offset];

  const open = (index: number) => {
    const row = rowAt(index);
    if (row) navigate(`/projects/${projectId}/wells/${row.original.id}`);
  };
  // Stable for the memoised rows; reads the latest `open` through a ref.
  const openRef = useRef(open);
  openRef.current = open;
  const onOpenRow = useCallback((index: number) => {
    setActive(index);
    openRef.current(index);
  }, []);
  const moveTo = (index: number) => {
    const next = Math.min(count - 1, Math.max(0, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (move !== undefined) moveTo(active + move);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(count - 1);
    else if (event.key === 'Enter') open(active);
    else return;
    event.preventDefault();
  };

  const sizes = columns.map((c) => (c.id === 'name' ? nameWidth : (c.size ?? 120)));
  // The last column takes what the window has left: the table fills the width it is given.
  const gridTemplate = sizes
    .map((size, i) => (i === sizes.length - 1 ? `minmax(${size}px, 1fr)` : `${size}px`))
    .join(' ');
  const width = `max(${sizes.reduce((sum, size) => sum + size, 0)}px, 100%)`;
  return (
    <div className="wells-table-frame">
      <RateControls view={rateView} onChange={setRateView} />
      {wells.error && <ErrorPanel error={wells.error} />}
      {/* Outside the grid (a grid holds rows only); the name column is frozen, so its edge
          stays where the resizer is whatever the sideways scroll. */}
      <div className="wells-table-box">
        <NameResizer width={nameWidth} onResize={setNameWidth} />
        <div
          className="virtual-table"
          ref={scroller}
          tabIndex={0}
          role="grid"
          aria-label="Wells"
          aria-busy={wells.waiting}
          aria-rowcount={count + 1}
          aria-activedescendant={count > 0 ? `well-row-${active}` : undefined}
          onKeyDown={onKeyDown}
          data-testid="wells-table"
          data-search={wells.search}
        >
          <div
            className="virtual-head"
            role="row"
            style={{ gridTemplateColumns: gridTemplate, width }}
          >
            {table.getHeaderGroups()[0]?.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const meta = header.column.columnDef.meta as
                { numeric?: boolean; description?: string } | undefined;
              const numeric = meta?.numeric;
              return (
                <button
                  key={header.id}
                  type="button"
                  role="columnheader"
                  aria-sort={
                    sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                  }
                  className={`virtual-th${numeric ? ' num' : ''}`}
                  onClick={header.column.getToggleSortingHandler()}
                  title={`${meta?.description ? `${meta.description}. ` : ''}Sort (click again to reverse, a third time for the default order)`}
                  data-testid={`sort-${header.id}`}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                  <span className="sort-mark" aria-hidden>
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                  </span>
                </button>
              );
            })}
          </div>
          <div className="virtual-body" style={{ height: virtualizer.getTotalSize(), width }}>
            {/* A failed window with no earlier answer has nothing to place: no endless "Loading…". */}
            {!(wells.error && wells.total === undefined) &&
              items.map((item) => (
                <WellRow
                  key={item.key}
                  row={rowAt(item.index)}
                  index={item.index}
                  top={item.start}
                  active={item.index === active}
                  gridTemplate={gridTemplate}
                  columns={columns}
                  onOpen={onOpenRow}
                />
              ))}
          </div>
          {wells.total === 0 && (
            <p className="wells-empty" data-testid="wells-empty">
              No wells match. Clear the search or the filters to see every well.
            </p>
          )}
        </div>
      </div>
      <p className="wells-count muted" data-testid="well-count">
        {wells.total === undefined
          ? wells.error
            ? 'Wells not available'
            : 'Loading wells…'
          : `${formatCount(wells.total)} of ${formatCount(wells.projectTotal ?? wells.total)} wells`}
        {wells.offline && (
          <span className="offline-note" data-testid="wells-offline">
            {' '}
            · Offline: showing the wells saved on this computer
          </span>
        )}
        <ScreeningNote fill={fill} offline={offline} />
      </p>
    </div>
  );
}

/** The core's sort argument for the table's sorting state (none: name ascending). */
export function sortArg(
  sorting: SortingState,
): { column: WellSortColumn; direction: 'asc' | 'desc' } | undefined {
  const first = sorting[0];
  return first
    ? { column: first.id as WellSortColumn, direction: first.desc ? 'desc' : 'asc' }
    : undefined;
}
