import { useMemo, useState } from 'react';
import type { PendingDeletion } from '#shared/desktop/index.js';
import { IsoDateInput } from '../../shell/IsoDateInput.js';
import { addDays, isCalendarDate } from '#shared/dates/iso-day.js';
import type { GridRow } from './grid-model.js';

export interface GridToolbarProps {
  rows: readonly GridRow[];
  range: { from: string; to: string };
  selectedCount: number;
  nextUndo: string | null;
  busy: boolean;
  deletions: readonly PendingDeletion[];
  onAddDay: (date: string) => Promise<boolean>;
  onDeleteSelected: () => void;
  onUndo: () => void;
}

/** Above the grid: counts, add a day, delete the selected days, undo, pending deletions. */
export function GridToolbar(props: GridToolbarProps) {
  const { rows, range } = props;
  const suggested = rows.length > 0 ? addDays(rows[rows.length - 1]!.date, 1) : range.to;
  const [day, setDay] = useState<string | null>(null);
  // Twenty years is 7,300 rows: counted once per new set of rows, not on every keystroke.
  const unsynced = useMemo(() => rows.filter((row) => row.state !== 'synced').length, [rows]);
  const dayProblem =
    day === null
      ? null
      : !isCalendarDate(day)
        ? 'Choose a date'
        : rows.some((row) => row.date === day)
          ? `${day} is already in the grid`
          : null;

  return (
    <div className="grid-toolbar">
      <strong>Daily records</strong>
      <span className="muted" data-testid="grid-count">
        {rows.length.toLocaleString('en-US')} days
        {unsynced > 0 && ` · ${unsynced.toLocaleString('en-US')} not yet on the server`}
      </span>
      <span className="grid-toolbar-spacer" />
      {day === null ? (
        <button type="button" onClick={() => setDay(suggested)} data-testid="add-day">
          Add day
        </button>
      ) : (
        <span className="add-day">
          <IsoDateInput
            value={day}
            onValue={setDay}
            aria-label="Day to add"
            data-testid="add-day-date"
          />
          <button
            type="button"
            disabled={dayProblem !== null || props.busy}
            title={dayProblem ?? undefined}
            onClick={() => void props.onAddDay(day).then((done) => done && setDay(null))}
            data-testid="add-day-confirm"
          >
            Add
          </button>
          <button type="button" className="link-button" onClick={() => setDay(null)}>
            Cancel
          </button>
          {dayProblem && <span className="muted">{dayProblem}</span>}
        </span>
      )}
      <button
        type="button"
        disabled={props.selectedCount === 0 || props.busy}
        onClick={props.onDeleteSelected}
        data-testid="delete-days"
        title="Select days by clicking their dates (Shift: a run, Ctrl: add one)"
      >
        Delete {props.selectedCount > 0 ? props.selectedCount.toLocaleString('en-US') : ''} selected
      </button>
      <button
        type="button"
        disabled={props.nextUndo === null || props.busy}
        onClick={props.onUndo}
        title={props.nextUndo ? `Undo: ${props.nextUndo} (Ctrl+Z)` : 'Nothing to undo'}
        data-testid="undo"
      >
        Undo{props.nextUndo ? `: ${props.nextUndo}` : ''}
      </button>
      {props.deletions.length > 0 && (
        <p className="grid-deletions" data-testid="pending-deletions">
          Deleted here, not yet on the server:{' '}
          {props.deletions
            .map((d) => (d.from === d.to ? d.from : `${d.from} – ${d.to}`) + ` (${d.state})`)
            .join(', ')}
        </p>
      )}
    </div>
  );
}
