/** The desktop core: plain Node, no Electron. Hosts call createCore and relay its handlers and events. */
export { CACHE_FILE_NAME, createCore, type Core, type CoreOptions } from './create-core.js';
export type { DefaultConnection } from './connections/default-connection.js';
export { FILE_SECRET_STORE_WARNING, FileSecretStore, type SecretStore } from './secret-store.js';
export type { CoreLogEntry, CoreLogger } from './core-errors.js';
export type { CacheOpenReport, MovedAside } from './cache/open-cache.js';
export type { ClientTuning } from './client-pool.js';
export type { SyncTuning } from './sync/sync-engine.js';
