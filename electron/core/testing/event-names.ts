import type { CoreEventName } from '../../../shared/desktop/index.js';

/** Every event of the contract, for tests that listen to all of them. */
export const CORE_EVENT_NAMES = [
  'cache-changed',
  'outbox-changed',
  'sync-status-changed',
  'download-progress',
  'quality-progress',
] as const satisfies readonly CoreEventName[];
