import { flexRender, type Row } from '@tanstack/react-table';
import { dequal } from 'dequal';
import { memo } from 'react';
import type { WellView } from '#shared/desktop/index.js';

export interface WellRowProps {
  /** Absent while the row's window is loading. */
  row: Row<WellView> | undefined;
  index: number;
  top: number;
  active: boolean;
  gridTemplate: string;
  /** The table's columns shown (only compared: a row renders again when they change). */
  columns: readonly unknown[];
  onOpen: (index: number) => void;
}

/**
 * One row of the wells table, memoised: while scrolling, only rows entering the view
 * render; the rest keep their DOM.
 */
export const WellRow = memo(WellRowView, sameRow);

/**
 * Equal when everything drawn is equal. A newly fetched window brings new objects for
 * wells already on screen; comparing their content keeps those rows from rendering again.
 */
function sameRow(previous: WellRowProps, next: WellRowProps): boolean {
  return (
    previous.index === next.index &&
    previous.top === next.top &&
    previous.active === next.active &&
    previous.gridTemplate === next.gridTemplate &&
    previous.onOpen === next.onOpen &&
    previous.columns === next.columns &&
    (previous.row === next.row ||
      (previous.row !== undefined &&
        next.row !== undefined &&
        // Another well in this place (a new search or sort): no need to compare the rest.
        previous.row.original.id === next.row.original.id &&
        // The same well as held by the table's row store: nothing to compare.
        (previous.row.original === next.row.original ||
          // Member by member, stopping at the first difference: serialising both rows (their
          // sparklines too) cost more than rendering them on a search that kept its first wells.
          dequal(previous.row.original, next.row.original))))
  );
}

function WellRowView({ row, index, top, active, gridTemplate, onOpen }: WellRowProps) {
  return (
    <div
      id={`well-row-${index}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={active}
      className={`virtual-row${active ? ' active' : ''}`}
      style={{ transform: `translateY(${top}px)`, gridTemplateColumns: gridTemplate }}
      onClick={() => onOpen(index)}
      data-testid={row ? 'well-row' : 'well-row-loading'}
    >
      {row ? (
        row.getVisibleCells().map((cell) => (
          // Keyed by column, not by well: a row showing another well (a new search, a scroll)
          // updates its cells' text in place instead of rebuilding them.
          <div
            key={cell.column.id}
            role="gridcell"
            className={`virtual-td${(cell.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric ? ' num' : ''}`}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </div>
        ))
      ) : (
        <div role="gridcell" className="virtual-td muted">
          Loading…
        </div>
      )}
    </div>
  );
}
