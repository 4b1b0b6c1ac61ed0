import type { CursorCodec } from '../http/cursor.js';
import type { Store } from '../store/store.js';

/** What every route needs, built once per app and handed to each route plugin. */
export interface RouteDeps {
  store: Store;
  projects: Store['projects'];
  wells: Store['wells'];
  production: Store['production'];
  cursors: CursorCodec;
  now: () => Date;
}
