import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReplicaListResult } from '#shared/desktop/index.js';
import { replicaStatus } from '../testing/fixtures.js';
import { bridge, renderApp } from '../testing/render.js';
import { StoragePage } from './StoragePage.js';

const MB = 1024 ** 2;
const PERMIAN = replicaStatus({
  state: 'current',
  phase: null,
  wellsComplete: 141,
  days: 412_000,
  bytes: 340 * MB,
  asOf: '2023-11-28T10:42:00.000Z',
  lastOpenedAt: '2023-11-27T08:00:00.000Z',
  leftOutBefore: '2019-03-01',
});
const MONTNEY = replicaStatus({
  projectId: 'prj_montney',
  projectName: 'Montney Alberta',
  state: 'paused',
  phase: null,
  pinned: true,
  wellsTotal: 40,
  wellsComplete: 12,
  days: 9_000,
  bytes: 3.4 * MB,
});

function renderStorage(list: Partial<ReplicaListResult> = {}) {
  bridge().answer('replica-list', {
    projects: [PERMIAN, MONTNEY],
    settings: { releaseAfterDays: 30, budgetBytes: 2 * 1024 ** 3 },
    totalBytes: 343.4 * MB,
    ...list,
  });
  return renderApp(<StoragePage />);
}

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('storage-row')).find((row) => row.textContent?.includes(name))!;

describe('On this computer: the kept projects', () => {
  it('lists each project with its state, wells, days, space and dates, and a total', async () => {
    renderStorage();

    const permian = await rowOf('Permian Delaware Basin');
    const cells = within(permian)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['Current', '141 of 141', '412,000', '340 MB']);
    expect(cells[4]).toMatch(/^28 Nov 2023 \d\d:\d\d$/);
    expect(within(permian).getByRole('rowheader').textContent).toBe(
      'Permian Delaware BasinOver budget: days before 2019-03-01 left out',
    );
    const montney = await rowOf('Montney Alberta');
    expect(within(montney).getAllByRole('cell')[0]?.textContent).toBe('Paused');
    expect(
      (
        within(montney).getByRole('checkbox', {
          name: 'Always keep Montney Alberta',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(screen.getByTestId('storage-total').textContent).toBe('Total343 MBof a 2 GB budget');
  });

  it('pins a project from its row', async () => {
    bridge().answer('replica-pin', { ...PERMIAN, pinned: true });
    const { user } = renderStorage();

    await user.click(
      await screen.findByRole('checkbox', { name: 'Always keep Permian Delaware Basin' }),
    );

    expect(bridge().callsOf('replica-pin')).toEqual([
      { connectionId: 'con_demo', projectId: 'prj_permian', pinned: true },
    ]);
  });

  it('removes a project after asking, and says why when it has edits not yet sent', async () => {
    bridge().answer('replica-remove', {
      type: 'conflict',
      message:
        'Permian Delaware Basin has 2 edits not yet sent to the server; sync or discard them before removing the project from this computer.',
    });
    const { user } = renderStorage();
    const permian = await rowOf('Permian Delaware Basin');

    await user.click(
      within(permian).getByRole('button', {
        name: 'Remove from this computer: Permian Delaware Basin',
      }),
    );
    const ask = within(permian).getByRole('group');
    expect(ask.textContent).toContain('Remove 340 MB of days of Permian Delaware Basin?');
    expect(bridge().callsOf('replica-remove')).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Remove' }));

    expect(bridge().callsOf('replica-remove')).toEqual([
      { connectionId: 'con_demo', projectId: 'prj_permian' },
    ]);
    expect((await within(permian).findByRole('alert')).textContent).toBe(
      'Permian Delaware Basin has 2 edits not yet sent to the server; sync or discard them before removing the project from this computer.',
    );
  });

  it('shows a removed project as no longer kept, with its space freed', async () => {
    bridge().answer('replica-remove', {
      ...MONTNEY,
      state: 'not-kept',
      pinned: false,
      days: 0,
      bytes: 0,
    });
    const { user } = renderStorage();
    const montney = await rowOf('Montney Alberta');

    await user.click(within(montney).getByRole('button', { name: /Remove from this computer/ }));
    await user.click(within(montney).getByRole('button', { name: 'Remove' }));

    await waitFor(() =>
      expect(within(montney).getAllByRole('cell')[0]?.textContent).toBe('Not kept'),
    );
    expect(within(montney).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByTestId('storage-total').textContent).toBe('Total340 MBof a 2 GB budget');
  });
});

describe('On this computer: settings', () => {
  it('saves the idle days and the budget in bytes', async () => {
    bridge().answer('replica-settings-save', {
      releaseAfterDays: 60,
      budgetBytes: 5 * 1024 ** 3,
    });
    const { user } = renderStorage();
    const days = await screen.findByLabelText('Release projects not opened for');
    const budget = screen.getByLabelText('Storage budget');
    expect((days as HTMLInputElement).value).toBe('30');
    expect((budget as HTMLInputElement).value).toBe('2');

    await user.clear(days);
    await user.type(days, '60');
    await user.clear(budget);
    await user.type(budget, '5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(bridge().callsOf('replica-settings-save')).toEqual([
      { releaseAfterDays: 60, budgetBytes: 5 * 1024 ** 3 },
    ]);
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it("shows the core's refusal next to the field it names", async () => {
    bridge().answer('replica-settings-save', {
      type: 'validation',
      message: 'budgetBytes: must be at least 8 MiB',
      details: { issues: [{ path: 'budgetBytes', message: 'must be at least 8 MiB' }] },
    });
    const { user } = renderStorage();
    const budget = await screen.findByLabelText('Storage budget');

    await user.clear(budget);
    await user.type(budget, '0.001');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(budget.getAttribute('aria-invalid')).toBe('true'));
    const problem = document.getElementById(budget.getAttribute('aria-describedby')!);
    expect(problem?.textContent).toBe('Must be at least 8 MiB.');
    const days = screen.getByLabelText('Release projects not opened for');
    expect(days.getAttribute('aria-invalid')).toBe('false');
  });

  it('asks for a number before sending an empty field', async () => {
    const { user } = renderStorage();
    const days = await screen.findByLabelText('Release projects not opened for');

    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(document.getElementById(days.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a number of days.',
    );
    expect(bridge().callsOf('replica-settings-save')).toEqual([]);
  });
});
