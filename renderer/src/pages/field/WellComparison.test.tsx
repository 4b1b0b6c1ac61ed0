import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductionView, WellView } from '#shared/desktop/index.js';
import { projectView, readResult, wellView } from '../../testing/fixtures.js';
import { bridge, renderApp } from '../../testing/render.js';
import { setMapSelection } from './selection-store.js';
import { WellComparison } from './WellComparison.js';

const PROJECT = 'prj_permian';

/** Well i has latest oil rate 100 + i: well 22 the highest, wells 0, 1, 2 the lowest. */
const WELLS: WellView[] = Array.from({ length: 23 }, (_, i) =>
  wellView({
    id: `w_${i}`,
    name: `Ranger ${String(i).padStart(2, '0')}H`,
    lastProduction: { date: '2024-03-31', oilRate: 100 + i, gasRate: null, waterRate: null },
  }),
);

function production(wellId: string): ProductionView {
  return {
    wellId,
    from: '2018-05-01',
    to: '2024-03-31',
    aggregation: 'daily',
    unitSystem: 'imperial',
    fields: ['oil_rate'],
    units: { oil_rate: 'bbl/d' },
    dates: ['2024-03-30', '2024-03-31'],
    values: { oil_rate: [120, 110] },
    states: ['synced', 'synced'],
    deletions: [],
    missing: [],
  };
}

function renderComparison(selection: readonly string[]) {
  setMapSelection(PROJECT, selection);
  bridge()
    .answer('projects-get', readResult(projectView()))
    .answer('wells-list', (args) => {
      const wells = WELLS.filter((well) => !args.wellIds || args.wellIds.includes(well.id));
      return readResult({
        wells,
        total: wells.length,
        projectTotal: WELLS.length,
        unitSystem: 'imperial',
      });
    })
    .answer('production-get', (args) => readResult(production(args.wellId)));
  return renderApp(<WellComparison projectId={PROJECT} />);
}

const boxes = () => screen.getAllByTestId('compare-well') as HTMLInputElement[];
const ticked = () => boxes().filter((box) => box.checked);
const tickedIds = () => ticked().map((box) => box.dataset.wellId);

// jsdom has no ResizeObserver: the chart's width stays 0 (the chart is not drawn; the
// choice of wells, the notes and the reads are what this tests).
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => vi.unstubAllGlobals());
afterEach(() => setMapSelection(PROJECT, null));

describe('WellComparison with a selection of more than 20 wells', () => {
  it('compares the 20 with the highest latest oil rate and names the 3 others', async () => {
    renderComparison(WELLS.map((well) => well.id));
    await waitFor(() => expect(ticked()).toHaveLength(20));
    expect(tickedIds()).toEqual(Array.from({ length: 20 }, (_, i) => `w_${i + 3}`));
    expect(boxes()).toHaveLength(23);
    const note = screen.getByTestId('compare-too-many');
    expect(note.textContent).toContain(
      '23 wells are selected; a comparison takes 2 to 20. Drawn: the 20 with the highest latest oil rate.',
    );
    // The ones left out, highest rate first.
    expect(screen.getByTestId('compare-not-drawn').textContent).toContain(
      '3 more selected wells are not drawn: Ranger 02H, Ranger 01H, Ranger 00H.',
    );
    // Each drawn well's production is read; the others' are not.
    await waitFor(() => expect(bridge().callsOf('production-get')).toHaveLength(20));
    expect(
      bridge()
        .callsOf('production-get')
        .map((call) => call.wellId),
    ).not.toContain('w_0');
    expect(screen.queryByTestId('compare-pick')).toBeNull();
  });

  it('lets the ticks change the choice, and the note follows', async () => {
    const { user } = renderComparison(WELLS.map((well) => well.id));
    await waitFor(() => expect(ticked()).toHaveLength(20));
    // A 21st is refused until one is unticked.
    const ranger00 = () => boxes().find((box) => box.dataset.wellId === 'w_0')!;
    await user.click(ranger00());
    expect(screen.getByTestId('compare-limit').textContent).toContain('At most 20 wells');
    expect(ranger00().checked).toBe(false);

    await user.click(boxes().find((box) => box.dataset.wellId === 'w_10')!);
    await user.click(ranger00());
    expect(ranger00().checked).toBe(true);
    expect(ticked()).toHaveLength(20);
    expect(tickedIds()).not.toContain('w_10');
    expect(screen.getByTestId('compare-not-drawn').textContent).toContain(
      '3 more selected wells are not drawn: Ranger 10H, Ranger 02H, Ranger 01H.',
    );
    expect(screen.getByTestId('compare-too-many').textContent).toContain(
      'Drawn: the wells ticked below (it started with the 20 with the highest latest oil rate).',
    );
  });

  it('draws a selection of 20 or fewer whole, without a note', async () => {
    renderComparison(WELLS.slice(0, 3).map((well) => well.id));
    await waitFor(() => expect(ticked()).toHaveLength(3));
    expect(screen.queryByTestId('compare-too-many')).toBeNull();
  });
});
