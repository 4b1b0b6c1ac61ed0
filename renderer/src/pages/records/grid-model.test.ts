import { describe, expect, it } from 'vitest';
import type { ProductionView } from '#shared/desktop/index.js';
import {
  contiguousRanges,
  emptyValues,
  formatCell,
  parseCellText,
  parseClipboardBlock,
  pasteBlock,
  recordProblems,
  rowsFromView,
  undoStepFor,
  type GridRow,
} from './grid-model.js';

function row(date: string, oil: number | null, state: GridRow['state'] = 'synced'): GridRow {
  return { date, values: { ...emptyValues(), oil_rate: oil }, state };
}

describe('parseCellText', () => {
  it.each([
    ['12.5', 12.5],
    [' 7 ', 7],
    ['12,5', 12.5],
    ['1,234', 1234],
    ['1,234.5', 1234.5],
    ['1.234,5', 1234.5],
    ['1 234,5', 1234.5],
    ['0', 0],
    ['-3', -3],
    ['1e3', 1000],
    ['.5', 0.5],
  ])('reads %j as %d', (text, value) => {
    expect(parseCellText(text)).toEqual({ value });
  });

  it.each(['', '  ', '-', '—'])('reads %j as no value', (text) => {
    expect(parseCellText(text)).toEqual({ value: null });
  });

  it.each(['abc', '12a', '1..2', '#N/A'])('refuses %j, quoting it', (text) => {
    const result = parseCellText(text);
    expect(result).toEqual({ error: `"${text}" is not a number` });
  });
});

describe('recordProblems', () => {
  it('names the field and the API rule', () => {
    const values = { ...emptyValues(), runtime: 25, watercut: 101, oil_rate: -1 };
    expect(recordProblems('2024-01-02', values).map((p) => p.message)).toEqual([
      'Oil rate must be ≥ 0',
      'Runtime must be between 0 and 24',
      'Watercut must be between 0 and 100',
    ]);
  });
});

describe('rowsFromView', () => {
  it('turns the column-oriented view into rows with their states', () => {
    const view = {
      dates: ['2024-01-01', '2024-01-02'],
      values: { oil_rate: [10, null], gas_rate: [5, 6] },
      states: ['synced', 'pending'],
    } as unknown as ProductionView;
    const rows = rowsFromView(view);
    expect(rows[1]).toEqual({
      date: '2024-01-02',
      values: { ...emptyValues(), gas_rate: 6 },
      state: 'pending',
    });
    expect(rows[0]?.values.oil_rate).toBe(10);
  });
});

describe('parseClipboardBlock', () => {
  it('splits lines and tabs, ignoring the final line break spreadsheets add', () => {
    expect(parseClipboardBlock('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseClipboardBlock('5')).toEqual([['5']]);
  });
});

describe('pasteBlock', () => {
  const rows = [row('2024-01-01', 1), row('2024-01-02', 2), row('2024-01-04', 4)];

  it('fills the rows from the active cell down, keeping the other fields', () => {
    const withGas = rows.map((r) => ({ ...r, values: { ...r.values, gas_rate: 9 } }));
    const result = pasteBlock(withGas, { row: 1, column: 1 }, [['20'], ['40']]);
    expect(result.problems).toEqual([]);
    expect(result.created).toEqual([]);
    expect(result.records.map((r) => [r.date, r.oil_rate, r.gas_rate])).toEqual([
      ['2024-01-02', 20, 9],
      ['2024-01-04', 40, 9],
    ]);
  });

  it('continues day by day after the last row', () => {
    const result = pasteBlock(rows, { row: 2, column: 1 }, [['4'], ['5'], ['6']]);
    expect(result.records.map((r) => r.date)).toEqual(['2024-01-04', '2024-01-05', '2024-01-06']);
    expect(result.created).toEqual(['2024-01-05', '2024-01-06']);
  });

  it('pasted on the date column, goes to the dates in the block', () => {
    const result = pasteBlock(rows, { row: 0, column: 0 }, [
      ['2024-01-03', '3', '7'],
      ['2024-01-01', '1.5', ''],
    ]);
    expect(result.problems).toEqual([]);
    expect(result.created).toEqual(['2024-01-03']);
    expect(result.records).toEqual([
      { ...emptyValues(), date: '2024-01-03', oil_rate: 3, water_rate: 7 },
      { ...emptyValues(), date: '2024-01-01', oil_rate: 1.5, water_rate: null },
    ]);
  });

  it('reports every bad cell with its day and field, and bad dates with their line', () => {
    const result = pasteBlock(rows, { row: 0, column: 0 }, [
      ['2024-02-30', '1'],
      ['2024-01-01', 'x'],
      ['2024-01-02', '-4'],
      ['2024-01-02', '4'],
    ]);
    expect(result.problems.map((p) => p.message)).toEqual([
      'Line 1: "2024-02-30" is not a date (YYYY-MM-DD)',
      'Oil rate: "x" is not a number',
      'Oil rate must be ≥ 0',
      'Line 4: 2024-01-02 is pasted twice',
    ]);
  });

  it('ignores cells past the last field', () => {
    const wide = [Array.from({ length: 12 }, () => '1')];
    const result = pasteBlock(rows, { row: 0, column: 1 }, wide);
    expect(result.problems).toEqual([]);
    expect(Object.keys(result.records[0] ?? {})).toHaveLength(10);
  });
});

describe('undoStepFor', () => {
  it('restores rows as they were and removes the days that did not exist', () => {
    const step = undoStepFor('Paste', [row('2024-01-01', 1)], ['2024-01-01', '2024-01-02']);
    expect(step.restore).toEqual([{ ...emptyValues(), date: '2024-01-01', oil_rate: 1 }]);
    expect(step.remove).toEqual(['2024-01-02']);
  });
});

describe('contiguousRanges', () => {
  it('merges consecutive days, across month ends', () => {
    expect(
      contiguousRanges(['2024-02-01', '2024-01-31', '2024-01-30', '2024-02-05', '2024-02-05']),
    ).toEqual([
      { from: '2024-01-30', to: '2024-02-01' },
      { from: '2024-02-05', to: '2024-02-05' },
    ]);
  });
});

describe('formatCell', () => {
  it('shows integers plainly and others to three decimals', () => {
    expect(formatCell(null)).toBe('');
    expect(formatCell(120)).toBe('120');
    expect(formatCell(12.34567)).toBe('12.346');
  });
});
