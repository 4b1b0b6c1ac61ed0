import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  ImportPreviewArgs,
  ImportPreviewResult,
  ImportPreviewRecord,
} from '#shared/desktop/index.js';
import { AppDialogs } from '../dialogs/AppDialogs.js';
import { closeDialog } from '../dialogs/open-dialog.js';
import { readResult, syncStatus, wellView } from '../testing/fixtures.js';
import { bridge, renderApp } from '../testing/render.js';
import { importPageFile } from './start-import.js';

/**
 * The import dialog as a file dropped on a well's page opens it in the browser host (the
 * page reads the file's text and sends it). The core's previews are faked at the bridge.
 */

const FILE_TEXT = 'Date,Oil (bbl),Gas (mcf),Water\n2024-07-01,100,310,12\n2024-07-02,98,305,11\n';

function record(line: number, date: string, oil: number): ImportPreviewRecord {
  return { line, wellId: 'w_1', record: { date, oil_rate: oil, gas_rate: 310, water_rate: 12 } };
}

/** What the core answers for the file as it reads it: three rows, one of them invalid. */
function preview(overrides: Partial<ImportPreviewResult> = {}): ImportPreviewResult {
  return {
    importId: 'imp_1',
    fileName: 'july.csv',
    bytes: FILE_TEXT.length,
    encoding: 'utf-8',
    delimiter: ',',
    decimalSeparator: '.',
    unitSystem: 'imperial',
    headerLine: 1,
    headers: ['Date', 'Oil (bbl)', 'Gas (mcf)', 'Water'],
    headerKey: 'date|oil (bbl)|gas (mcf)|water',
    mappingSource: 'detected',
    columns: [
      column(0, 'Date', 'date', null),
      column(1, 'Oil (bbl)', 'oil_rate', 'bbl/d'),
      column(2, 'Gas (mcf)', 'gas_rate', 'Mcf/d'),
      column(3, 'Water', 'water_rate', 'bbl/d'),
    ],
    dateFormat: 'ymd',
    ambiguousDate: null,
    records: [record(2, '2024-07-01', 100), record(3, '2024-07-02', 98)],
    invalid: [
      {
        line: 4,
        problems: [
          {
            code: 'negative',
            message: 'Oil (bbl) is -5 on 2024-07-03: oil_rate must be ≥ 0',
            column: 1,
            field: 'oil_rate',
          },
        ],
      },
    ],
    invalidTruncated: false,
    skipped: [],
    wells: [
      {
        wellId: 'w_1',
        name: 'Ranger 1H',
        apiNumber: null,
        rows: 2,
        newDays: 2,
        replacedDays: 0,
        from: '2024-07-01',
        to: '2024-07-02',
      },
    ],
    unmatchedWells: [],
    summary: {
      rows: 3,
      validRows: 2,
      newDays: 2,
      replacedDays: 0,
      invalidRows: 1,
      skippedLines: 0,
      unmatchedRows: 0,
    },
    warnings: [],
    replacement: null,
    blocked: null,
    workbook: null,
    namedWell: null,
    ...overrides,
  };
}

function column(
  index: number,
  header: string,
  target: ImportPreviewResult['columns'][number]['target'],
  unit: string | null,
): ImportPreviewResult['columns'][number] {
  const choices: Record<string, string[]> = {
    'bbl/d': ['bbl/d', 'm3/d', 'L/d'],
    'Mcf/d': ['Mcf/d', 'MMcf/d', 'scf/d', 'e3m3/d', 'e6m3/d', 'm3/d'],
  };
  return {
    index,
    header,
    target,
    unit,
    unitChoices: unit ? (choices[unit] ?? [unit]) : [],
    source: 'detected',
    samples: [],
  };
}

