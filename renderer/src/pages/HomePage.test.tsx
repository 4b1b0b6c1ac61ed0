import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bridge, renderApp } from '../testing/render.js';
import { HomePage } from './HomePage.js';

describe('Home: a first start with no server', () => {
  it('says nothing is here yet and what to do, instead of "no projects"', async () => {
    bridge()
      .answer('projects-list', {
        type: 'offline',
        message:
          'The project list of "Acme" has not been downloaded yet, and the server cannot be reached.',
      })
      .answer('connections-list', {
        connections: [
          {
            id: 'con_1',
            name: 'Acme',
            baseUrl: 'https://pd.acme.example/api/v1',
            kind: 'organisation',
            createdAt: '2026-01-01T00:00:00.000Z',
            lastContactAt: null,
            isCurrent: true,
            hasToken: true,
          },
        ],
        secretStorage: { encrypted: true, warning: null },
      });
    const { user } = renderApp(<HomePage />);
    const page = await screen.findByTestId('first-start-offline');
    expect(within(page).getByRole('heading').textContent).toBe(
      'Nothing of this workspace is on this computer yet',
    );
    expect(await within(page).findByText(/Flowline cannot reach/)).toBeTruthy();
    expect(page.textContent).toContain('Acme (https://pd.acme.example/api/v1)');
    expect(page.textContent).toContain('Keep on this computer');
    expect(screen.queryByText('No projects in this workspace.')).toBeNull();

    const calls = bridge().callsOf('projects-list').length;
    await user.click(within(page).getByRole('button', { name: 'Try again' }));
    expect(bridge().callsOf('projects-list').length).toBe(calls + 1);
  });
});
