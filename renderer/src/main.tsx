import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_STALE_MS } from './queries/stale-time.js';
import { App, restoreLastView } from './shell/App.js';
import './styles.css';

/**
 * networkMode 'always': the core, not the browser, decides what offline means (it answers
 * from its cache). No automatic retries: the core already retried against the server.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'always',
      retry: false,
      staleTime: DEFAULT_STALE_MS,
      refetchOnWindowFocus: false,
    },
    mutations: { networkMode: 'always' },
  },
});

restoreLastView();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
