import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ScreeningStatus } from '#shared/desktop/index.js';
import { bridge, renderApp } from '../../testing/render.js';
import { ScreeningNote } from './ScreeningNote.js';
import { useScreeningFill } from './use-screening-fill.js';

const status = (over: Partial<ScreeningStatus>): ScreeningStatus => ({
  projectId: 'prj-1',
  state: 'running',
  total: 300,
  done: 120,
  requests: 3,
  path: 'per-well',
  asOf: null,
  startedAt: '2026-11-24T12:00:00.000Z',
  finishedAt: null,
  error: null,
  ...over,
});

/** The wells table's part: the fill of the project in view and its note. */
function Note({ offline = false }: { offline?: boolean }) {
  const fill = useScreeningFill('prj-1', true, !offline);
  return <ScreeningNote fill={fill} offline={offline} />;
}

beforeEach(() => bridge().reset());

describe('the screening fill note', () => {
  it('cancels the fill from its Cancel button, then resumes it', async () => {
    bridge().answer('screening-fill-start', status({}));
    bridge().answer('screening-fill-cancel', status({}));
    const { user } = renderApp(<Note />);
    expect((await screen.findByTestId('screening-status')).textContent).toContain(
      'Updating latest production… 120 of 300',
    );

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(bridge().callsOf('screening-fill-cancel')).toEqual([{ projectId: 'prj-1' }]);
    // The core's run stops between wells and says so.
    act(() => bridge().emit('screening-progress', status({ state: 'cancelled', done: 125 })));
    expect(screen.getByTestId('screening-status').textContent).toContain(
      'Latest production updated for 125 of 300 wells, then cancelled',
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    // Resuming starts a new run: the core counts only the wells still missing.
    bridge().answer(
      'screening-fill-start',
      status({ total: 175, done: 0, startedAt: '2026-11-24T12:05:00.000Z' }),
    );
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(screen.getByTestId('screening-status').textContent).toContain(
        'Updating latest production… 0 of 175',
      ),
    );
    expect(bridge().callsOf('screening-fill-start')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('offers no button once the fill is done, nor offline', async () => {
    bridge().answer(
      'screening-fill-start',
      status({ state: 'offline', asOf: '2026-11-20T07:30:00.000Z' }),
    );
    renderApp(<Note offline />);
    expect((await screen.findByTestId('screening-status')).textContent).toContain(
      'Latest production as of 2026-11-20',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
