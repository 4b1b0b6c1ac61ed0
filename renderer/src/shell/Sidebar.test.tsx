import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../../shared/desktop/index.js';
import { bridge, renderApp } from '../testing/render.js';
import { Sidebar } from './Sidebar.js';

function project(id: string, name: string, wellCount: number | null): ProjectView {
  return {
    id,
    name,
    description: null,
    timezone: null,
    unitSystem: 'imperial',
    wellCount,
    createdAt: null,
    updatedAt: null,
    offline: { wellsCovered: 3, from: '2025-01-01', to: '2025-12-31' },
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
});
