import { screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { ChangeView, ChangesListArgs } from '#shared/desktop/index.js';
import { projectView, readResult, wellView } from '../../testing/fixtures.js';
import { bridge, renderApp } from '../../testing/render.js';
import { ChangeLog } from './ChangeLog.js';

function change(overrides: Partial<ChangeView>): ChangeView {
  return {
    id: 1,
    batch: 1,
    at: '2024-03-02T09:15:00.000Z',
    actor: 'jsmith',
    connectionName: 'Acme Production',
    source: 'grid',
    sourceLabel: null,
    wellId: 'w_1',
    wellName: 'Ranger 1H',
    date: '2024-03-01',
    values: [{ field: 'oil_rate', oldValue: 120.5, newValue: 130, unit: 'bbl/d' }],
    oldUnknown: false,
    state: 'synced',
    settledAt: '2024-03-02T09:16:00.000Z',
    ...overrides,
  };
}

const IMPORTED = change({
  id: 3,
  batch: 3,
  source: 'import',
  sourceLabel: 'volve-F12.xlsx',
  date: '2024-03-05',
  values: [
    { field: 'oil_rate', oldValue: null, newValue: 98.25, unit: 'bbl/d' },
    { field: 'runtime', oldValue: 2, newValue: 24, unit: 'h' },
  ],
  state: 'pending',
  settledAt: null,
});
const STATUS = change({
  id: 2,
  batch: 2,
  source: 'status',
  date: null,
  values: [{ field: 'status', oldValue: 'active', newValue: 'shut_in', unit: null }],
});

function renderLog(path: string, changes: ChangeView[]) {
  bridge()
    .answer('projects-get', readResult(projectView()))
    .answer(
      'wells-get',
      readResult({ well: wellView({ name: 'Ranger 1H' }), unitSystem: 'imperial' }),
    )
    .answer('changes-list', (args: ChangesListArgs) => {
      const matching = changes.filter(
        (c) =>
          (!args.sources || args.sources.includes(c.source)) &&
          (!args.wellId || c.wellId === args.wellId),
      );
      return { changes: matching, total: matching.length, nextBefore: null };
    });
  const location = memoryLocation({ path, record: true });
  return renderApp(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ChangeLog projectId="prj_permian" />
    </Router>,
  );
}

describe('The change log', () => {
  it('lists who changed which value from what to what, from which file, and its sync state', async () => {
    renderLog('/projects/prj_permian/changes', [IMPORTED, STATUS, change({})]);
    const rows = await screen.findAllByTestId('change-row');
    expect(rows).toHaveLength(3);
    const imported = rows[0]!;
    expect(within(imported).getByText('Imported file: volve-F12.xlsx')).toBeTruthy();
    expect(imported.textContent).toContain('Oil rate empty → 98.25 bbl/d');
    expect(imported.textContent).toContain('Runtime 2 h → 24 h');
    expect(imported.textContent).toContain('Waiting to sync');
    expect(rows[1]!.textContent).toContain('Status Active → Shut in');
    expect(rows[2]!.textContent).toContain('Oil rate 120.5 bbl/d → 130 bbl/d');
    expect(rows[2]!.textContent).toContain('On the server');
    expect(screen.getByTestId('change-count').textContent).toBe('3 changes, newest first.');
  });

  it('filters by source and by the well named in the address, and exports what it shows', async () => {
    const { user } = renderLog('/projects/prj_permian/changes?well=w_1', [
      IMPORTED,
      STATUS,
      change({ id: 4, wellId: 'w_9', wellName: 'Other 9H' }),
    ]);
    expect(await screen.findByTestId('change-well-filter')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('change-row')).toHaveLength(2));
    expect(bridge().callsOf('changes-list')[0]).toMatchObject({ wellId: 'w_1' });

    await user.selectOptions(screen.getByLabelText('Source'), 'import');
    await waitFor(() => expect(screen.getAllByTestId('change-row')).toHaveLength(1));
    expect(bridge().callsOf('changes-list').at(-1)).toMatchObject({
      wellId: 'w_1',
      sources: ['import'],
    });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(bridge().saved).toHaveLength(1));
    const { defaultName, data } = bridge().saved[0]!;
    expect(defaultName).toMatch(/^Ranger-1H-changes-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = String(data).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Changed at (UTC),User,Connection,Source,File or range,Well,Well ID,Day,Field,Unit,Before,After,State,Settled at (UTC)',
    );
    expect(lines.slice(1)).toEqual([
      '2024-03-02T09:15:00.000Z,jsmith,Acme Production,Imported file,volve-F12.xlsx,Ranger 1H,w_1,2024-03-05,Oil rate,bbl/d,,98.25,Waiting to sync,',
      '2024-03-02T09:15:00.000Z,jsmith,Acme Production,Imported file,volve-F12.xlsx,Ranger 1H,w_1,2024-03-05,Runtime,h,2,24,Waiting to sync,',
    ]);
  });

  it('takes an import back from its newest row after asking, and says why when refused', async () => {
    const older = change({ ...IMPORTED, id: 2, date: '2024-03-04' });
    const { user } = renderLog('/projects/prj_permian/changes', [IMPORTED, older, change({})]);
    await screen.findAllByTestId('change-row');
    expect(screen.getAllByRole('button', { name: 'Undo this import' })).toHaveLength(1);
    bridge().answer('import-undo', {
      type: 'conflict',
      message: '"volve-F12.xlsx" cannot be taken back: 1 of its days were changed after it.',
      details: {
        issues: [{ path: 'w_1/2024-03-05', message: 'was typed in the grid at 2024-03-06T10:00Z' }],
      },
    });
    const asked: string[] = [];
    window.confirm = (question?: string) => {
      asked.push(question ?? '');
      return true;
    };
    await user.click(screen.getByRole('button', { name: 'Undo this import' }));
    const refusal = await screen.findByTestId('undo-import-error');
    expect(asked[0]).toMatch(/^Take back "volve-F12.xlsx"\? Each day it replaced/);
    expect(bridge().callsOf('import-undo')).toEqual([{ projectId: 'prj_permian', batch: 3 }]);
    expect(refusal.textContent).toContain('2024-03-05 was typed in the grid at 2024-03-06T10:00Z');

    bridge().answer('import-undo', {
      batch: 9,
      fileName: 'volve-F12.xlsx',
      restoredDays: 1,
      deletedDays: 1,
      wells: 1,
    });
    await user.click(screen.getByRole('button', { name: 'Undo this import' }));
    expect((await screen.findByTestId('undo-import-done')).textContent).toBe(
      'Taken back: 1 day restored, 1 added day deleted.',
    );
  });
});