/** Drops `text` as `name` on the well Ranger 1H, as its page does. */
async function dropFile(text: string | Uint8Array<ArrayBuffer>, name: string) {
  const rendered = renderApp(<AppDialogs />);
  const file = new File([text], name, { type: 'text/csv' });
  await act(() => importPageFile(file, { projectId: 'prj_permian', wellId: 'w_1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import file' });
  return { ...rendered, dialog };
}

beforeEach(() => {
  closeDialog();
  bridge().answer(
    'wells-get',
    readResult({ well: wellView({ name: 'Ranger 1H' }), unitSystem: 'imperial' as const }),
  );
});

describe('Import CSV: the preview', () => {
  it('shows the file, its columns with units, the records and every invalid row with its line', async () => {
    bridge().answer('import-preview', preview());
    const { dialog } = await dropFile(FILE_TEXT, 'july.csv');

    const table = await within(dialog).findByRole('table', { name: /The first 2 records/ });
    expect(within(dialog).getByText(/comma-separated/).textContent).toContain('into Ranger 1H');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['22024-07-0110012310', '32024-07-029812310']);
    expect(
      (within(dialog).getByRole('combobox', { name: 'Unit of "Oil (bbl)"' }) as HTMLSelectElement)
        .value,
    ).toBe('bbl/d');
    expect(within(dialog).getByText('1 invalid row')).toBeTruthy();
    expect(within(dialog).getByText('Line 4').parentElement?.textContent).toBe(
      'Line 4Oil (bbl) is -5 on 2024-07-03: oil_rate must be ≥ 0',
    );
    expect(bridge().callsOf('import-preview')).toEqual([
      {
        projectId: 'prj_permian',
        wellId: 'w_1',
        source: { kind: 'text', name: 'july.csv', text: FILE_TEXT },
      },
    ]);
  });

  it('asks for a new preview when a column’s unit changes, and shows the values it converts', async () => {
    bridge().answer('import-preview', (args: ImportPreviewArgs) => {
      const oil = args.columns?.find((c) => c.index === 1);
      if (oil?.unit === 'm3/d') {
        return preview({
          importId: 'imp_2',
          mappingSource: 'override',
          columns: [
            column(0, 'Date', 'date', null),
            { ...column(1, 'Oil (bbl)', 'oil_rate', 'm3/d'), source: 'override' },
            column(2, 'Gas (mcf)', 'gas_rate', 'Mcf/d'),
            column(3, 'Water', 'water_rate', 'bbl/d'),
          ],
          records: [record(2, '2024-07-01', 628.981), record(3, '2024-07-02', 616.401)],
        });
      }
      return preview();
    });
    const { dialog, user } = await dropFile(FILE_TEXT, 'july.csv');
    await within(dialog).findByRole('table', { name: /The first 2 records/ });

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Unit of "Oil (bbl)"' }),
      'm³/d',
    );

    await waitFor(() =>
      expect(within(dialog).getAllByTestId('import-preview-row')[0]?.textContent).toBe(
        '22024-07-01628.98112310',
      ),
    );
    const asked = bridge().callsOf('import-preview').at(-1);
    expect(asked?.columns).toContainEqual({ index: 1, target: 'oil_rate', unit: 'm3/d' });
    expect(within(dialog).getByText('changed')).toBeTruthy();
  });

  it('downloads the invalid rows with their reasons', async () => {
    bridge().answer('import-preview', preview()).answer('import-invalid-csv', {
      fileName: 'july-invalid.csv',
      csv: 'line,reason,Date,Oil (bbl)\r\n4,oil_rate must be ≥ 0,2024-07-03,-5\r\n',
      rows: 1,
    });
    const { dialog, user } = await dropFile(FILE_TEXT, 'july.csv');

    await user.click(await within(dialog).findByRole('button', { name: 'Download invalid rows' }));

    expect(
      (await within(dialog).findByText('Downloaded july-invalid.csv.')).getAttribute('role'),
    ).toBe('status');
    expect(bridge().saved).toEqual([
      {
        defaultName: 'july-invalid.csv',
        data: 'line,reason,Date,Oil (bbl)\r\n4,oil_rate must be ≥ 0,2024-07-03,-5\r\n',
      },
    ]);
  });
});

