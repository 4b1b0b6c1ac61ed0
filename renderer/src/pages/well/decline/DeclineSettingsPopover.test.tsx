import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeclineSettings, SavedDeclineFit } from '#shared/desktop/index.js';
import { bridge, renderApp } from '#renderer/testing/render.js';
import { DeclinePanel } from './DeclinePanel.js';
import { previewForecast } from './forecast-preview.js';
import { PROJECT, saved, SETTINGS, WELL } from './testing/panel.js';
import { useDecline } from './use-decline.js';

/**
 * The forecast cap typed in the panel's Settings: saved for the project, and the EUR's basis
 * under the EUR names the new cap and the day the forecast now ends.
 */

// b 1.4 declines so slowly that the 5 bbl/d limit lies about 93 years out: the cap ends it.
const SLOW = { kind: 'hyperbolic', qi: 100, di: 0.5, b: 1.4 } as const;
const fit: SavedDeclineFit = {
  ...saved(SLOW, 'fitted'),
  forecast: {
    startDate: '2024-01-01',
    endDate: '2073-12-31',
    endReason: 'max-duration',
    cumulativeToDate: 120_000,
    eur: 0,
    remaining: 0,
    daysToLimit: 0,
    months: [],
  },
};

/** The panel as the well page shows it: the EUR follows the parameters and the settings. */
function PanelWithForecast() {
  const decline = useDecline(PROJECT, WELL, 'oil');
  const settings = decline.settings.data;
  const model = decline.draft?.model ?? null;
  const preview =
    decline.fit && model && settings ? previewForecast(decline.fit, model, settings) : null;
  return (
    <DeclinePanel
      projectId={PROJECT}
      wellId={WELL}
      unitSystem="imperial"
      stream="oil"
      onStream={() => {}}
      frequency="monthly"
      decline={decline}
      preview={preview}
      csv={null}
      choosingWindow={false}
      onChoosingWindow={() => {}}
      horizon={null}
      onHorizon={() => {}}
    />
  );
}

function answerSettings() {
  let current: DeclineSettings = SETTINGS;
  bridge()
    .answer('decline-settings-get', () => current)
    .answer('decline-settings-save', (args) => {
      current = args.settings;
      return current;
    })
    .answer('decline-fits-get', { fits: [fit] })
    .answer('decline-fit-history', { entries: [] });
}

describe('the forecast cap in the decline settings', () => {
  it('is saved from the popover, and the EUR basis names the new cap', async () => {
    answerSettings();
    const { user } = renderApp(<PanelWithForecast />);
    const basis = await screen.findByTestId('decline-eur-basis');
    expect(basis.textContent).toMatch(
      /^Produced to date \+ forecast to the 50-year cap, 2073-12-31: the economic limit \(5 bbl\/d\)/,
    );
    const eurAtFifty = screen.getByTestId('decline-eur').textContent;

    await user.click(screen.getByText('Settings'));
    const cap = screen.getByRole('textbox', { name: 'Forecast cap (years)' });
    expect((cap as HTMLInputElement).value).toBe('50');
    await user.clear(cap);
    await user.type(cap, '30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(screen.getByTestId('decline-eur-basis').textContent).toMatch(
        /^Produced to date \+ forecast to the 30-year cap, 2053-12-31: /,
      ),
    );
    expect(bridge().callsOf('decline-settings-save')).toEqual([
      { projectId: PROJECT, settings: { ...SETTINGS, maxYears: 30 } },
    ]);
    expect(screen.getByTestId('decline-eur').textContent).not.toBe(eurAtFifty);
  });

  it('refuses a cap out of range with an error naming the field, and saves nothing', async () => {
    answerSettings();
    const { user } = renderApp(<PanelWithForecast />);
    await screen.findByTestId('decline-eur-basis');
    await user.click(screen.getByText('Settings'));
    const cap = screen.getByRole('textbox', { name: 'Forecast cap (years)' });
    await user.clear(cap);
    await user.type(cap, '0');
    expect(screen.getByTestId('decline-settings-error').textContent).toBe(
      'Forecast cap: maxYears (the forecast cap) must be between 1 and 100 years',
    );
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
    expect(bridge().callsOf('decline-settings-save')).toEqual([]);
  });
});
