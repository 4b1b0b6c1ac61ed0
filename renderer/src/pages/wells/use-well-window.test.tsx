import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bridge, renderApp } from '../../testing/render.js';
import { readResult, wellView } from '../../testing/fixtures.js';
import { useWellWindow } from './use-well-window.js';

const WELLS = [
  wellView({ id: 'w1', name: 'Big Ranch 1H', apiNumber: '42-317-18650' }),
  wellView({ id: 'w2', name: 'Brushy Draw 2H', apiNumber: '42-501-20130' }),
  wellView({ id: 'w3', name: 'Ranchito 3H', apiNumber: '42-317-18651' }),
];

/** The rows shown for the search typed so far, as the wells table reads them. */
function Table() {
  const [search, setSearch] = useState('');
  const wells = useWellWindow({ projectId: 'prj_permian', ...(search ? { search } : {}) }, 0, 40);
  return (
    <>
      <input aria-label="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <p data-testid="rows">
        {wells.search}: {wells.wells.map((well) => well.name).join(', ')} ({wells.total ?? '…'})
      </p>
    </>
  );
}

beforeEach(() => {
  bridge().reset();
  bridge().answer('wells-index', () =>
    readResult({
      ids: WELLS.map((well) => well.id),
      names: WELLS.map((well) => well.name),
      apiNumbers: WELLS.map((well) => well.apiNumber),
      projectTotal: WELLS.length,
    }),
  );
  bridge().answer('wells-list', (args) => {
    const wells = args.wellIds ? WELLS.filter((well) => args.wellIds?.includes(well.id)) : WELLS;
    return readResult({
      wells,
      total: wells.length,
      projectTotal: WELLS.length,
      unitSystem: 'imperial',
    });
  });
});

describe('the wells window with its search index', () => {
  it('answers each key from the index: the core is asked for rows, never for a search', async () => {
    renderApp(<Table />);
    await waitFor(() =>
      expect(screen.getByTestId('rows').textContent).toBe(
        ': Big Ranch 1H, Brushy Draw 2H, Ranchito 3H (3)',
      ),
    );
    // The index arrives (the first window came from the core: its rows fill the row store).
    await waitFor(() => expect(bridge().callsOf('wells-index')).toHaveLength(1));
    await act(async () => undefined);
    const asked = bridge().callsOf('wells-list').length;

    // Each key shows its rows at once, in the same render: no answer is waited for.
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ranch' } });
    expect(screen.getByTestId('rows').textContent).toBe('ranch: Big Ranch 1H, Ranchito 3H (2)');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '18651' } });
    expect(screen.getByTestId('rows').textContent).toBe('18651: Ranchito 3H (1)');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'draw brushy' } });
    expect(screen.getByTestId('rows').textContent).toBe('draw brushy: Brushy Draw 2H (1)');
    expect(
      bridge()
        .callsOf('wells-list')
        .slice(asked)
        .filter((args) => args.search),
    ).toEqual([]);
    expect(bridge().callsOf('wells-index')).toHaveLength(1);
  });

  it('falls back to the core for each window while the index cannot be read', async () => {
    bridge().answer('wells-index', { type: 'internal', message: 'the index failed' });
    renderApp(<Table />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ranch' } });
    await waitFor(() =>
      expect(
        bridge()
          .callsOf('wells-list')
          .some((args) => args.search === 'ranch'),
      ).toBe(true),
    );
  });
});
