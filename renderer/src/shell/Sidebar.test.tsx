import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectView } from '#shared/desktop/index.js';
import { bridge, renderApp } from '../testing/render.js';
import { useCoreEvents } from '../queries/use-core-events.js';
import { Sidebar } from './Sidebar.js';

function project(
  id: string,
  name: string,
  wellCount: number | null,
  wellsCovered = 3,
): ProjectView {
  return {
    id,
    name,
    description: null,
    timezone: null,
    unitSystem: 'imperial',
    wellCount,
    createdAt: null,
    updatedAt: null,
    offline: { wellsCovered, from: '2025-01-01', to: '2025-12-31' },
  };
}

describe('Sidebar', () => {
  it('says how many wells are offline, of how many where the server says', async () => {
    bridge().answer('projects-list', {
      data: [project('prj-1', 'Permian Basin', 40), project('prj-2', 'North Sea', null)],
      source: 'cache',
      stale: false,
      offline: false,
      fetchedAt: null,
    });
    renderApp(<Sidebar />);
    const [permian, northSea] = await screen.findAllByTestId('project-link');
    expect(permian?.textContent).toContain('40 wells');
    expect(permian?.textContent).toContain('Offline: 3 of 40 wells, 2025-01-01 – 2025-12-31');
    // No count from the server: "—" for the project, and no "3 of —".
    expect(northSea?.textContent).toContain('— wells');
    expect(northSea?.textContent).toContain('Offline: 3 wells, 2025-01-01 – 2025-12-31');
  });

  it('counts a well read for the first time (its days are now on this computer)', async () => {
    const answer = (wellsCovered: number) =>
      bridge().answer('projects-list', {
        data: [project('prj-1', 'Permian Basin', 40, wellsCovered)],
        source: 'cache',
        stale: false,
        offline: false,
        fetchedAt: null,
      });
    answer(1);
    function WithEvents() {
      useCoreEvents();
      return <Sidebar />;
    }
    renderApp(<WithEvents />);
    expect((await screen.findByTestId('project-offline')).textContent).toContain('1 of 40');
    answer(2);
    act(() =>
      bridge().emit('cache-changed', {
        connectionId: 'con-1',
        kind: 'production',
        projectId: 'prj-1',
        wellId: 'wel-2',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('project-offline').textContent).toContain('2 of 40'),
    );
  });
});
