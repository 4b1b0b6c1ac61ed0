import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QualityScanResult } from '#shared/desktop/index.js';
import { volumeAtStake } from '#shared/quality/index.js';
import { bridge, renderApp } from '../../testing/render.js';
import { QualityQueue } from './QualityQueue.js';
import { finding } from './testing/findings.js';

const MINOR_GAPS = Array.from({ length: 30 }, (_, i) =>
  finding(`gap-${i}`, { wellId: i % 2 ? 'a' : 'b', wellName: i % 2 ? 'Alpha 1H' : 'Bravo 2H' }),
);
const SCAN: QualityScanResult = {
  projectId: 'p',
  scannedAt: '2024-04-01T00:00:00.000Z',
  findings: [
    ...MINOR_GAPS,
    finding('spike', {
      rule: 'spike',
      severity: 'critical',
      atStake: volumeAtStake('oil', 4_902, 'imperial'),
      wellId: 'a',
      wellName: 'Alpha 1H',
      reason: 'Oil 5,000 bbl/d is 51× the median',
    }),
    finding('long-gap', { severity: 'major', wellId: 'b', wellName: 'Bravo 2H' }),
  ],
  wellCount: 2,
  wellsScanned: 2,
  wellsWithoutProduction: [],
  wellsNotWhole: [],
  oldestFetchedAt: null,
  newestFetchedAt: null,
  settings: { minGapDays: 1, flatLineDays: 7 },
};

function renderQueue() {
  bridge()
    .answer('quality-scan', SCAN)
    .answer('quality-settings-get', { minGapDays: 1, flatLineDays: 7, savedAt: null })
    .answer('quality-dismiss', (args) => ({
      keys: args.keys ?? [args.key!],
      dismissed: args.dismissed,
    }))
    .answer('quality-settings-save', (args) => ({
      minGapDays: args.minGapDays,
      flatLineDays: args.flatLineDays,
      savedAt: '2024-04-01T00:00:00.000Z',
    }));
  return renderApp(<QualityQueue projectId="p" />);
}

/** The element's text holds `text` (no jest-dom here). */
const has = (element: HTMLElement, text: string) => expect(element.textContent).toContain(text);

const rows = () => screen.queryAllByTestId('quality-finding');

describe('QualityQueue', () => {
  it('shows serious findings first and the minor ones behind one line', async () => {
    const { user } = renderQueue();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row.dataset.severity)).toEqual(['critical', 'major']);
    has(rows()[0]!, '4,902 bbl oil');
    has(screen.getByTestId('quality-severities'), '1 critical, 1 major, 30 minor');
    has(screen.getByTestId('quality-minor'), '30 minor findings, all 1 day reporting gaps — show');
    await user.click(screen.getByTestId('quality-show-minor'));
    expect(rows()).toHaveLength(32);
  });

  it('dismisses a well’s minor findings at once, and undoes it', async () => {
    const { user } = renderQueue();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.selectOptions(screen.getByTestId('quality-group-by'), 'well');
    const bravo = screen
      .getAllByTestId('quality-group')
      .find((group) => group.dataset.group === 'b')!;
    await user.click(within(bravo).getByTestId('quality-dismiss-minor'));
    const [call] = bridge().callsOf('quality-dismiss');
    expect(call).toMatchObject({ projectId: 'p', dismissed: true });
    expect(call!.keys).toHaveLength(15);
    expect(call!.keys!.every((key) => key.startsWith('gap-'))).toBe(true);
    await waitFor(() =>
      has(screen.getByTestId('quality-undo'), 'Dismissed 15 findings: minor of Bravo 2H.'),
    );
    has(screen.getByTestId('quality-show-dismissed').parentElement!, 'Show dismissed (15)');
    await user.click(
      within(screen.getByTestId('quality-undo')).getByRole('button', { name: 'Undo' }),
    );
    expect(bridge().callsOf('quality-dismiss')[1]).toMatchObject({
      dismissed: false,
      keys: call!.keys,
    });
    await waitFor(() =>
      has(screen.getByTestId('quality-show-dismissed').parentElement!, 'Show dismissed (0)'),
    );
  });

  it('dismisses a rule’s findings from its group', async () => {
    const { user } = renderQueue();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.selectOptions(screen.getByTestId('quality-group-by'), 'rule');
    const gaps = screen
      .getAllByTestId('quality-group')
      .find((group) => group.dataset.group === 'reporting-gap')!;
    await user.click(within(gaps).getByTestId('quality-dismiss-group'));
    expect(bridge().callsOf('quality-dismiss')[0]!.keys).toHaveLength(31);
    await waitFor(() => expect(rows().map((row) => row.dataset.rule)).toEqual(['spike']));
  });

  it('saves the project’s rules and scans again; refuses a bad one naming it', async () => {
    const { user } = renderQueue();
    await waitFor(() => expect(screen.getByTestId('quality-rules')).toBeTruthy());
    await user.click(screen.getByText(/Rules for this project/));
    const gap = screen.getByTestId('quality-minGapDays');
    await user.clear(gap);
    await user.type(gap, '0');
    await user.click(screen.getByTestId('quality-rules-save'));
    has(screen.getByTestId('quality-rules-error'), 'Shortest gap reported must be at least 1 day.');
    expect(bridge().callsOf('quality-settings-save')).toEqual([]);

    await user.clear(gap);
    await user.type(gap, '5');
    const scans = bridge().callsOf('quality-scan').length;
    await user.click(screen.getByTestId('quality-rules-save'));
    expect(bridge().callsOf('quality-settings-save')).toEqual([
      { projectId: 'p', minGapDays: 5, flatLineDays: 7 },
    ]);
    await waitFor(() => expect(bridge().callsOf('quality-scan').length).toBe(scans + 1));
    has(screen.getByText(/Rules for this project/), 'gaps from 5 days');
  });
});
