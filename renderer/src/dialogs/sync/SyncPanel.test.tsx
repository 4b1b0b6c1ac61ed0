import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxGetResult, OutboxOperationView, SyncStatus } from '#shared/desktop/index.js';
import { PRODUCTION_FIELDS } from '#shared/api/index.js';
import { useCoreEvents } from '../../queries/use-core-events.js';
import {
  outboxOperation,
  projectView,
  readResult,
  syncStatus,
  wellView,
} from '../../testing/fixtures.js';
import { bridge, renderApp } from '../../testing/render.js';
import { AppDialogs } from '../AppDialogs.js';
import { openDialog } from '../open-dialog.js';

const WELLS = {
  w_1: wellView({ id: 'w_1', name: 'Ranger 1H', status: 'shut_in' }),
  w_2: wellView({ id: 'w_2', name: 'Ranger 2H' }),
  w_3: wellView({ id: 'w_3', name: 'Ranger 3H' }),
};

const PENDING_DAYS = outboxOperation({
  seq: 1,
  wellId: 'w_1',
  recordCount: 3,
  range: { from: '2024-01-05', to: '2024-01-07' },
});
const PENDING_STATUS = outboxOperation({
  seq: 2,
  wellId: 'w_1',
  kind: 'update-well',
  recordCount: 0,
  range: null,
});
const REJECTED = outboxOperation({
  seq: 3,
  wellId: 'w_2',
  state: 'error',
  recordCount: 2,
  range: { from: '2024-02-01', to: '2024-02-02' },
  attempts: 1,
  error: {
    type: 'validation',
    message: 'The server rejected 1 record.',
    details: {
      status: 400,
      code: 'VALIDATION_ERROR',
      requestId: 'req_7f3a',
      issues: [{ path: 'records[2024-02-02].watercut', message: 'must be between 0 and 100' }],
    },
  },
});
const CONFLICT = outboxOperation({
  seq: 4,
  wellId: 'w_3',
  state: 'conflict',
  range: { from: '2024-03-10', to: '2024-03-10' },
  error: {
    type: 'conflict',
    message: 'The server’s values changed since your edit.',
  },
});

const UNITS = Object.fromEntries(
  PRODUCTION_FIELDS.map((field) => [field, field === 'oil_rate' ? 'bbl/d' : '']),
) as OutboxGetResult['units'];
const EMPTY_DAY = Object.fromEntries(
  PRODUCTION_FIELDS.map((field) => [field, null]),
) as NonNullable<OutboxGetResult['records']>[number]['values'];

function detail(op: OutboxOperationView, withRecords: boolean): OutboxGetResult {
  return {
    ...op,
    wellName: WELLS[op.wellId as keyof typeof WELLS].name,
    unitSystem: 'imperial',
    units: UNITS,
    lengthUnit: 'ft',
    records:
      op.seq === REJECTED.seq && withRecords
        ? [
            { date: '2024-02-01', values: { ...EMPTY_DAY, oil_rate: 120 }, base: null },
            { date: '2024-02-02', values: { ...EMPTY_DAY, watercut: 140 }, base: null },
          ]
        : null,
    patch: null,
    conflicts:
      op.seq === CONFLICT.seq
        ? [
            {
              date: '2024-03-10',
              field: 'oil_rate',
              ours: 118,
              theirs: 131,
              base: 125,
              theirsDeleted: false,
              baseMissing: false,
            },
          ]
        : null,
  };
}

function AppWithEvents() {
  useCoreEvents();
  return <AppDialogs />;
}

/** The panel as the top bar's pending count opens it, over the given outbox. */
async function openPanel(
  operations: OutboxOperationView[],
  status: Partial<SyncStatus> = { pending: 2, errors: 1, conflicts: 1 },
) {
  let outbox = operations;
  bridge()
    .answer('sync-status', syncStatus({ lastSyncAt: '2024-03-01T08:00:00.000Z', ...status }))
    .answer('connections-list', {
      connections: [
        {
          id: 'con_demo',
          name: 'Demo workspace',
          baseUrl: 'http://127.0.0.1:4010/api/v1',
          kind: 'demo',
          createdAt: '2024-01-01T00:00:00.000Z',
          lastContactAt: null,
          isCurrent: true,
          hasToken: true,
        },
      ],
      secretStorage: { encrypted: true, warning: null },
    })
    .answer('projects-list', readResult([projectView()]))
    .answer('outbox-list', () => ({ operations: outbox }))
    .answer('wells-get', ({ wellId }) =>
      readResult({ well: WELLS[wellId as keyof typeof WELLS], unitSystem: 'imperial' as const }),
    )
    .answer('outbox-get', ({ seq, withRecords }) =>
      detail(
        outbox.find((op) => op.seq === seq)!,
        withRecords !== false,
      ),
    );
  const rendered = renderApp(<AppWithEvents />);
  act(() => openDialog({ kind: 'sync' }));
  const panel = await screen.findByRole('dialog', { name: 'Sync' });
  /** What the core does after a discard or resolve: the outbox changes and it says so. */
  const outboxBecomes = (next: OutboxOperationView[]) => {
    outbox = next;
    act(() =>
      bridge().emit('outbox-changed', {
        connectionId: 'con_demo',
        pending: next.length,
        errors: 0,
        conflicts: 0,
      }),
    );
  };
  return { ...rendered, panel, outboxBecomes };
}

