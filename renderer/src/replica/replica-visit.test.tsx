import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDialog } from '../dialogs/open-dialog.js';
import { App } from '../shell/App.js';
import { projectView, readResult, replicaStatus, syncStatus } from '../testing/fixtures.js';
import { bridge, renderApp } from '../testing/render.js';

/** The shell on addresses inside a project that no page answers: only the frame renders. */
beforeEach(() => {
  closeDialog();
  window.location.hash = '#/projects/prj_permian/nowhere';
});

function answerShell() {
  bridge()
    .answer('connections-list', {
      connections: [],
      secretStorage: { encrypted: true, warning: null },
    })
    .answer('projects-list', readResult([projectView(), projectView({ id: 'prj_montney' })]))
    .answer('sync-status', syncStatus())
    .answer('sync-probe', syncStatus())
    .answer('core-notices', { notices: [] })
    .answer('replica-list', {
      projects: [],
      settings: { releaseAfterDays: 30, budgetBytes: 2 * 1024 ** 3 },
      totalBytes: 0,
    })
    .answer('replica-open', (args) =>
      replicaStatus({ projectId: args.projectId, state: 'queued', phase: null, wellsComplete: 0 }),
    );
}

const go = (hash: string) =>
  act(() => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });

describe('Opening a project keeps it on this computer', () => {
  it('opens the replica once per visit, whichever of its pages are seen', async () => {
    answerShell();
    renderApp(<App />);

    await waitFor(() =>
      expect(bridge().callsOf('replica-open')).toEqual([{ projectId: 'prj_permian' }]),
    );
    // Its replica shows in the status bar at once, from the reply.
    expect((await screen.findByTestId('replica-bar-text')).textContent).toBe(
      'Waiting to keep Permian Delaware Basin on this computer: 0 of 141 wells',
    );

    go('#/projects/prj_permian/elsewhere');
    go('#/projects/prj_permian/wells/w_1');
    await screen.findByTestId('replica-bar-text');
    expect(bridge().callsOf('replica-open')).toHaveLength(1);

    go('#/storage');
    go('#/projects/prj_permian/nowhere');
    await waitFor(() => expect(bridge().callsOf('replica-open')).toHaveLength(2));

    go('#/projects/prj_montney/nowhere');
    await waitFor(() =>
      expect(bridge().callsOf('replica-open')[2]).toEqual({ projectId: 'prj_montney' }),
    );
  });
});
