import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localToday } from '#shared/dates/iso-day.js';
import type { DownloadStatus } from '#shared/desktop/index.js';
import { projectView, readResult } from '../../testing/fixtures.js';
import { bridge, renderApp } from '../../testing/render.js';
import { AppDialogs } from '../AppDialogs.js';
import { openDialog } from '../open-dialog.js';

const PERMIAN = projectView({ wellCount: 1200 });
const NORTH_SEA = projectView({ id: 'prj_ns', name: 'North Sea', wellCount: 8 });

const TRIP = { from: '2020-01-01', to: '2020-12-31' };

function download(overrides: Partial<DownloadStatus> = {}): DownloadStatus {
  return {
    connectionId: 'con_demo',
    projectId: PERMIAN.id,
    state: 'idle',
    from: null,
    to: null,
    done: 0,
    total: 0,
    alreadyCached: 0,
    failed: [],
    requestsDone: 0,
    requestsTotal: 0,
    records: 0,
    startedAt: null,
    finishedAt: null,
    etaMs: null,
    rateLimitedUntil: null,
    error: null,
    available: null,
    ...overrides,
  };
}

const running = (overrides: Partial<DownloadStatus> = {}) =>
  download({ state: 'running', ...TRIP, startedAt: '2024-03-01T09:00:00.000Z', ...overrides });

/** The dialog as the sidebar opens it, with the projects and the last download answered. */
function openOn(projectId: string, status: DownloadStatus = download({ projectId })) {
  bridge()
    .answer('projects-list', readResult([PERMIAN, NORTH_SEA]))
    .answer('offline-download-status', (args) =>
      args.projectId === status.projectId ? status : download({ projectId: args.projectId }),
    );
  const rendered = renderApp(<AppDialogs />);
  act(() => openDialog({ kind: 'download', projectId }));
  return rendered;
}

/** Picks "Custom" and types the trip's dates over the preset's. */
async function chooseTrip(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Custom' }));
  const from = within(dialog).getByLabelText('From');
  const to = within(dialog).getByLabelText('to');
  await user.clear(from);
  await user.type(from, TRIP.from);
  await user.clear(to);
  await user.type(to, TRIP.to);
}

function progressPercent(dialog: HTMLElement): string | null {
  return within(dialog)
    .getByRole('progressbar', { name: 'Download progress' })
    .getAttribute('aria-valuenow');
}

