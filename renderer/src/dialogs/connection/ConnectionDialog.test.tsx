import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConnectionSummary, SyncStatus } from '#shared/desktop/index.js';
import { bridge, renderApp } from '../../testing/render.js';
import { ConnectionDialog } from './ConnectionDialog.js';

const DEMO: ConnectionSummary = {
  id: 'con_demo',
  name: 'Demo workspace',
  baseUrl: 'http://127.0.0.1:4010/api/v1',
  kind: 'demo',
  createdAt: '2024-01-01T00:00:00.000Z',
  lastContactAt: '2024-01-02T00:00:00.000Z',
  isCurrent: true,
  hasToken: true,
};
const ACME: ConnectionSummary = {
  ...DEMO,
  id: 'con_acme',
  name: 'Acme Production',
  baseUrl: 'https://api.acme.example/api/v1',
  kind: 'organisation',
};

function status(overrides: Partial<SyncStatus> = {}): SyncStatus {
  return {
    connectionId: 'con_acme',
    phase: 'idle',
    online: true,
    reachability: 'reachable',
    lastSyncAt: null,
    lastContactAt: '2024-03-01T09:30:00.000Z',
    pending: 0,
    syncing: 0,
    errors: 0,
    conflicts: 0,
    nextAttemptAt: null,
    lastError: null,
    ...overrides,
  } as SyncStatus;
}

function connections(list: ConnectionSummary[]) {
  bridge().answer('connections-list', {
    connections: list,
    secretStorage: { encrypted: true, warning: null },
  });
}

describe('Connections dialog: adding a connection', () => {
  it('opens on the form with only the demo workspace, tests the typed address and token and says what the server answered', async () => {
    connections([DEMO]);
    bridge()
      .answer('sync-status', status({ connectionId: 'con_demo' }))
      .answer('connections-test', {
        ok: true,
        baseUrl: 'https://api.acme.example/api/v1',
        projectCount: 3,
        latencyMs: 42,
      });
    const { user } = renderApp(<ConnectionDialog />);

    const dialog = await screen.findByRole('dialog', { name: 'Connections' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Connect to your organisation' }),
    ).toBeTruthy();
    const test = within(dialog).getByRole('button', { name: 'Test' });
    expect((test as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(dialog).getByLabelText('API address'), 'https://api.acme.example');
    await user.type(within(dialog).getByLabelText('API token'), '  fl_secret_token ');
    await user.click(test);

    expect((await screen.findByRole('status')).textContent).toContain(
      'Connected: the token can see 3 projects.',
    );
    expect(bridge().callsOf('connections-test')).toEqual([
      { baseUrl: 'https://api.acme.example', token: 'fl_secret_token' },
    ]);
  });

  it('shows a refused token as the 401 it is, with what to do, and saves nothing', async () => {
    connections([DEMO]);
    bridge()
      .answer('sync-status', status({ connectionId: 'con_demo' }))
      .answer('connections-add', {
        type: 'unauthorized',
        message: 'The server refused the token',
        details: { status: 401, code: 'unauthorized', requestId: 'req_9' },
      });
    const { user } = renderApp(<ConnectionDialog />);

    await user.type(await screen.findByLabelText('API address'), 'https://api.acme.example');
    await user.type(screen.getByLabelText('API token'), 'revoked');
    await user.click(screen.getByRole('button', { name: 'Save and connect' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The token was refused (401)');
    expect(alert.textContent).toContain('ask your administrator for a new one');
    expect(alert.textContent).toContain('req_9');
    expect(screen.getByRole('dialog', { name: 'Connections' })).toBeTruthy();
  });

  it('refuses an address that is not a web address before sending anything', async () => {
    connections([DEMO]);
    bridge().answer('sync-status', status({ connectionId: 'con_demo' }));
    const { user } = renderApp(<ConnectionDialog />);

    await user.type(await screen.findByLabelText('API address'), 'not a url');
    await user.type(screen.getByLabelText('API token'), 'token');
    await user.click(screen.getByRole('button', { name: 'Test' }));

    expect((await screen.findByRole('alert')).textContent).toMatch(/address/i);
    expect(bridge().callsOf('connections-test')).toEqual([]);
  });
});

describe('Connections dialog: sign in again', () => {
  it('asks for a new token when the server refused the saved one, keeping the pending changes', async () => {
    connections(
      [DEMO, { ...ACME, isCurrent: true }].map((c) => ({ ...c, isCurrent: c.id === 'con_acme' })),
    );
    bridge()
      .answer(
        'sync-status',
        status({
          phase: 'signed-out',
          pending: 4,
          lastError: { type: 'unauthorized', message: 'The server refused the token' },
        }),
      )
      .answer('connections-set-token', { connectionId: 'con_acme' } as never);
    const { user } = renderApp(<ConnectionDialog />);

    const section = await screen.findByRole('region', { name: 'Sign in again to Acme Production' });
    expect(section.textContent).toContain('it has expired or was revoked');
    expect(section.textContent).toContain('4 pending changes stay queued here');

    const save = within(section).getByRole('button', { name: 'Save token' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(section).getByLabelText('New API token'), 'fl_new_token');
    await user.click(save);

    await waitFor(() =>
      expect(bridge().callsOf('connections-set-token')).toEqual([
        { connectionId: 'con_acme', token: 'fl_new_token' },
      ]),
    );
  });

  it('says why a new token was refused and keeps the form', async () => {
    connections([{ ...ACME, isCurrent: true, hasToken: false }]);
    bridge()
      .answer('sync-status', status())
      .answer('connections-set-token', {
        type: 'unauthorized',
        message: 'The server refused the token',
        details: { status: 401, code: 'unauthorized' },
      });
    const { user } = renderApp(<ConnectionDialog />);

    const section = await screen.findByRole('region', { name: 'Sign in again to Acme Production' });
    expect(section.textContent).toContain(
      'No token is saved for this connection on this computer.',
    );
    await user.type(within(section).getByLabelText('New API token'), 'still-wrong{Enter}');

    expect((await within(section).findByRole('alert')).textContent).toContain(
      'The token was refused (401)',
    );
    expect(within(section).getByLabelText('New API token')).toBeTruthy();
  });
});
