import { act, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { replicaStatus } from '../testing/fixtures.js';
import { bridge, renderApp } from '../testing/render.js';
import { useReplicaVisit } from './use-replica.js';

function Visit() {
  useReplicaVisit();
  return null;
}

/** Renders the hook at `path`; `navigate` moves the app as a click on a link does. */
function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  renderApp(
    <Router hook={location.hook}>
      <Visit />
    </Router>,
  );
  return (to: string) => act(() => location.navigate(to));
}

describe('Opening a project keeps it on this computer', () => {
  it('tells the core once per visit to a project, whichever of its pages the person goes through', async () => {
    bridge().answer('replica-open', replicaStatus({ state: 'queued', phase: null }));
    const navigate = renderAt('/projects/prj_permian');
    await waitFor(() =>
      expect(bridge().callsOf('replica-open')).toEqual([{ projectId: 'prj_permian' }]),
    );

    navigate('/projects/prj_permian/wells/wel_1');
    navigate('/projects/prj_permian/map');
    navigate('/projects/prj_eagle');
    navigate('/storage');
    navigate('/projects/prj_permian');

    await waitFor(() =>
      expect(bridge().callsOf('replica-open')).toEqual([
        { projectId: 'prj_permian' },
        { projectId: 'prj_eagle' },
        { projectId: 'prj_permian' },
      ]),
    );
  });

  it('asks nothing outside a project', async () => {
    const navigate = renderAt('/storage');
    navigate('/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bridge().callsOf('replica-open')).toEqual([]);
  });
});
