/** The renderer ⇄ core contract: handler table, argument schemas, events, errors, sync states. */
export * from './base-url.js';
export * from './common-args.js';
export * from './connections.js';
export * from './edits.js';
export * from './errors.js';
export * from './events.js';
export * from './files.js';
export * from './handler-table.js';
export * from './imports.js';
export * from './notices.js';
export * from './outbox-detail.js';
export * from './production.js';
export * from './read-result.js';
export * from './reads.js';
export * from './sync-states.js';
export * from './sync.js';
export * from './bridge.js';
