import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { FIELD_RULES, unitLabel, type UnitSystem } from '../../../../shared/api/index.js';
import { ErrorPanel } from '../ErrorPanel.js';
import { productionQuery } from '../well/production-query.js';
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
import { RecordRow } from './RecordRow.js';
import { useGridActions } from './use-grid-actions.js';
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
const GRID_TEMPLATE = `110px repeat(${GRID_FIELDS.length}, minmax(84px, 1fr)) 86px`;

export interface RecordsGridProps {
  projectId: string;
  wellId: string;
  range: { from: string; to: string };
  unitSystem: UnitSystem;
}

/**
 * The daily records of the selected range, editable like a spreadsheet: arrows move,
 * typing or Enter edits, Enter/Tab commit, Escape cancels, Delete clears a cell, a block
 * copied from a spreadsheet pastes at the active cell, Ctrl+Z undoes. Every value is
 * checked with the API's rules first; a save is a queued edit, so it works offline and
 * each row shows how far it has got (pending, syncing, error, conflict).
 */
export function RecordsGrid({ projectId, wellId, range, unitSystem }: RecordsGridProps) {
  const query = useQuery(productionQuery(projectId, wellId, range, 'daily'));
  const view = query.data?.data;
  const rows = useMemo(() => (view ? rowsFromView(view) : []), [view]);
  const actions = useGridActions(projectId, wellId, rows);
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState({ row: 0, column: 1 });
  const [editText, setEditText] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef(0);
  const [problems, setProblems] = useState<CellProblem[]>([]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  const moveTo = (row: number, column: number) => {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, row)),
      column: Math.max(0, Math.min(COLUMNS - 1, column)),
    };
    setActive(next);
    virtualizer.scrollToIndex(next.row, { align: 'auto' });
  };

  /** Saves the cell being edited; false (and stays editing) when the value breaks a rule. */
  const commitEdit = async (): Promise<boolean> => {
    const row = rows[active.row];
    const field = GRID_FIELDS[active.column - 1];
    if (editText === null || !row || !field) return true;
    const parsed = parseCellText(editText);
    if ('error' in parsed) {
      setProblems([
        { date: row.date, field, message: `${FIELD_RULES[field].label}: ${parsed.error}` },
      ]);
      return false;
    }
    const values = { ...row.values, [field]: parsed.value };
    const broken = recordProblems(row.date, values);
    if (broken.length > 0) {
      setProblems(broken);
      return false;
    }
    setProblems([]);
    setEditText(null);
    if (row.values[field] !== parsed.value) {
      const cell = active;
      const typed = editText;
      const saved = await actions.saveRecords(
        [toRecord(row.date, values)],
        `Edit ${SHORT_LABEL[field]} on ${row.date}`,
      );
      if (!saved) {
        // Not saved (a full disk, say; the error panel says why): the cell opens again with
        // what was typed, even if a click moved on meanwhile, so trying again is one Enter.
        setActive(cell);
        setEditText(typed);
        return false;
      }
    }
    return true;
  };

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

  const onKeyDown = async (event: KeyboardEvent) => {
    const mod = event.ctrlKey || event.metaKey;
    if (editText !== null) {
      if (event.key === 'Escape') {
        setEditText(null);
        setProblems([]);
      } else if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        if (await commitEdit()) {
          if (event.key === 'Enter') moveTo(active.row + (event.shiftKey ? -1 : 1), active.column);
          else moveTo(active.row, active.column + (event.shiftKey ? -1 : 1));
          scroller.current?.focus();
        }
        return;
      } else return;
      event.preventDefault();
      scroller.current?.focus();
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

  const startEditing = (typed: string | null) => {
    const row = rows[active.row];
    const field = GRID_FIELDS[active.column - 1];
    if (!row || !field) return;
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
    void actions.saveRecords(result.records, `Paste ${lines} row${lines === 1 ? '' : 's'}`);
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

  // Stable for the memoised rows: reads the latest state through refs.
  const latest = useRef({ active, rows, editText, commitEdit });
  latest.current = { active, rows, editText, commitEdit };
  const onCellMouseDown = useCallback((index: number, column: number, event: MouseEvent) => {
    const { active: current, rows: all, editText: editing, commitEdit: commit } = latest.current;
    if (editing !== null) void commit();
    // A second click on the active cell edits it; the first click into the grid only
    // selects (focus is still elsewhere while mousedown runs).
    const focused = scroller.current?.contains(document.activeElement) ?? false;
    if (
      focused &&
      current.row === index &&
      current.column === column &&
      column > 0 &&
      editing === null
    ) {
      const row = all[index];
      const field = GRID_FIELDS[column - 1];
      if (row && field) setEditText(formatCell(row.values[field]));
    }
    setActive({ row: index, column });
    if (column === 0) {
      const date = all[index]?.date;
      if (!date) return;
      setSelected((previous) => {
        if (event.shiftKey) {
          const [from, to] = [anchor.current, index].sort((a, b) => a - b) as [number, number];
          return new Set(all.slice(from, to + 1).map((row) => row.date));
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
    }
  }, []);

  const units = (field: (typeof GRID_FIELDS)[number]) =>
    unitLabel(FIELD_RULES[field].quantity, unitSystem);
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
        onKeyDown={(event) => void onKeyDown(event)}
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
              {SHORT_LABEL[field]} <span className="unit">({units(field)})</span>
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
    </section>
  );
}
