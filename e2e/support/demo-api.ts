import { ApiClient } from '../../shared/client/index.js';
import { newDemoToken } from './demo-tokens.js';

/**
 * A second client of the embedded demo server, as a colleague's laptop or a script
 * would be: its own token for the demo user, written into the demo database (the server
 * looks tokens up there), and the shared ApiClient. Tests use it to check what reached
 * the server and to change data behind the app's back.
 */
export function demoApiClient(dataDir: string, baseUrl: string): ApiClient {
  return new ApiClient({ baseUrl, token: newDemoToken(dataDir), retry: { maxAttempts: 1 } });
}
