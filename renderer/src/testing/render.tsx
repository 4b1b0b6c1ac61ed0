import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { FakeBridge } from './fake-bridge.js';

/** The fake bridge dom-setup.ts installed as `window.flowline`. */
export function bridge(): FakeBridge {
  if (!(window.flowline instanceof FakeBridge)) throw new Error('dom-setup.ts did not run');
  return window.flowline;
}

/** Renders `ui` with the app's query settings (renderer/src/main.tsx) and a user to drive it. */
export function renderApp(
  ui: ReactElement,
): RenderResult & { user: ReturnType<typeof userEvent.setup> } {
  const client = new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'always', retry: false, refetchOnWindowFocus: false },
      mutations: { networkMode: 'always' },
    },
  });
  const user = userEvent.setup();
  return { user, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
