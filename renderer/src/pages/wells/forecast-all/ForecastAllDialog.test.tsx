import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ForecastAllStatus } from '../../../../../shared/desktop/index.js';
import { bridge, renderApp } from '../../../testing/render.js';
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
});