/** A section of the panel, once the outbox is read. */
function section(panel: HTMLElement, heading: RegExp): Promise<HTMLElement> {
  return within(panel).findByRole('region', { name: heading });
}

describe('Sync panel: what is waiting and what needs a decision', () => {
  it('lists conflicts, rejected changes and pending wells, each under its heading', async () => {
    const { panel, user } = await openPanel([PENDING_DAYS, PENDING_STATUS, REJECTED, CONFLICT]);

    expect((await within(panel).findByRole('status')).textContent).toBe(
      '2 changes need your decision.',
    );
    expect(await within(await section(panel, /Conflicts/)).findByText('Ranger 3H')).toBeTruthy();
    const problems = await section(panel, /Sync problems/);
    expect(await within(problems).findByText('Ranger 2H')).toBeTruthy();
    expect(within(problems).getByText('The server rejected these values')).toBeTruthy();
    expect(within(problems).getByText('2024-02-02 · Watercut').parentElement?.textContent).toBe(
      '2024-02-02 · Watercut must be between 0 and 100',
    );
    expect(within(problems).getByText(/req_7f3a/)).toBeTruthy();

    const waiting = await section(panel, /Waiting to be sent/);
    expect(waiting.querySelector('h3')?.textContent).toBe('Waiting to be sent 1 well');
    const group = await within(waiting).findByText('Ranger 1H');
    expect(within(waiting).getByText('3 days edited, well details')).toBeTruthy();
    expect(within(waiting).getByText('Pending')).toBeTruthy();
    await user.click(group);
    expect(within(waiting).getByText('Well details changed · status now Shut in')).toBeTruthy();
    expect(within(waiting).getByText('3 days edited · 2024-01-05 – 2024-01-07')).toBeTruthy();
  });

  it('says everything is on the server when nothing is queued', async () => {
    const { panel } = await openPanel([], {});

    expect(
      (await within(panel).findByText(/No changes waiting/)).textContent?.includes(
        'Everything you edited is on the server.',
      ),
    ).toBe(true);
    expect(within(panel).getByRole('status').textContent).toBe('Everything is on the server.');
  });

  it('says what arrived: the latest synced changes, each linked to its values', async () => {
    bridge().answer('changes-recent', {
      actions: [
        {
          batch: 7,
          projectId: 'prj_permian',
          wellId: 'w_2',
          wellName: 'Ranger 2H',
          source: 'import',
          sourceLabel: 'march.csv',
          values: 62,
          days: 31,
          at: '2024-03-01T07:58:00.000Z',
          settledAt: '2024-03-01T08:00:00.000Z',
        },
      ],
    });
    const { panel } = await openPanel([], {});
    const recent = await section(panel, /Recently synced/);
    expect(within(recent).getByText('Ranger 2H')).toBeTruthy();
    expect(within(recent).getByText(/Imported file: march.csv/).parentElement?.textContent).toBe(
      'Imported file: march.csv · 62 values on 31 days',
    );
    expect(
      within(recent)
        .getByRole('link', { name: /See the changes to Ranger 2H/ })
        .getAttribute('href'),
    ).toBe('/projects/prj_permian/changes?well=w_2');
  });

  it('sends now on request and shows the phase the core answers with', async () => {
    bridge().answer('sync-now', syncStatus({ phase: 'syncing', pending: 2, syncing: 2 }));
    const { panel, user } = await openPanel([PENDING_DAYS, PENDING_STATUS], { pending: 2 });
    expect((await within(panel).findByRole('status')).textContent).toBe(
      '2 changes waiting to be sent.',
    );

    await user.click(within(panel).getByRole('button', { name: 'Sync now' }));

    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe('Sending 2 changes…'),
    );
    expect(bridge().callsOf('sync-now')).toEqual([{}]);
  });

  it('offers to sign in again when the server refused the token', async () => {
    const { panel, user } = await openPanel([PENDING_DAYS], { phase: 'signed-out', pending: 1 });

    expect((await within(panel).findByRole('status')).textContent).toBe(
      'The server refused the saved token. Nothing is sent until you sign in again; your 1 change stays on this computer.',
    );
    await user.click(within(panel).getByRole('button', { name: 'Sign in again' }));

    expect(await screen.findByRole('dialog', { name: 'Connections' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Sync' })).toBeNull();
  });
});

describe('Sync panel: deciding', () => {
  it('discards a rejected change only after the person confirms', async () => {
    bridge().answer('outbox-discard', { discarded: 1 });
    const { panel, user, outboxBecomes } = await openPanel([REJECTED]);
    const problems = await section(panel, /Sync problems/);

    await user.click(await within(problems).findByRole('button', { name: 'Discard…' }));
    const confirm = within(problems).getByRole('alertdialog', { name: 'Discard this change?' });
    expect(confirm.textContent).toContain('unless you export them first');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(within(problems).queryByRole('alertdialog')).toBeNull();
    expect(bridge().callsOf('outbox-discard')).toEqual([]);

    await user.click(within(problems).getByRole('button', { name: 'Discard…' }));
    await user.click(within(problems).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(bridge().callsOf('outbox-discard')).toEqual([{ seqs: [3] }]));

    outboxBecomes([]);
    expect(await within(panel).findByText(/No changes waiting/)).toBeTruthy();
    expect(within(panel).queryByRole('region', { name: /Sync problems/ })).toBeNull();
  });

  it('exports a rejected change with every value it carried', async () => {
    const { panel, user } = await openPanel([REJECTED]);
    const problems = await section(panel, /Sync problems/);

    await user.click(await within(problems).findByRole('button', { name: 'Export CSV' }));

    const file = await within(problems).findByText(/^Downloaded /);
    const saved = bridge().saved;
    expect(saved).toHaveLength(1);
    expect(file.textContent).toBe(`Downloaded ${saved[0]!.defaultName}`);
    expect(saved[0]!.defaultName).toBe(
      'flowline-ranger-2h-edits-2024-02-01-to-2024-02-02-change-3.csv',
    );
    const lines = String(saved[0]!.data).split(/\r?\n/);
    expect(lines[0]).toContain('oil_rate (bbl/d)');
    expect(lines[1]).toMatch(/^2024-02-01,120,/);
    expect(lines[2]).toMatch(/^2024-02-02,.*140/);
    expect(bridge().callsOf('outbox-get')).toContainEqual({ seq: 3 });
  });

  it('opens the well at the rejected days to edit them', async () => {
    const { panel, user } = await openPanel([REJECTED]);

    await user.click(await within(panel).findByRole('button', { name: 'Edit' }));

    expect(screen.queryByRole('dialog', { name: 'Sync' })).toBeNull();
    expect(window.location.pathname + window.location.search).toBe(
      '/projects/prj_permian/wells/w_2?from=2024-02-01&to=2024-02-02',
    );
  });

  it('shows a conflict value by value and resolves it the way the person chooses', async () => {
    bridge().answer('conflict-resolve', ({ seq }) => ({ seq, state: 'pending' }));
    const { panel, user, outboxBecomes } = await openPanel([CONFLICT]);
    const conflicts = await section(panel, /Conflicts/);

    const row = await within(conflicts).findByRole('row', { name: /Oil rate/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['118 bbl/d', '131 bbl/d', '125 bbl/d']);

    await user.click(within(conflicts).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() =>
      expect(bridge().callsOf('conflict-resolve')).toEqual([{ seq: 4, resolution: 'keep-mine' }]),
    );

    outboxBecomes([{ ...CONFLICT, state: 'pending', error: null }]);
    const waiting = await within(panel).findByRole('region', { name: /Waiting to be sent/ });
    expect(within(waiting).getByText('Ranger 3H')).toBeTruthy();
    expect(within(panel).queryByRole('region', { name: /Conflicts/ })).toBeNull();
  });

  it('takes the server’s values when asked', async () => {
    bridge().answer('conflict-resolve', ({ seq }) => ({ seq, state: 'synced' }));
    const { panel, user } = await openPanel([CONFLICT]);

    await user.click(await within(panel).findByRole('button', { name: 'Take theirs' }));

    await waitFor(() =>
      expect(bridge().callsOf('conflict-resolve')).toEqual([{ seq: 4, resolution: 'take-theirs' }]),
    );
  });
});
