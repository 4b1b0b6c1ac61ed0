import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HandlerResult } from '#shared/desktop/index.js';
import { bridge, renderApp } from '../../testing/render.js';
import { readResult, wellView } from '../../testing/fixtures.js';
import { useServerWindow } from './use-server-window.js';

/** The rows' window of the search typed so far, as the wells table reads it. */
function Window({ search }: { search: string }) {
  const wells = useServerWindow({ projectId: 'prj_permian', ...(search ? { search } : {}) }, 0, 40);
  return (
    <p data-testid="window">
      {wells.search}: {wells.total ?? '…'}
    </p>
  );
}

/** The search box, typed into by the test (a key at a time, as fast as it can). */
function SearchBox({ initial }: { initial: string }) {
  const [search, setSearch] = useState(initial);
  return (
    <>
      <input
        aria-label="Search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Window search={search} />
    </>
  );
}
const type = (search: string) =>
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: search } });

/** Each wells-list call waits until the test answers it. */
function deferredWellsList() {
  const waiting: Array<{ search: string; answer: () => void }> = [];
  bridge().answer(
    'wells-list',
    (args) =>
      new Promise<HandlerResult<'wells-list'>>((resolve) => {
        const search = args.search ?? '';
        waiting.push({
          search,
          answer: () =>
            resolve(
              readResult({
                wells: [wellView({ name: `${search} 1H` })],
                total: search.length,
                projectTotal: 100,
                unitSystem: 'imperial',
              }),
            ),
        });
      }),
  );
  const searches = () =>
    bridge()
      .callsOf('wells-list')
      .map((args) => args.search ?? '');
  return { waiting, searches };
}

beforeEach(() => bridge().reset());

describe('the wells window while typing', () => {
  it('sends each key at once, one request at a time, then only the latest search', async () => {
    const { waiting, searches } = deferredWellsList();
    renderApp(<SearchBox initial="r" />);
    await waitFor(() => expect(searches()).toEqual(['r']));

    // Typed while "r" is on its way: nothing more is sent yet, and no timer is waited for.
    type('ra');
    type('ran');
    expect(searches()).toEqual(['r']);

    // "r" arrives: it is shown, and the latest search goes out at once ("ra" never does).
    await act(async () => waiting[0]!.answer());
    await waitFor(() => expect(searches()).toEqual(['r', 'ran']));
    expect(screen.getByTestId('window').textContent).toBe('r: 1');
    await act(async () => waiting[1]!.answer());
    await waitFor(() => expect(screen.getByTestId('window').textContent).toBe('ran: 3'));
  });

  it('shows a search answered before at once, without waiting for its refresh', async () => {
    const { waiting, searches } = deferredWellsList();
    renderApp(<SearchBox initial="r" />);
    await waitFor(() => expect(waiting).toHaveLength(1));
    await act(async () => waiting[0]!.answer());
    type('ra');
    await waitFor(() => expect(waiting).toHaveLength(2));
    await act(async () => waiting[1]!.answer());
    await waitFor(() => expect(screen.getByTestId('window').textContent).toBe('ra: 2'));

    // Back to "r": its rows are shown from the cache while they are read again...
    type('r');
    expect(screen.getByTestId('window').textContent).toBe('r: 1');
    await waitFor(() => expect(searches()).toEqual(['r', 'ra', 'r']));
    // ...and that refresh holds nothing up: the next key goes out at once.
    type('rb');
    await waitFor(() => expect(searches()).toEqual(['r', 'ra', 'r', 'rb']));
  });
});
