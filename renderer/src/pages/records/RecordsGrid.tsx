import { eventQueries } from '../../queries/event-keys.js';
import { eventCovering, latestFirst } from '../events/event-days.js';
import { spanText } from '../events/event-text.js';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import {
  FIELD_RULES,
  unitLabel,
  fieldDecimals,
  PRODUCTION_FIELDS,
  type ProductionField,
  type ProductionRecordInput,
  type UnitSystem,
} from '#shared/api/index.js';
import type { PlausibilityWarning } from '#shared/production/index.js';
import { PlausibilityAsk } from '../../plausibility/PlausibilityAsk.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { productionColumnsQuery } from '../well/production-query.js';
import { viewOfColumns } from '#shared/desktop/index.js';
import {
  emptyValues,
  formatCell,
  GRID_FIELDS,
  parseCellText,
  parseClipboardBlock,
  pasteBlock,
  recordProblems,
  rowsFromView,
  toRecord,
  type CellProblem,
} from './grid-model.js';
import { GridToolbar } from './GridToolbar.js';
import { ProblemList } from './ProblemList.js';
import { useAfterPaint } from './use-after-paint.js';
import { RecordRow } from './RecordRow.js';
import { useGridActions } from './use-grid-actions.js';
import { useGridPlausibility, usePlausibilityLookback } from './use-plausibility.js';
import './records-grid.css';

const ROW_HEIGHT = 30;
const SHORT_LABEL: Record<string, string> = {
  oil_rate: 'Oil',
  water_rate: 'Water',
  gas_rate: 'Gas',
  bhp: 'BHP',
  thp: 'THP',
  choke_size: 'Choke',
  runtime: 'Runtime',
  gor: 'GOR',
  watercut: 'Watercut',
};
const COLUMNS = GRID_FIELDS.length + 1;
const GRID_TEMPLATE = `110px repeat(${GRID_FIELDS.length}, minmax(84px, 1fr)) 104px`;

export interface RecordsGridProps {
  projectId: string;
  wellId: string;
  range: { from: string; to: string };
  unitSystem: UnitSystem;
  /** The well's spud date: production before it is asked about before saving. */
  spudDate: string | null;
}

/** A save held until the engineer answers the question about values that look wrong. */
interface HeldSave {
  records: ProductionRecordInput[];
  label: string;
  warnings: PlausibilityWarning[];
  /** Saves the cell editor's text (Go back returns to the editor). */
  fromEditor: boolean;
  /** What the key or click that saved asked for next (a move, a new selection). */
  then: () => void;
  /** For the change log: pasted cells say so; anything else was typed. */
  pasted?: boolean;
}

/** A cell of the grid: its row index, and its column (0 the date, 1… GRID_FIELDS). */
interface CellAt {
  row: number;
  column: number;
}

/**
 * The daily records of the selected range, editable like a spreadsheet: arrows move;
 * typing on the selected cell replaces its value; F2, Enter, a double-click or a second
 * click edit it with the caret at the end; Enter/Tab save and move, Escape cancels,
 * Delete clears a cell, a block copied from a spreadsheet pastes at the selected cell,
 * Ctrl+Z undoes. Every value is checked with the API's rules first; values the rules
 * allow but that look wrong are marked and asked about once before saving. A save is a
 * queued edit, so it works offline and each row shows how far it has got.
 *
 * The grid places focus itself: a press on a cell never lets the browser move focus
 * (which would take it back from an editor that just opened) or place a caret.
 */
