import type { QueryClient } from '@tanstack/react-query';

/**
 * After the current connection changed: everything cached belongs to the old one, so it is
 * dropped before the view goes home. Going home first would let the home page redirect to
 * the old workspace's first project from the old, still-cached project list (and the page
 * would then say that project "no longer exists"). Dropped, not invalidated: an invalidated
 * query still shows its old data while it refetches.
 */
export async function enterConnection(client: QueryClient, goHome: () => void): Promise<void> {
  await client.cancelQueries();
  client.removeQueries();
  goHome();
}