describe('Keep on this computer: choosing what to download', () => {
  it('opens on the project, the whole history, and prices the download before it starts', async () => {
    openOn(PERMIAN.id);

    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    expect(((await within(dialog).findByLabelText('Project')) as HTMLSelectElement).value).toBe(
      PERMIAN.id,
    );
    expect(
      within(dialog).getByRole('button', { name: 'Whole history' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // The project, two pages of the well list, a request per well and the unit check.
    const estimate = await within(dialog).findByTestId('download-estimate');
    expect(estimate.textContent).toContain('1,204requests');
    expect(estimate.textContent).toContain(
      '1,200 wells: one request per well, plus the well list.',
    );
    // 120 at once (less the limiter's reserve of 6), the other 1,090 at 60 a minute, 5 % margin.
    expect(within(estimate).getByRole('row', { name: /Standard/ }).textContent).toContain(
      'about 19 min',
    );
    expect(within(estimate).getByRole('row', { name: /Enterprise/ }).textContent).toContain(
      'a few seconds',
    );
    expect(within(dialog).getByRole('button', { name: 'Download history' })).toBeTruthy();
  });

  it('downloads the whole history when no range is chosen, from 1900 as the core reads it', async () => {
    bridge().answer('offline-download-start', running());
    const { user } = openOn(PERMIAN.id);
    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    await within(dialog).findByTestId('download-estimate');

    await user.click(within(dialog).getByRole('button', { name: 'Download history' }));

    await waitFor(() => expect(bridge().callsOf('offline-download-start')).toHaveLength(1));
    expect(bridge().callsOf('offline-download-start')[0]).toEqual({
      projectId: PERMIAN.id,
      from: '1900-01-01',
      to: localToday(),
    });
  });

  it('prices another project when one is chosen from the list', async () => {
    const { user } = openOn(PERMIAN.id);

    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    await within(dialog).findByTestId('download-estimate');
    await user.selectOptions(within(dialog).getByLabelText('Project'), 'North Sea — 8 wells');

    await waitFor(() =>
      expect(within(dialog).getByTestId('download-estimate').textContent).toContain('11requests'),
    );
  });

  it('marks a half-typed custom date as invalid and starts with the dates typed', async () => {
    bridge().answer('offline-download-start', running());
    const { user } = openOn(PERMIAN.id);
    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    await within(dialog).findByTestId('download-estimate');

    await user.click(within(dialog).getByRole('button', { name: 'Custom' }));
    const from = within(dialog).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2020-02-3');
    expect(from.getAttribute('aria-invalid')).toBe('true');

    await chooseTrip(user, dialog);
    expect(from.getAttribute('aria-invalid')).toBe('false');
    await user.click(within(dialog).getByRole('button', { name: 'Download history' }));

    await waitFor(() =>
      expect(bridge().callsOf('offline-download-start')).toEqual([
        { projectId: PERMIAN.id, ...TRIP },
      ]),
    );
  });
});

describe('Keep on this computer: progress, cancel and errors', () => {
  it('shows the progress the core reports and lets the person cancel, then resume', async () => {
    bridge()
      .answer('offline-download-start', running())
      .answer(
        'offline-download-cancel',
        download({ state: 'cancelled', ...TRIP, done: 40, total: 120, requestsDone: 42 }),
      );
    const { user } = openOn(PERMIAN.id);
    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    await within(dialog).findByTestId('download-estimate');
    await chooseTrip(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Download history' }));

    expect(await within(dialog).findByText('Listing the wells…')).toBeTruthy();
    expect(within(dialog).getByText('You can close this; the download continues.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Project') as HTMLSelectElement).disabled).toBe(true);

    act(() =>
      bridge().emit(
        'download-progress',
        running({
          done: 40,
          total: 120,
          requestsDone: 62,
          requestsTotal: 124,
          records: 14_600,
          etaMs: 120_000,
        }),
      ),
    );
    expect(await within(dialog).findByText('2 min 0 s left')).toBeTruthy();
    expect(progressPercent(dialog)).toBe('50');
    expect(within(dialog).getByText('40 of 120 wells')).toBeTruthy();
    expect(within(dialog).getByText(/14,600 days received/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel download' }));

    expect(await within(dialog).findByText('Download cancelled')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Everything fetched so far is kept. Start again to continue where it stopped.',
      ),
    ).toBeTruthy();
    expect(bridge().callsOf('offline-download-cancel')).toEqual([{ projectId: PERMIAN.id }]);

    await user.click(within(dialog).getByRole('button', { name: 'Resume download' }));
    await waitFor(() => expect(bridge().callsOf('offline-download-start')).toHaveLength(2));
    expect(bridge().callsOf('offline-download-start')[1]).toEqual({
      projectId: PERMIAN.id,
      ...TRIP,
    });
  });

  it('stays "complete" when a small download ends before the start reply arrives', async () => {
    const finished = running({
      state: 'done',
      done: 3,
      total: 3,
      requestsDone: 5,
      requestsTotal: 5,
      finishedAt: '2024-03-01T09:00:01.000Z',
    });
    // The core answers "running, listing the wells" at once; here the run's last event
    // overtakes that reply, as it does with a fast server and a few wells.
    bridge().answer('offline-download-start', () => {
      bridge().emit('download-progress', finished);
      return running();
    });
    const { user } = openOn(PERMIAN.id);
    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    await within(dialog).findByTestId('download-estimate');
    await chooseTrip(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Download history' }));

    expect(await within(dialog).findByText('Download complete')).toBeTruthy();
    expect(within(dialog).queryByText('Listing the wells…')).toBeNull();
    expect(progressPercent(dialog)).toBe('100');
  });

  it('says why the core refused to start, and stays open to try again', async () => {
    bridge().answer('offline-download-start', {
      type: 'offline',
      message: 'The server cannot be reached, so nothing can be downloaded now.',
    });
    const { user } = openOn(PERMIAN.id);
    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    await within(dialog).findByTestId('download-estimate');

    await user.click(within(dialog).getByRole('button', { name: 'Download history' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The server cannot be reached, so nothing can be downloaded now.',
    );
    expect(within(dialog).getByRole('button', { name: 'Download history' })).toBeTruthy();
  });

  it('shows a download that stopped, with the wells it could not fetch, and offers to resume', async () => {
    const { user } = openOn(PERMIAN.id);
    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    await within(dialog).findByTestId('download-estimate');
    await chooseTrip(user, dialog);

    act(() =>
      bridge().emit(
        'download-progress',
        download({
          state: 'failed',
          ...TRIP,
          done: 70,
          total: 120,
          requestsDone: 72,
          requestsTotal: 123,
          error: { type: 'unauthorized', message: 'The server refused the token.' },
          failed: [
            {
              wellId: 'w_9',
              name: 'Ranger 9H',
              error: { type: 'not-found', message: 'The well was deleted on the server.' },
            },
          ],
        }),
      ),
    );

    expect(await within(dialog).findByText('Download stopped')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The server refused the token. Start again to continue where it stopped.',
    );
    await user.click(within(dialog).getByText('1 well could not be fetched'));
    expect(within(dialog).getByText('Ranger 9H').parentElement?.textContent).toBe(
      'Ranger 9H: The well was deleted on the server.',
    );
    expect(within(dialog).getByRole('button', { name: 'Resume download' })).toBeTruthy();
  });

  it('reports a finished download as available offline and closes with Done', async () => {
    const finished = download({
      state: 'done',
      ...TRIP,
      done: 120,
      total: 120,
      requestsDone: 123,
      requestsTotal: 123,
      finishedAt: '2024-03-01T09:05:00.000Z',
      available: {
        ...TRIP,
        wellsCovered: 120,
        wellsTotal: 120,
        wellsListedAt: '2024-03-01T09:00:01.000Z',
        fetchedAt: null,
      },
    });
    const { user } = openOn(PERMIAN.id, finished);
    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });

    // The last download's range is a custom one: choose it to see where it stands.
    await chooseTrip(user, dialog);

    expect(await within(dialog).findByText('Download complete')).toBeTruthy();
    expect(within(dialog).getByTestId('download-available').textContent).toBe(
      'Available offline: 120 of 120 wells for 2020-01-01 – 2020-12-31.',
    );
    expect(within(dialog).queryByRole('button', { name: /download/i })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