describe('Import CSV: what changes on days already here', () => {
  it('shows old and new values side by side, and what clearing the untouched fields would do', async () => {
    const replacement = (untouchedChoice: 'keep' | 'clear') => ({
      changedPerField: [{ field: 'oil_rate' as const, changed: 2 }],
      days: [
        {
          wellId: 'w_1',
          date: '2024-07-01',
          changes: [{ field: 'oil_rate' as const, before: 12.5, after: 100 }],
        },
        {
          wellId: 'w_1',
          date: '2024-07-02',
          changes: [{ field: 'oil_rate' as const, before: null, after: 98 }],
        },
      ],
      changedDays: 2,
      untouched: [{ field: 'runtime' as const, days: 2, daysWithRatesChanged: 2, min: 2, max: 2 }],
      untouchedChoice,
    });
    bridge().answer('import-preview', (args) =>
      preview({ replacement: replacement(args.untouchedFields ?? 'keep') }),
    );
    const { dialog, user } = await dropFile(FILE_TEXT, 'july.csv');

    expect((await within(dialog).findByTestId('import-replaced-counts')).textContent).toBe(
      '2 days change: Oil rate 2.',
    );
    const rows = within(within(dialog).getByTestId('import-replaced-table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayFieldNowAfter import',
      '2024-07-01Oil rate bbl/d12.5100',
      '2024-07-02Oil rate bbl/dempty98',
    ]);
    const consequences = within(dialog).getByTestId('import-untouched-consequences');
    expect(consequences.textContent).toBe('Runtime stays 2 h on 2 days whose rates change.');

    await user.click(within(dialog).getByRole('radio', { name: /Clear them/ }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-untouched-consequences').textContent).toBe(
        'Runtime is emptied on 2 days.',
      ),
    );
    expect(bridge().callsOf('import-preview').at(-1)).toMatchObject({ untouchedFields: 'clear' });
    expect(within(dialog).getByRole('radio', { name: /Clear them/ })).toHaveProperty(
      'checked',
      true,
    );
  });
});

describe('Import CSV: commit and refusals', () => {
  it('queues the valid days on "Import 2 days" and follows them to the server', async () => {
    bridge()
      .answer('import-preview', preview())
      .answer('import-commit', {
        importId: 'imp_1',
        projectId: 'prj_permian',
        changeBatch: 1,
        queued: 2,
        wells: [{ wellId: 'w_1', queued: 2, outboxSeq: 7 }],
        newDays: 2,
        replacedDays: 0,
        invalidRows: 1,
        skippedLines: 0,
        unmatchedRows: 0,
      })
      .answer('outbox-list', { operations: [] })
      .answer('sync-status', syncStatus());
    const { dialog, user } = await dropFile(FILE_TEXT, 'july.csv');

    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 days' }));

    expect(await within(dialog).findByText('On the server')).toBeTruthy();
    expect(within(dialog).getByText('All 2 days reached the server.')).toBeTruthy();
    expect(bridge().callsOf('import-commit')).toEqual([{ importId: 'imp_1' }]);
    expect(within(dialog).queryByRole('button', { name: /Import/ })).toBeNull();
    // The footer's Cancel became Close (the header's × is the other "Close").
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows why a malformed file cannot be imported, naming its line, and offers only Close', async () => {
    bridge().answer('import-preview', {
      type: 'validation',
      message:
        'The file "broken.csv" is not valid CSV on line 3: a quoted field is never closed (a missing " after line 3).',
      details: {
        issues: [
          {
            path: 'lines[3]',
            message: 'a quoted field is never closed (a missing " after line 3)',
          },
        ],
      },
    });
    const { dialog } = await dropFile('Date,Oil\n2024-07-01,1\n2024-07-02,"2\n', 'broken.csv');

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'This file cannot be imported. The file "broken.csv" is not valid CSV on line 3: a quoted field is never closed (a missing " after line 3).Nothing was queued.',
    );
    expect(within(dialog).queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('refuses a file that is not UTF-8 before sending it, naming the line of the bad bytes', async () => {
    // "Bj<é in Latin-1>rn 1H" on line 2.
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('Well,Date,Oil\nBj'),
      0xe9,
      ...new TextEncoder().encode('rn 1H,2024-07-01,5\n'),
    ]);
    const { dialog } = await dropFile(latin1, 'latin.csv');

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The file "latin.csv" is not UTF-8 text: the bytes on line 2 (byte 16) are not valid UTF-8.',
    );
    expect(bridge().callsOf('import-preview')).toEqual([]);
  });
});

