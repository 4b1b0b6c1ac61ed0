import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  ConnectionSummary,
  CoreNotice,
  DownloadStatus,
  ProjectView,
} from '#shared/desktop/index.js';
import { projectView, readResult, syncStatus } from '../testing/fixtures.js';
import { closeDialog } from '../dialogs/open-dialog.js';
import { bridge, renderApp } from '../testing/render.js';
import { App } from './App.js';

/**
 * The app's frame around every page: top bar, start-up notices, offline banner, sidebar.
 * The app opens on an address no page answers, so only the frame is on screen.
 */

const DEMO: ConnectionSummary = {
  id: 'con_demo',
  name: 'Demo workspace',
  baseUrl: 'http://127.0.0.1:4010/api/v1',
  kind: 'demo',
  createdAt: '2024-01-01T00:00:00.000Z',
  lastContactAt: null,
  isCurrent: true,
  hasToken: true,
};
const PERMIAN = projectView({ wellCount: 140 });
const MONTNEY = projectView({
  id: 'prj_montney',
  name: 'Montney Alberta',
  unitSystem: 'metric',
  wellCount: 1,
});

function answerShell(
  options: {
    projects?: ProjectView[];
    status?: Parameters<typeof syncStatus>[0];
    notices?: CoreNotice[];
  } = {},
) {
  const status = syncStatus(options.status);
  bridge()
    .answer('connections-list', {
      connections: [DEMO],
      secretStorage: { encrypted: true, warning: null },
    })
    .answer('projects-list', readResult(options.projects ?? [PERMIAN, MONTNEY]))
    .answer('sync-status', status)
    .answer('sync-probe', status)
    .answer('core-notices', { notices: options.notices ?? [] });
}

beforeEach(() => {
  // The open dialog is app state outside React: a test must not start inside the last one's.
  closeDialog();
  window.location.hash = '#/nowhere';
  sessionStorage.clear();
});

describe('Shell: top bar', () => {
  it('names the connection and says Connecting… until the server has answered, then Online', async () => {
    answerShell({ status: { reachability: 'unknown', pending: 3 } });
    bridge().answer('sync-probe', syncStatus({ reachability: 'reachable', pending: 3 }));
    renderApp(<App />);

    const bar = await screen.findByRole('banner');
    expect((await within(bar).findByRole('button', { name: /Demo workspace/ })).textContent).toBe(
      'Demo workspacedemo data▾',
    );
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe(' Online'));
    expect(within(bar).getByRole('button', { name: '3 pending' })).toBeTruthy();
    expect(bridge().callsOf('sync-probe')).toEqual([{ connectionId: 'con_demo' }]);
  });

  it('counts rejected changes and conflicts as sync problems and opens the sync panel on them', async () => {
    answerShell({ status: { pending: 4, errors: 1, conflicts: 2 } });
    bridge().answer('outbox-list', { operations: [] });
    const { user } = renderApp(<App />);

    await user.click(await screen.findByRole('button', { name: '3 sync problems' }));

    expect(await screen.findByRole('dialog', { name: 'Sync' })).toBeTruthy();
  });

  it('follows the sync status the core announces, down to "Sign in again"', async () => {
    answerShell();
    const { user } = renderApp(<App />);
    const bar = await screen.findByRole('banner');
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe(' Online'));

    act(() =>
      bridge().emit(
        'sync-status-changed',
        syncStatus({
          phase: 'signed-out',
          pending: 1,
          lastError: { type: 'unauthorized', message: 'The server refused the token' },
        }),
      ),
    );
    await user.click(await within(bar).findByRole('button', { name: 'Sign in again' }));

    expect(await screen.findByRole('dialog', { name: 'Connections' })).toBeTruthy();
  });
  it("shows only the current connection's status, never another's kept in the background", async () => {
    answerShell({ status: { reachability: 'unreachable', online: false, phase: 'offline' } });
    renderApp(<App />);
    const bar = await screen.findByRole('banner');
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe(' Offline'));

    // An event, and the query's notification after it (react-query batches on a timer).
    const announce = (status: Parameters<typeof syncStatus>[0]) =>
      act(async () => {
        bridge().emit('sync-status-changed', syncStatus(status));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    const shown = () => within(bar).getByRole('status').textContent;

    // Another connection's server answered (a project of it replicating): not this one's.
    await announce({ connectionId: 'con_office' });
    expect(shown()).toBe(' Offline');
    await announce({ connectionId: 'con_demo', pending: 2 });
    expect(shown()).toBe(' Online');
    expect(within(bar).getByRole('button', { name: '2 pending' })).toBeTruthy();
    await announce({ connectionId: 'con_office', reachability: 'unreachable', online: false });
    expect(shown()).toBe(' Online');
  });
});

