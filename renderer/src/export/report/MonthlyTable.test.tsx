import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MonthlyTable, ROWS_KEPT_WITH_TOTAL } from './MonthlyTable.js';
import { monthlySummary } from './monthly-summary.js';

/** A year of a well: 10 bbl/d of oil, 20 Mscf/d of gas every day of 2024. */
function year() {
  const dates: string[] = [];
  for (let day = Date.UTC(2024, 0, 1); day <= Date.UTC(2024, 11, 31); day += 86_400_000) {
    dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return monthlySummary(
    {
      from: '2024-01-01',
      to: '2024-12-31',
      dates,
      values: {
        oil_rate: dates.map(() => 10),
        gas_rate: dates.map(() => 20),
        water_rate: dates.map(() => null),
        runtime: dates.map(() => 24),
      },
    },
    'imperial',
  );
}

const BEFORE = { oil_rate: 1_000, gas_rate: 2_000, water_rate: 0 };

describe('the report’s monthly table', () => {
  it('ends with the totals, labelled with the range, after every month', () => {
    render(<MonthlyTable summary={year()} before={BEFORE} />);
    const table = screen.getByTestId('report-monthly');
    const rows = within(table).getAllByRole('row');
    const body = rows.slice(2); // two header rows
    expect(body).toHaveLength(12 + 2);
    expect(body[11]!.querySelector('th')!.textContent).toBe('2024-12');
    const total = body[12]!;
    const since = body[13]!;
    expect(total).toBe(screen.getByTestId('report-total'));
    expect(total.querySelector('th')!.textContent).toBe('Total, 2024-01-01 – 2024-12-31');
    expect(total.textContent).toContain('366 / 366');
    expect(total.textContent).toContain('3,660'); // oil, 366 days × 10 bbl/d
    expect(since).toBe(screen.getByTestId('report-since-first'));
    expect(since.querySelector('th')!.textContent).toBe('Since first production, to 2024-12-31');
    expect(since.textContent).toContain('4,660');
    // The last row of the table is the last total.
    expect(rows.at(-1)).toBe(since);
    // Not a footer group: Chromium repeats one at the foot of every printed page.
    expect(table.querySelector('tfoot')).toBeNull();
    expect(total.className).toContain('report-totals-row');
  });

  it('keeps the last months in the totals’ row group, which a page break does not split', () => {
    render(<MonthlyTable summary={year()} before={null} />);
    const groups = screen.getByTestId('report-monthly').querySelectorAll('tbody');
    expect(groups).toHaveLength(2);
    const end = groups[1]!;
    expect(end.className).toBe('report-table-end');
    const months = [...end.querySelectorAll('tr:not(.report-totals-row)')];
    expect(months).toHaveLength(ROWS_KEPT_WITH_TOTAL);
    expect(months.map((row) => row.querySelector('th')!.textContent)).toEqual([
      '2024-11',
      '2024-12',
    ]);
    expect(end.lastElementChild).toBe(screen.getByTestId('report-total'));
    expect(screen.queryByTestId('report-since-first')).toBeNull();
  });

  it('puts a one-month range and its total in one group', () => {
    const summary = year();
    render(
      <MonthlyTable
        summary={{ ...summary, rows: summary.rows.slice(0, 1), to: '2024-01-31' }}
        before={null}
      />,
    );
    const groups = screen.getByTestId('report-monthly').querySelectorAll('tbody');
    expect(groups).toHaveLength(1);
    expect(screen.getByTestId('report-total').querySelector('th')!.textContent).toBe(
      'Total, 2024-01-01 – 2024-01-31',
    );
  });
});
