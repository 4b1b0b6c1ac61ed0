import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ForecastAllStatus } from '#shared/desktop/index.js';
import { bridge, renderApp } from '#renderer/testing/render.js';
import { ForecastAllDialog } from './ForecastAllDialog.js';

const PROJECT = 'prj_permian';

function status(overrides: Partial<ForecastAllStatus> = {}): ForecastAllStatus {
  return {
    projectId: PROJECT,
    state: 'idle',
    stream: 'oil',
    total: 0,
    done: 0,
    fitted: 0,
    poor: [],
    skipped: [],
    kept: [],
    missingProduction: 0,
    fetching: 0,
    notWhole: 0,
    startedAt: null,
    finishedAt: null,
    error: null,
    ...overrides,
  };
}

/** The dialog on an idle project, whose start answers with a run of 300 wells. */
function openDialog() {
  bridge()
    .answer('forecast-all-status', status())
    .answer('forecast-all-start', (args) =>
      status({
        state: 'running',
        stream: args.stream,
        total: 300,
        startedAt: '2026-11-24T09:00:00.000Z',
      }),
    );
  return renderApp(<ForecastAllDialog projectId={PROJECT} onClose={() => {}} />);
}

describe('Forecast all wells', () => {
  it('fits monthly rates unless the person picks daily, and sends the stream chosen', async () => {
    const { user } = openDialog();

    const monthly = await screen.findByRole('button', { name: 'Monthly rates' });
    expect(monthly.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(bridge().callsOf('forecast-all-start')).toHaveLength(1));
    expect(bridge().callsOf('forecast-all-start')[0]).toEqual({
      projectId: PROJECT,
      stream: 'oil',
      frequency: 'monthly',
      replaceKept: false,
    });
  });

  it('sends daily and gas when the person picks them, and locks the choice while running', async () => {
    const { user } = openDialog();

    await user.click(await screen.findByRole('button', { name: 'Daily rates' }));
    await user.click(screen.getByRole('button', { name: 'Gas' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(bridge().callsOf('forecast-all-start')[0]).toEqual({
        projectId: PROJECT,
        stream: 'gas',
        frequency: 'daily',
        replaceKept: false,
      }),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Daily rates' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    expect(
      (screen.getByRole('button', { name: 'Monthly rates' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('keeps fits edited by hand or on another basis unless the person ticks Replace', async () => {
    const { user } = openDialog();

    const replace = await screen.findByRole('checkbox', {
      name: 'Replace fits edited by hand or saved on another basis',
    });
    expect((replace as HTMLInputElement).checked).toBe(false);
    await user.click(replace);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(bridge().callsOf('forecast-all-start')[0]).toEqual({
        projectId: PROJECT,
        stream: 'oil',
        frequency: 'monthly',
        replaceKept: true,
      }),
    );
  });

  it('says which fits the run kept and why, each well a link to its page', async () => {
    const kept = (wellId: string, why: 'edited' | 'frequency', frequency: 'daily' | 'monthly') => ({
      wellId,
      wellName: `Well ${wellId}`,
      why,
      frequency,
      reason: why === 'edited' ? 'Kept the fit you edited by hand.' : 'Kept the daily fit.',
    });
    bridge().answer(
      'forecast-all-status',
      status({
        state: 'done',
        total: 10,
        done: 10,
        fitted: 7,
        kept: [
          kept('w1', 'edited', 'daily'),
          kept('w2', 'edited', 'monthly'),
          kept('w3', 'frequency', 'daily'),
        ],
        startedAt: '2026-11-24T09:00:00.000Z',
        finishedAt: '2026-11-24T09:01:00.000Z',
      }),
    );
    const { user } = renderApp(<ForecastAllDialog projectId={PROJECT} onClose={() => {}} />);

    expect((await screen.findByTestId('forecast-all-kept-text')).textContent).toBe(
      'Kept 2 fits edited by hand, 1 saved on a daily basis.',
    );
    await user.click(screen.getByText('3 fits kept'));
    const link = screen.getByRole('link', { name: 'Well w3' });
    expect(link.getAttribute('href')).toContain(`/projects/${PROJECT}/wells/w3`);
    expect(link.parentElement?.textContent).toBe('Well w3: Kept the daily fit.');
  });
});