describe('Shell: keyboard', () => {
  it('offers "Skip to main content" as the first tab stop, and it moves focus to the page', async () => {
    answerShell();
    const { user } = renderApp(<App />);
    await screen.findByRole('banner');

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');

    expect(document.activeElement).toBe(screen.getByRole('main'));
    // The route did not change: the link moved focus, it did not navigate.
    expect(window.location.hash).toBe('#/nowhere');
  });
});

describe('Shell: offline and start-up notices', () => {
  it('shows the offline banner with the last contact, and asks the server again on "Try now"', async () => {
    const offline = {
      online: false,
      reachability: 'unreachable' as const,
      phase: 'offline' as const,
      lastContactAt: null,
    };
    answerShell({ status: offline });
    const { user } = renderApp(<App />);

    const banner = await screen.findByText(/Demo workspace has not been reached yet/);
    expect(banner.closest('[role=status]')?.textContent).toContain(
      'Everything on this computer stays usable; edits are queued and sync when the connection returns.',
    );
    const probesBefore = bridge().callsOf('sync-probe').length;
    bridge().answer('sync-probe', syncStatus());
    await user.click(screen.getByRole('button', { name: 'Try now' }));

    await waitFor(() => expect(screen.queryByText(/has not been reached yet/)).toBeNull());
    expect(bridge().callsOf('sync-probe')).toHaveLength(probesBefore + 1);
  });

  it('keeps a start-up notice until it is dismissed, and not after a reload', async () => {
    const notice: CoreNotice = {
      id: 'notice_1',
      kind: 'cache-rebuilt',
      level: 'warning',
      title: 'The local cache was damaged and was rebuilt',
      message:
        '2 unsynced changes to 1 well were recovered and will sync. The damaged file was kept at /data/cache.db.unusable-1.',
      keptFile: '/data/cache.db.unusable-1',
    };
    answerShell({ notices: [notice] });
    const first = renderApp(<App />);

    const shown = await screen.findByText('The local cache was damaged and was rebuilt.');
    const banner = shown.closest('[data-testid=core-notice]') as HTMLElement;
    expect(within(banner).getByText('/data/cache.db.unusable-1').tagName).toBe('CODE');
    await first.user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('The local cache was damaged and was rebuilt.')).toBeNull();

    first.unmount();
    renderApp(<App />);
    await screen.findByRole('navigation', { name: 'Projects' });
    await screen.findByText('Permian North');
    expect(screen.queryByText('The local cache was damaged and was rebuilt.')).toBeNull();
  });
});

describe('Shell: sidebar', () => {
  it('lists the projects with their units and well counts and marks the one open', async () => {
    answerShell();
    window.location.hash = '#/projects/prj_montney/nowhere';
    renderApp(<App />);

    const nav = await screen.findByRole('navigation', { name: 'Projects' });
    const links = await within(nav).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Permian Northimperial140 wells',
      'Montney Albertametric1 well',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#/projects/prj_permian',
      '#/projects/prj_montney',
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page']);
  });

  it('shows what a finished download made available offline without a restart', async () => {
    answerShell();
    renderApp(<App />);
    const nav = await screen.findByRole('navigation', { name: 'Projects' });
    await within(nav).findByText('Permian North');
    expect(within(nav).queryByText(/^Offline:/)).toBeNull();

    bridge().answer(
      'projects-list',
      readResult([
        { ...PERMIAN, offline: { wellsCovered: 140, from: '2023-03-01', to: '2024-03-01' } },
        MONTNEY,
      ]),
    );
    act(() => bridge().emit('download-progress', finishedDownload()));

    expect((await within(nav).findByText(/^Offline:/)).textContent).toBe(
      'Offline: 140 of 140 wells, 2023-03-01 – 2024-03-01',
    );
  });

  it('opens "Keep on this computer" for the project on screen', async () => {
    answerShell();
    bridge().answer('offline-download-status', finishedDownload({ state: 'idle' }));
    window.location.hash = '#/projects/prj_montney/nowhere';
    const { user } = renderApp(<App />);

    await user.click(await screen.findByRole('button', { name: /Keep on this computer…/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Keep on this computer' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Project') as HTMLSelectElement).value).toBe(
        'prj_montney',
      ),
    );
  });
});

function finishedDownload(overrides: Partial<DownloadStatus> = {}): DownloadStatus {
  return {
    connectionId: 'con_demo',
    projectId: PERMIAN.id,
    state: 'done',
    from: '2023-03-01',
    to: '2024-03-01',
    done: 140,
    total: 140,
    alreadyCached: 0,
    failed: [],
    requestsDone: 143,
    requestsTotal: 143,
    records: 51_100,
    startedAt: '2024-03-01T09:00:00.000Z',
    finishedAt: '2024-03-01T09:01:00.000Z',
    etaMs: null,
    rateLimitedUntil: null,
    error: null,
    available: null,
    ...overrides,
  };
}