describe('Import: a file naming one well, dropped on another well', () => {
  const named = (routing: 'this-well' | 'by-name' | null) =>
    ({
      named: '15/9-F-12',
      match: routing === null ? { wellId: 'w_2', name: '15/9-F-12' } : null,
      into: { wellId: 'w_1', name: 'Ranger 1H' },
      routing,
    }) as const;

  it('says where the rows go, and one click matches by the file’s name instead', async () => {
    bridge().answer('import-preview', (args: ImportPreviewArgs) =>
      args.wellRouting === 'by-name'
        ? preview({ importId: 'imp_2', namedWell: named('by-name') })
        : preview({ namedWell: named('this-well') }),
    );
    const { dialog, user } = await dropFile(FILE_TEXT, 'volve.csv');
    const note = await within(dialog).findByTestId('import-named-well');
    expect(note.textContent).toContain('The file names 15/9-F-12; importing into Ranger 1H');

    await user.click(within(dialog).getByRole('button', { name: 'Match by well name instead' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-named-well').textContent).toContain(
        'its rows go to the well of that name',
      ),
    );
    expect(bridge().callsOf('import-preview').at(-1)?.wellRouting).toBe('by-name');
    expect(
      within(dialog).getByRole('button', { name: 'Import into Ranger 1H instead' }),
    ).toBeTruthy();
  });

  it('asks which when the file names another well of the project', async () => {
    bridge().answer('import-preview', (args: ImportPreviewArgs) =>
      args.wellRouting === 'this-well'
        ? preview({ importId: 'imp_2', namedWell: named('this-well') })
        : preview({
            namedWell: named(null),
            records: [],
            blocked: { reason: 'which-well', message: 'The file names 15/9-F-12, …' },
          }),
    );
    const { dialog, user } = await dropFile(FILE_TEXT, 'volve.csv');
    const ask = await within(dialog).findByTestId('import-named-well');
    expect(ask.textContent).toContain('The file names 15/9-F-12, another well of this project');
    expect((within(dialog).getByTestId('import-commit') as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Ranger 1H (this well)' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('import-named-well').textContent).toContain(
        'importing into Ranger 1H',
      ),
    );
    expect(bridge().callsOf('import-preview').at(-1)?.wellRouting).toBe('this-well');
  });
});

describe('Import: an Excel workbook', () => {
  it('is sent as bytes, and a sheet chosen in the dialog reads that sheet', async () => {
    const workbook = {
      sheets: [
        { name: 'Notes', hasData: false, hidden: false },
        { name: 'Daily', hasData: true, hidden: false },
      ],
      sheet: 'Daily',
      dateSystem: 1900 as const,
    };
    bridge().answer('import-preview', (args: ImportPreviewArgs) =>
      preview({ workbook: { ...workbook, sheet: args.sheet ?? 'Daily' } }),
    );
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const { dialog, user } = await dropFile(bytes, 'ranger.xlsx');
    const select = (await within(dialog).findByTestId('import-sheet')) as HTMLSelectElement;
    expect(select.value).toBe('Daily');
    expect(within(dialog).getByText(/Excel workbook/)).toBeTruthy();
    expect(bridge().callsOf('import-preview')[0]?.source).toEqual({
      kind: 'bytes',
      name: 'ranger.xlsx',
      base64: 'UEsDBAECAw==',
    });

    await user.selectOptions(select, 'Notes (no data)');
    await waitFor(() => expect(bridge().callsOf('import-preview').at(-1)?.sheet).toBe('Notes'));
  });
});
