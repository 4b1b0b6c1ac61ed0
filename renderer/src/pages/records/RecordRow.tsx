import { memo, type MouseEvent } from 'react';
import type { ProductionField } from '#shared/api/index.js';
import { displayCell, formatCell, GRID_FIELDS, type GridRow } from './grid-model.js';
import { CellEditor } from './CellEditor.js';

export interface RecordRowProps {
  row: GridRow;
  index: number;
  top: number;
  selected: boolean;
  /** Column of the active cell when it is on this row, else -1. */
  activeColumn: number;
  /** The text being typed in the active cell, or null when not editing. */
  editText: string | null;
  gridTemplate: string;
  /** Why a value of this day looks wrong, by field (see use-plausibility). */
  warnings: ReadonlyMap<ProductionField, string> | undefined;
  /** The well event this day is put down to ("Facility: 2026-03-01 – 2026-03-04"), if any. */
  event: string | undefined;
  /** Each field's decimals in the project's unit system (one precision per column). */
  decimals: Readonly<Record<ProductionField, number>>;
  onCellMouseDown: (index: number, column: number, event: MouseEvent) => void;
  onEditChange: (text: string) => void;
}

/** One day of the records grid, memoised so scrolling renders only rows entering the view. */
export const RecordRow = memo(function RecordRow(props: RecordRowProps) {
  const { row, index, top, selected, activeColumn, editText, gridTemplate } = props;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={`grid-row${selected ? ' selected' : ''} state-${row.state}`}
      style={{ transform: `translateY(${top}px)`, gridTemplateColumns: gridTemplate }}
      data-testid="record-row"
      data-date={row.date}
      data-state={row.state}
    >
      <div
        role="rowheader"
        className={`grid-cell grid-date${activeColumn === 0 ? ' active' : ''}`}
        onMouseDown={(event) => props.onCellMouseDown(index, 0, event)}
      >
        {row.date}
        {props.event && (
          <span className="grid-event" title={props.event} data-testid="grid-event">
            <span aria-hidden="true">●</span>
            <span className="visually-hidden">, event: {props.event}</span>
          </span>
        )}
      </div>
      {GRID_FIELDS.map((field, position) => {
        const column = position + 1;
        const active = activeColumn === column;
        const warning = props.warnings?.get(field);
        const value = row.values[field];
        const shown = displayCell(value, props.decimals[field]);
        // A value finer than its column shows its full figure on hover.
        const full =
          value !== null && Number(shown.replace(/,/g, '')) !== value ? formatCell(value) : null;
        return (
          <div
            key={field}
            role="gridcell"
            className={`grid-cell num${active ? ' active' : ''}${warning ? ' implausible' : ''}`}
            onMouseDown={(event) => props.onCellMouseDown(index, column, event)}
            title={warning ?? full ?? undefined}
            aria-description={warning}
            data-field={field}
            data-value={value === null ? '' : formatCell(value)}
          >
            {active && editText !== null ? (
              <CellEditor text={editText} onChange={props.onEditChange} />
            ) : (
              shown
            )}
          </div>
        );
      })}
      <div role="gridcell" className="grid-cell grid-state">
        {row.state !== 'synced' && (
          <span className={`sync-state sync-${row.state}`} data-testid="record-state">
            {row.state}
          </span>
        )}
      </div>
    </div>
  );
});
