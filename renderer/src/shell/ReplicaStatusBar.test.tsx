import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReplicaStatus } from '#shared/desktop/index.js';
import { replicaStatus } from '../testing/fixtures.js';
import { bridge, renderApp } from '../testing/render.js';
import { ReplicaStatusBar } from './ReplicaStatusBar.js';

const SETTINGS = { releaseAfterDays: 30, budgetBytes: 2 * 1024 ** 3 };
const ARGS = { connectionId: 'con_demo', projectId: 'prj_permian' };

function renderBar(projects: ReplicaStatus[]) {
  bridge().answer('replica-list', { projects, settings: SETTINGS, totalBytes: 0 });
  return renderApp(<ReplicaStatusBar />);
}

const barText = () => screen.findByTestId('replica-bar-text');

describe('Status bar: what is being kept', () => {
  it('counts the whole wells with a progress bar, and follows the progress events', async () => {
    renderBar([replicaStatus()]);

    expect((await barText()).textContent).toBe(
      'Keeping Permian Delaware Basin on this computer: 61 of 141 wells',
    );
    const bar = screen.getByRole('progressbar', { name: 'Wells on this computer' });
    expect(bar.getAttribute('aria-valuenow')).toBe('61');
    expect(bar.getAttribute('aria-valuemax')).toBe('141');
    expect(screen.getByText('Keeping Permian Delaware Basin on this computer.')).toBeTruthy();

    act(() => bridge().emit('replica-progress', replicaStatus({ wellsComplete: 62 })));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('62'));
  });

  it('counts recent days first, and says when the rate limit holds it back', async () => {
    const until = new Date();
    until.setHours(10, 42, 0, 0);
    renderBar([
      replicaStatus({
        phase: 'recent',
        wellsRecent: 90,
        wellsComplete: 0,
        rateLimitedUntil: until.toISOString(),
      }),
    ]);

    expect((await barText()).textContent).toBe(
      'Keeping Permian Delaware Basin on this computer: recent days: 90 of 141 wells',
    );
    expect(screen.getByTestId('replica-bar-rate').textContent).toBe('Rate limited until 10:42');
  });

  it('shows nothing while every project is current from the start', async () => {
    renderBar([replicaStatus({ state: 'current', phase: null, asOf: new Date().toISOString() })]);
    await waitFor(() => expect(bridge().callsOf('replica-list')).toHaveLength(1));
    expect(screen.queryByTestId('replica-bar-text')).toBeNull();
  });

  it('says quietly when the project it was keeping becomes current', async () => {
    renderBar([replicaStatus()]);
    await barText();
    const asOf = new Date();
    asOf.setHours(10, 42, 0, 0);

    act(() =>
      bridge().emit(
        'replica-progress',
        replicaStatus({
          state: 'current',
          phase: null,
          wellsComplete: 141,
          asOf: asOf.toISOString(),
        }),
      ),
    );

    await waitFor(async () =>
      expect((await barText()).textContent).toBe(
        'Permian Delaware Basin on this computer, as of 10:42',
      ),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });
});

describe('Status bar: pause, resume and cancel', () => {
  it('pauses, then resumes, the project it shows', async () => {
    bridge()
      .answer('replica-pause', replicaStatus({ state: 'paused', phase: null }))
      .answer('replica-resume', replicaStatus());
    const { user } = renderBar([replicaStatus()]);

    await user.click(await screen.findByRole('button', { name: 'Pause' }));

    expect(bridge().callsOf('replica-pause')).toEqual([ARGS]);
    await waitFor(async () =>
      expect((await barText()).textContent).toBe(
        'Paused keeping Permian Delaware Basin on this computer: 61 of 141 wells',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(bridge().callsOf('replica-resume')).toEqual([ARGS]);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('asks before it stops keeping the project, and goes on if told so', async () => {
    bridge().answer('replica-cancel', replicaStatus({ state: 'not-kept', phase: null }));
    const { user } = renderBar([replicaStatus()]);

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const ask = screen.getByRole('group', { name: 'Stop keeping this project' });
    expect(ask.textContent).toContain('Stop keeping this project? Days already here stay.');
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Go on' }));
    await user.click(within(ask).getByRole('button', { name: 'Go on' }));
    expect(bridge().callsOf('replica-cancel')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Stop keeping' }));

    expect(bridge().callsOf('replica-cancel')).toEqual([ARGS]);
    await waitFor(() => expect(screen.queryByTestId('replica-bar-text')).toBeNull());
  });

  it('keeps a reply that an event overtook from putting the count back', async () => {
    // The core emits the run's progress before its reply to the resume gets here.
    bridge().answer('replica-resume', () => {
      bridge().emit('replica-progress', replicaStatus({ wellsComplete: 64 }));
      return replicaStatus({ state: 'queued', phase: null, wellsComplete: 61 });
    });
    const { user } = renderBar([replicaStatus({ state: 'paused', phase: null })]);

    await user.click(await screen.findByRole('button', { name: 'Resume' }));

    await waitFor(async () =>
      expect((await barText()).textContent).toBe(
        'Keeping Permian Delaware Basin on this computer: 64 of 141 wells',
      ),
    );
  });
});
