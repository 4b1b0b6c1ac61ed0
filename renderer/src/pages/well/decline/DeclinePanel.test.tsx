import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedDeclineFit } from '#shared/desktop/index.js';
import { bridge, renderApp } from '#renderer/testing/render.js';
import { Panel, PROJECT, RUN, saved, SETTINGS, WELL } from './testing/panel.js';

/**
 * "Refit" keeps the fit's basis: a fit over the default window refits over the default
 * (so Forecast all still counts it as on its own basis), a window the person chose is sent.
 */

async function refitOf(fit: SavedDeclineFit) {
  bridge()
    .answer('decline-settings-get', SETTINGS)
    .answer('decline-fits-get', { fits: [fit] })
    .answer('decline-fit-history', { entries: [] })
    .answer('decline-fit-run', fit);
  const { user } = renderApp(<Panel />);
  await user.click(await screen.findByRole('button', { name: 'Refit' }));
  await waitFor(() => expect(bridge().callsOf('decline-fit-run')).toHaveLength(1));
  return bridge().callsOf('decline-fit-run')[0];
}

describe('the decline panel’s Refit', () => {
  it('refits a fit over the default window over the default window', async () => {
    expect(await refitOf({ ...saved(RUN, 'fitted'), windowChosen: false })).toEqual({
      projectId: PROJECT,
      wellId: WELL,
      stream: 'oil',
      frequency: 'monthly',
    });
  });

  it('refits a fit over a window the person chose over that window', async () => {
    expect(await refitOf({ ...saved(RUN, 'fitted'), windowChosen: true })).toEqual({
      projectId: PROJECT,
      wellId: WELL,
      stream: 'oil',
      frequency: 'monthly',
      window: { from: '2022-01-01', to: '2023-11-30' },
    });
  });
});
