import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WellsListArgs } from '#shared/desktop/index.js';
import { bridge, renderApp } from '../../testing/render.js';
import { readResult, syncStatus, wellView } from '../../testing/fixtures.js';
import { WellsTable } from './WellsTable.js';

/** The wells table's rate basis and inactive wells' switch: what it shows, sends and keeps. */

function table(projectId = 'prj_1') {
  return (
    <WellsTable
      projectId={projectId}
      unitSystem="imperial"
      filters={{ projectId, sort: { column: 'latestOilRate', direction: 'desc' } }}
      sorting={[{ id: 'latestOilRate', desc: true }]}
      onSortingChange={() => {}}
      columnChoice={{}}
    />
  );
}

const lastList = (): WellsListArgs | undefined => bridge().callsOf('wells-list').at(-1);
const oilHeader = () => screen.getByTestId('sort-latestOilRate');

beforeEach(() => {
  bridge().reset();
  localStorage.clear();
  bridge().answer('sync-status', syncStatus());
  bridge().answer('wells-list', (args) =>
    readResult({
      wells: [wellView({ id: `wel_${args.rateBasis ?? 'none'}` })],
      total: 1,
      projectTotal: 1,
      unitSystem: 'imperial',
    }),
  );
});

describe('the latest rates basis', () => {
  it('starts on the 30-producing-day average, says so in the header and asks the core for it', async () => {
    renderApp(table());
    await waitFor(() => expect(lastList()?.rateBasis).toBe('avg-30'));
    expect(screen.getByRole('columnheader', { name: /^Oil \(bbl\/d\), 30-day avg/ })).toBe(
      oilHeader(),
    );
    expect(oilHeader().title).toMatch(
      /averaged over the well's last 30 days on which its oil rate was above zero/,
    );
    expect(screen.getByLabelText('Rates:')).toHaveProperty('value', 'avg-30');
    // The sort by oil goes with the basis: the core sorts on the rates shown.
    expect(lastList()).toMatchObject({
      rateBasis: 'avg-30',
      sort: { column: 'latestOilRate', direction: 'desc' },
    });
  });

  it('switches the basis: the headers change and the core sorts on the new one', async () => {
    const { user } = renderApp(table());
    await waitFor(() => expect(lastList()?.rateBasis).toBe('avg-30'));

    await user.selectOptions(screen.getByLabelText('Rates:'), 'Last producing day');
    expect(oilHeader().textContent).toContain('last day');
    expect(screen.getByRole('columnheader', { name: /^Gas \(Mscf\/d\), last day/ })).toBeTruthy();
    expect(oilHeader().title).toMatch(/on the well's last producing day/);
    await waitFor(() => expect(lastList()).toMatchObject({ rateBasis: 'last-day' }));

    await user.selectOptions(screen.getByLabelText('Rates:'), 'avg-7');
    expect(screen.getByRole('columnheader', { name: /^Water \(bbl\/d\), 7-day avg/ })).toBeTruthy();
    await waitFor(() => expect(lastList()).toMatchObject({ rateBasis: 'avg-7' }));
  });

  it('leaves out inactive and shut-in wells from the keyboard, and remembers both per project', async () => {
    const first = renderApp(table());
    const hide = screen.getByRole('checkbox', { name: 'Hide inactive and shut-in wells' });
    expect(hide).toHaveProperty('checked', false);
    await waitFor(() => expect(lastList()?.hideInactive).toBeUndefined());
    hide.focus();
    await first.user.keyboard(' ');
    expect(hide).toHaveProperty('checked', true);
    await waitFor(() => expect(lastList()).toMatchObject({ hideInactive: true }));
    await first.user.selectOptions(screen.getByLabelText('Rates:'), 'last-day');
    first.unmount();

    // Back to the project: as it was left.
    const again = renderApp(table());
    expect(screen.getByLabelText('Rates:')).toHaveProperty('value', 'last-day');
    expect(screen.getByRole('checkbox', { name: /Hide inactive/ })).toHaveProperty('checked', true);
    await waitFor(() =>
      expect(lastList()).toMatchObject({ rateBasis: 'last-day', hideInactive: true }),
    );
    again.unmount();

    // Another project: its own choice, the defaults until made.
    renderApp(table('prj_2'));
    expect(screen.getByLabelText('Rates:')).toHaveProperty('value', 'avg-30');
    expect(screen.getByRole('checkbox', { name: /Hide inactive/ })).toHaveProperty(
      'checked',
      false,
    );
  });
});
