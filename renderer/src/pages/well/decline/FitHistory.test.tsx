import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bridge, renderApp } from '#renderer/testing/render.js';
import { entry, Panel, PROJECT, RUN, saved, SETTINGS, TUNED, WELL } from './testing/panel.js';

/** The decline panel's fit history: every saved fit listed, and an earlier one restored. */

describe('the fit history of the decline panel', () => {
  it('lists every saved fit with who and its basis, and restores an earlier one in one click', async () => {
    // The hand-tuned daily fit (2) that a Forecast all run (3) replaced.
    let entries = [
      entry(3, { current: true }),
      entry(2, {
        source: 'manual-edit',
        frequency: 'daily',
        window: { from: '2022-01-01', to: '2023-11-30' },
        windowChosen: true,
        model: TUNED,
        origin: 'edited',
        eur: 412_000,
      }),
      entry(1, { source: 'single-well-fit', frequency: 'daily' }),
    ];
    let current = saved(RUN, 'fitted');
    bridge()
      .answer('decline-settings-get', SETTINGS)
      .answer('decline-fits-get', () => ({ fits: [current] }))
      .answer('decline-fit-history', () => ({ entries }))
      .answer('decline-fit-restore', (args) => {
        const restoredFrom = entries.find((e) => e.id === args.entryId)!;
        current = saved(restoredFrom.model, restoredFrom.origin);
        entries = [
          entry(4, {
            ...restoredFrom,
            id: 4,
            source: 'restore',
            restoredFrom: restoredFrom.id,
            current: true,
          }),
          ...entries.map((e) => ({ ...e, current: false })),
        ];
        return current;
      });
    const { user } = renderApp(<Panel />);

    await user.click(await screen.findByText('Fit history (3)'));
    const list = screen.getByRole('list', { name: 'Fit history' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Forecast all wells');
    expect(rows[0]!.textContent).toContain('Monthly rates, 2022-02-01 to 2023-12-01');
    expect(rows[0]!.textContent).toContain('current');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('Edited by hand');
    expect(rows[1]!.textContent).toContain('Daily rates, 2022-01-01 to 2023-11-30 (window chosen)');
    expect(rows[1]!.textContent).toContain('Hyperbolic: qi 812.5 bbl/d');
    expect(rows[1]!.textContent).toContain('b 0.83');
    expect(rows[1]!.textContent).toContain('EUR 412,000 bbl');
    expect(rows[2]!.textContent).toContain('Fitted on the well page');
    expect((screen.getByTestId('decline-param-qi') as HTMLInputElement).value).toBe('640');

    await user.click(within(rows[1]!).getByRole('button', { name: /^Restore the fit saved / }));

    expect(bridge().callsOf('decline-fit-restore')).toEqual([
      { projectId: PROJECT, wellId: WELL, stream: 'oil', entryId: 2 },
    ]);
    // The restored parameters are the panel's current fit, and the restore is in the history.
    await waitFor(() =>
      expect((screen.getByTestId('decline-param-qi') as HTMLInputElement).value).toBe('812.5'),
    );
    expect((screen.getByTestId('decline-param-b') as HTMLInputElement).value).toBe('0.83');
    await screen.findByText('Fit history (4)');
    const after = within(screen.getByRole('list', { name: 'Fit history' })).getAllByRole(
      'listitem',
    );
    expect(after[0]!.textContent).toMatch(/Restored \(the fit of .+\)/);
    expect(after[0]!.textContent).toContain('current');
    expect(within(after[1]!).getByRole('button', { name: /^Restore/ })).toBeTruthy();
  });

  it('says why a restore failed and keeps the fit shown', async () => {
    bridge()
      .answer('decline-settings-get', SETTINGS)
      .answer('decline-fits-get', { fits: [saved(RUN, 'fitted')] })
      .answer('decline-fit-history', {
        entries: [entry(3, { current: true }), entry(2, { model: TUNED })],
      })
      .answer('decline-fit-restore', () => {
        throw new Error("The well's oil fit history holds no entry 2.");
      });
    const { user } = renderApp(<Panel />);

    await user.click(await screen.findByText('Fit history (2)'));
    await user.click(screen.getByRole('button', { name: /^Restore the fit saved / }));
    expect((await screen.findByTestId('decline-history-error')).textContent).toBe(
      "The fit could not be restored: The well's oil fit history holds no entry 2.",
    );
    expect((screen.getByTestId('decline-param-qi') as HTMLInputElement).value).toBe('640');
  });
});