function RecordsGridView({ projectId, wellId, range, unitSystem, spudDate }: RecordsGridProps) {
  // The cumulative chart's read (typed columns), as days once per read, and the days
  // before it that the plausibility rules compare rates with.
  const query = useQuery(productionColumnsQuery(projectId, wellId, range, 'daily'));
  const read = query.data?.data;
  const lookback = usePlausibilityLookback(projectId, wellId, range);
  const reads = useMemo(() => ({ read, lookback }), [read, lookback]);
  // A new read (or range) reaches the grid after the charts above it (which share the
  // read) have painted, in a background render: its rows and plausibility checks follow.
  const shown = useAfterPaint(reads);
  const columns = shown?.read;
  const view = columns ? viewOfColumns(columns) : undefined;
  const rows = useMemo(() => (view ? rowsFromView(view) : []), [view]);
  const actions = useGridActions(projectId, wellId, rows);
  // Each day's event, as lost production puts the day down to it (pages/events/event-days.ts).
  const events = useQuery(eventQueries.ofWell(projectId, wellId)).data?.events;
  const ordered = useMemo(() => latestFirst(events ?? []), [events]);
  const plausibility = useGridPlausibility({
    columns,
    lookback: shown?.lookback,
    unitSystem,
    spudDate,
    rows,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<CellAt>({ row: 0, column: 1 });
  const [editText, setEditText] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef(0);
  const [problems, setProblems] = useState<CellProblem[]>([]);
  const [held, setHeld] = useState<HeldSave | null>(null);
  /** The cell the last click selected: a click on it again edits it. */
  const clicked = useRef<CellAt | null>(null);

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here: nothing memoizes what useVirtualizer returns
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  const focusGrid = () => scroller.current?.focus({ preventScroll: true });

  const moveTo = (row: number, column: number) => {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, row)),
      column: Math.max(0, Math.min(COLUMNS - 1, column)),
    };
    clicked.current = null;
    setActive(next);
    virtualizer.scrollToIndex(next.row, { align: 'auto' });
  };

  /**
   * Queues a save. One of the editor's text that fails (a full disk, say; the error panel
   * says why) opens the cell again with what was typed, even if a click moved on meanwhile,
   * so trying again is one Enter.
   */
  const write = (save: Omit<HeldSave, 'warnings'>) => {
    const cell = active;
    const typed = save.fromEditor ? editText : null;
    if (save.fromEditor) setEditText(null);
    void actions
      .saveRecords(save.records, save.label, save.pasted ? 'paste' : 'grid')
      .then((saved) => {
        if (saved || typed === null) return;
        setActive(cell);
        setEditText(typed);
      });
  };

  /** Saves records, unless some look wrong: then the save is held and the question asked. */
  const saveOrAsk = (save: Omit<HeldSave, 'warnings'>) => {
    const warnings = plausibility.check(save.records);
    if (warnings.length > 0) {
      setHeld({ ...save, warnings });
      return;
    }
    write(save);
    save.then();
  };

  /**
   * Ends the edit of the active cell with its text saved, then does `then`. Stays editing
   * (and does not do `then`) when the value breaks a rule or looks wrong and is asked about.
   */
  const commitEdit = (then: () => void) => {
    const row = rows[active.row];
    const field = GRID_FIELDS[active.column - 1];
    if (editText === null || !row || !field) {
      then();
      return;
    }
    const parsed = parseCellText(editText);
    if ('error' in parsed) {
      setProblems([
        { date: row.date, field, message: `${FIELD_RULES[field].label}: ${parsed.error}` },
      ]);
      return;
    }
    const values = { ...row.values, [field]: parsed.value };
    const broken = recordProblems(row.date, values);
    if (broken.length > 0) {
      setProblems(broken);
      return;
    }
    setProblems([]);
    if (row.values[field] === parsed.value) {
      setEditText(null);
      then();
      return;
    }
    saveOrAsk({
      records: [toRecord(row.date, values)],
      label: `Edit ${SHORT_LABEL[field]} on ${row.date}`,
      fromEditor: true,
      then,
    });
  };

  const saveAnyway = () => {
    if (!held) return;
    setHeld(null);
    write(held);
    focusGrid();
    held.then();
  };
  // The dialog gives focus back to what had it when it opened: the editor, or the grid.
  const goBack = () => setHeld(null);

  const clearActiveCell = () => {
    const row = rows[active.row];
    const field = GRID_FIELDS[active.column - 1];
    if (!row || !field || row.values[field] === null) return;
    void actions.saveRecords(
      [toRecord(row.date, { ...row.values, [field]: null })],
      `Clear ${SHORT_LABEL[field]} on ${row.date}`,
    );
  };

  const deleteSelected = () => {
    if (selected.size === 0) return;
    const dates = [...selected];
    const message = `Delete ${dates.length} day${dates.length === 1 ? '' : 's'} of production? The deletion is queued and sent to the server when online; Undo brings the values back.`;
    if (!window.confirm(message)) return;
    void actions.deleteDays(dates).then((done) => done && setSelected(new Set()));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    if (editText !== null) {
      if (event.key === 'Escape') {
        event.preventDefault();
        setEditText(null);
        setProblems([]);
        focusGrid();
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const step = event.shiftKey ? -1 : 1;
        const down = event.key === 'Enter';
        const { row, column } = active;
        commitEdit(() => {
          moveTo(down ? row + step : row, down ? column : column + step);
          focusGrid();
        });
      }
      return;
    }
    const arrows: Record<string, [number, number]> = {
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
      PageDown: [15, 0],
      PageUp: [-15, 0],
      Tab: [0, event.shiftKey ? -1 : 1],
    };
    const move = arrows[event.key];
    if (move) moveTo(active.row + move[0], active.column + move[1]);
    else if (mod && event.key.toLowerCase() === 'z') void actions.undo();
    else if (event.key === 'Enter' || event.key === 'F2') startEditing(null);
    else if (event.key === 'Delete' || event.key === 'Backspace') {
      if (active.column === 0 || selected.size > 0) deleteSelected();
      else clearActiveCell();
    } else if (event.key.length === 1 && !mod && !event.altKey && active.column > 0) {
      startEditing(event.key);
    } else return;
    event.preventDefault();
  };

  /** Opens the editor on the active cell: on the typed key, or on its whole value. */
  const startEditing = (typed: string | null) => {
    const row = rows[active.row];
    const field = GRID_FIELDS[active.column - 1];
    if (!row || !field) return;
    clicked.current = null;
    setProblems([]);
    setEditText(typed ?? formatCell(row.values[field]));
  };

  const onPaste = (event: ClipboardEvent) => {
    if (editText !== null) return; // an ordinary paste into the cell being edited
    event.preventDefault();
    const block = parseClipboardBlock(event.clipboardData.getData('text/plain'));
    const result = pasteBlock(rows, active, block);
    if (result.problems.length > 0) {
      setProblems(result.problems);
      return;
    }
    setProblems([]);
    const lines = result.records.length;
    saveOrAsk({
      records: result.records,
      label: `Paste ${lines} row${lines === 1 ? '' : 's'}`,
      fromEditor: false,
      pasted: true,
      then: focusGrid,
    });
  };

  const onCopy = (event: ClipboardEvent) => {
    if (editText !== null) return;
    event.preventDefault();
    const lines =
      selected.size > 0
        ? rows
            .filter((row) => selected.has(row.date))
            .map((row) =>
              [row.date, ...GRID_FIELDS.map((f) => formatCell(row.values[f]))].join('\t'),
            )
        : [cellText(active.row, active.column)];
    event.clipboardData.setData('text/plain', `${lines.join('\n')}\n`);
  };
  const cellText = (index: number, column: number) => {
    const row = rows[index];
    const field = GRID_FIELDS[column - 1];
    return !row ? '' : field ? formatCell(row.values[field]) : row.date;
  };

  /** A click's selection: the cell, and on the Date column the days (Shift: a run, Ctrl: one more). */
  const selectCell = (index: number, column: number, event: MouseEvent) => {
    clicked.current = { row: index, column };
    setActive({ row: index, column });
    focusGrid();
    if (column !== 0) return;
    const date = rows[index]?.date;
    if (!date) return;
    setSelected((previous) => {
      if (event.shiftKey) {
        const [from, to] = [anchor.current, index].sort((a, b) => a - b) as [number, number];
        return new Set(rows.slice(from, to + 1).map((row) => row.date));
      }
      anchor.current = index;
      if (event.ctrlKey || event.metaKey) {
        const next = new Set(previous);
        if (next.has(date)) next.delete(date);
        else next.add(date);
        return next;
      }
      return new Set([date]);
    });
  };

  const onCellPress = (index: number, column: number, event: MouseEvent) => {
    if (event.button !== 0) return;
    // The grid decides where focus goes: the browser's own handling of the press would
    // move it to the grid after an editor opened by this press had taken it.
    event.preventDefault();
    if (held) return;
    const onActive = active.row === index && active.column === column;
    if (editText !== null) {
      // A press on the edited cell's edge keeps editing; clicking away saves the edit
      // first, and the click selects once it is saved.
      if (!onActive) commitEdit(() => selectCell(index, column, event));
      return;
    }
    const again = onActive && clicked.current?.row === index && clicked.current.column === column;
    if (again && column > 0) startEditing(null);
    else selectCell(index, column, event);
  };

  // Stable for the memoised rows: calls the latest handler through a ref.
  const latestPress = useRef(onCellPress);
  latestPress.current = onCellPress;
  const onCellMouseDown = useCallback(
    (index: number, column: number, event: MouseEvent) => latestPress.current(index, column, event),
    [],
  );

  const units = (field: (typeof GRID_FIELDS)[number]) =>
    unitLabel(FIELD_RULES[field].quantity, unitSystem);
  const decimals = useMemo(
    () =>
      Object.fromEntries(
        PRODUCTION_FIELDS.map((field) => [field, fieldDecimals(field, unitSystem)]),
      ) as Record<ProductionField, number>,
    [unitSystem],
  );
  return (
    <section className="records-grid" aria-label="Daily records" data-testid="records-grid">
      <GridToolbar
        rows={rows}
        range={range}
        selectedCount={selected.size}
        nextUndo={actions.nextUndo}
        busy={actions.busy}
        deletions={view?.deletions ?? []}
        onAddDay={(date) => actions.saveRecords([toRecord(date, emptyValues())], `Add ${date}`)}
        onDeleteSelected={deleteSelected}
        onUndo={() => void actions.undo()}
      />
      <ProblemList problems={problems} onDismiss={() => setProblems([])} />
      {actions.error && <ErrorPanel error={actions.error} />}
      {query.error && <ErrorPanel error={query.error} />}
      <div
        ref={scroller}
        className="grid-scroll"
        role="grid"
        aria-rowcount={rows.length + 1}
        aria-colcount={COLUMNS + 1}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onCopy={onCopy}
        data-testid="records-grid-body"
      >
        <div className="grid-head" role="row" style={{ gridTemplateColumns: GRID_TEMPLATE }}>
          <div role="columnheader" className="grid-cell">
            Date
          </div>
          {GRID_FIELDS.map((field) => (
            <div
              key={field}
              role="columnheader"
              className="grid-cell num"
              title={FIELD_RULES[field].label}
            >
              {SHORT_LABEL[field]} <span className="unit">{units(field)}</span>
            </div>
          ))}
          <div role="columnheader" className="grid-cell">
            Sync
          </div>
        </div>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const isActive = item.index === active.row;
            return (
              <RecordRow
                key={row.date}
                row={row}
                index={item.index}
                top={item.start}
                selected={selected.has(row.date)}
                activeColumn={isActive ? active.column : -1}
                editText={isActive ? editText : null}
                gridTemplate={GRID_TEMPLATE}
                warnings={plausibility.marks.get(row.date)}
                event={eventWords(eventCovering(ordered, row.date))}
                decimals={decimals}
                onCellMouseDown={onCellMouseDown}
                onEditChange={setEditText}
              />
            );
          })}
        </div>
        {view && rows.length === 0 && (
          <p className="grid-empty">
            No daily records between {range.from} and {range.to}. Add a day or paste rows on the
            Date column.
          </p>
        )}
      </div>
      {held && <PlausibilityAsk warnings={held.warnings} onSave={saveAnyway} onBack={goBack} />}
    </section>
  );
}

function eventWords(event: ReturnType<typeof eventCovering>): string | undefined {
  return event && `${event.category}: ${spanText(event)}`;
}

/**
 * Memoised: the charts above re-render on every range click and hover, and the grid, with
 * the same props, has nothing to redo (its rows follow its own deferred read).
 */
export const RecordsGrid = memo(RecordsGridView);
