import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReplicaStatus } from '#shared/desktop/index.js';
import { replicaStatus } from '../testing/fixtures.js';
import { bridge, renderApp } from '../testing/render.js';
import { ProjectReplicaState } from './ProjectReplicaState.js';

function renderHeader(status: ReplicaStatus) {
  bridge().answer('replica-status', status);
  return renderApp(<ProjectReplicaState projectId="prj_permian" />);
}

const line = () => screen.findByTestId('project-replica-text');

describe("Project header: the replica's state", () => {
  it('says when the project on this computer was last checked', async () => {
    const asOf = new Date(2024, 10, 28, 10, 42);
    renderHeader(replicaStatus({ state: 'current', phase: null, asOf: asOf.toISOString() }));

    const expected =
      asOf.toDateString() === new Date().toDateString()
        ? 'On this computer · as of 10:42'
        : /^On this computer · as of 28 Nov (2024 )?10:42$/;
    expect((await line()).textContent).toMatch(expected);
    expect(bridge().callsOf('replica-status')).toEqual([{ projectId: 'prj_permian' }]);
  });

  it('counts the wells while keeping it, live', async () => {
    renderHeader(replicaStatus());
    expect((await line()).textContent).toBe('Keeping on this computer: 61 of 141 wells');

    act(() => bridge().emit('replica-progress', replicaStatus({ wellsComplete: 100 })));
    await waitFor(async () =>
      expect((await line()).textContent).toBe('Keeping on this computer: 100 of 141 wells'),
    );
  });

  it('says Paused, and resumes', async () => {
    bridge().answer('replica-resume', replicaStatus());
    const { user } = renderHeader(replicaStatus({ state: 'paused', phase: null }));
    expect((await line()).textContent).toBe('Paused: 61 of 141 wells on this computer');

    await user.click(screen.getByRole('button', { name: 'Resume' }));

    expect(bridge().callsOf('replica-resume')).toEqual([
      { connectionId: 'con_demo', projectId: 'prj_permian' },
    ]);
    await waitFor(async () =>
      expect((await line()).textContent).toBe('Keeping on this computer: 61 of 141 wells'),
    );
  });

  it('offers to keep a project not kept, which pins it', async () => {
    bridge().answer('replica-pin', replicaStatus({ state: 'queued', phase: null, pinned: true }));
    const { user } = renderHeader(
      replicaStatus({ state: 'not-kept', phase: null, wellsComplete: 0 }),
    );
    expect((await line()).textContent).toBe('Not kept on this computer');

    await user.click(screen.getByRole('button', { name: 'Keep on this computer' }));

    expect(bridge().callsOf('replica-pin')).toEqual([
      { connectionId: 'con_demo', projectId: 'prj_permian', pinned: true },
    ]);
    const pinned = await screen.findByRole('checkbox', { name: 'Keep on this computer' });
    expect((pinned as HTMLInputElement).checked).toBe(true);
  });

  it('pins and unpins with the "Keep on this computer" switch', async () => {
    bridge().answer('replica-pin', (args) =>
      replicaStatus({ state: 'current', phase: null, pinned: args.pinned }),
    );
    const { user } = renderHeader(replicaStatus({ state: 'current', phase: null }));

    const pin = await screen.findByRole('checkbox', { name: 'Keep on this computer' });
    expect(pin.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(pin);
    await waitFor(() => expect((pin as HTMLInputElement).checked).toBe(true));
    await user.click(pin);

    await waitFor(() => expect(bridge().callsOf('replica-pin')).toHaveLength(2));
    expect(
      bridge()
        .callsOf('replica-pin')
        .map((args) => args.pinned),
    ).toEqual([true, false]);
  });
});
