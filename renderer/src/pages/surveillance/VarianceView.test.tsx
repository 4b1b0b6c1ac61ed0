import { screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { VarianceListArgs, WellVarianceRow } from '#shared/desktop/index.js';
import { projectView, readResult } from '../../testing/fixtures.js';
import { bridge, renderApp } from '../../testing/render.js';
import { getMapSelection } from '../field/selection-store.js';
import { VarianceView } from './VarianceView.js';

function row(overrides: Partial<WellVarianceRow>): WellVarianceRow {
  return {
    wellId: 'w_1',
    name: 'Ranger 1H',
    status: 'active',
    fit: 'current',
    from: '2026-10-30',
    to: '2026-11-28',
    days: 30,
    actual: 1500,
    forecast: 2000,
    volumeVariance: -500,
    percentVariance: -25,
    divergedSince: '2026-11-10',
    ...overrides,
  };
}

const ROWS = [
  row({}),
  row({
    wellId: 'w_2',
    name: 'Ranger 2H',
    fit: 'stale',
    actual: 3100,
    forecast: 3000,
    volumeVariance: 100,
    percentVariance: 100 / 30,
    divergedSince: null,
  }),
  row({
    wellId: 'w_3',
    name: 'Ranger 3H',
    fit: 'none',
    from: null,
    to: null,
    days: 0,
    actual: null,
    forecast: null,
    volumeVariance: null,
    percentVariance: null,
    divergedSince: null,
  }),
];

function renderView() {
  bridge()
    .answer('projects-get', readResult(projectView()))
    .answer('variance-list', (args: VarianceListArgs) => ({
      stream: args.stream ?? 'oil',
      windowDays: args.windowDays ?? 30,
      tolerancePercent: 10,
      wells: ROWS,
    }));
  const location = memoryLocation({ path: '/projects/prj_permian/variance', record: true });
  const rendered = renderApp(
    <Router hook={location.hook}>
      <VarianceView projectId="prj_permian" />
    </Router>,
  );
  return { ...rendered, location };
}

describe('Variance to forecast', () => {
  it('ranks the wells by shortfall, sums the group, and says which fits are stale or missing', async () => {
    renderView();
    const rows = await screen.findAllByTestId('variance-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Ranger 1H',
      'Ranger 2H',
      'Ranger 3H',
    ]);
    expect(rows[0]!.textContent).toContain('-500');
    expect(rows[0]!.textContent).toContain('-25.0 %');
    expect(rows[0]!.textContent).toContain('2026-11-10');
    expect(rows[1]!.textContent).toContain('Stale fit');
    expect(rows[2]!.textContent).toContain('No fit');
    expect(screen.getByTestId('variance-summary').textContent).toBe(
      'Shown: 2 wells with a forecast, 4,600 bbl against 5,000 bbl forecast: -400 bbl (-8.0 %).',
    );
    expect(screen.getAllByTestId('variance-point')).toHaveLength(2);
  });

  it('sums the ticked wells, sends them to Compare, and asks again for another stream', async () => {
    const { user, location } = renderView();
    await screen.findAllByTestId('variance-row');
    await user.click(screen.getByRole('checkbox', { name: 'Tick Ranger 1H to compare' }));
    expect(screen.getByTestId('variance-summary').textContent).toBe(
      'Ticked: 1 well with a forecast, 1,500 bbl against 2,000 bbl forecast: -500 bbl (-25.0 %).',
    );
    await user.click(screen.getByTestId('variance-compare'));
    expect(getMapSelection('prj_permian')).toEqual(['w_1']);
    expect(location.history.at(-1)).toBe('/projects/prj_permian/compare');

    await user.click(screen.getByTestId('variance-stream-gas'));
    await waitFor(() =>
      expect(bridge().callsOf('variance-list').at(-1)).toMatchObject({ stream: 'gas' }),
    );
  });
});
