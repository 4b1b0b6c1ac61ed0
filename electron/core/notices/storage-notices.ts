import type { CoreNotice } from '#shared/desktop/index.js';

/** The disk filled up before or while the core started; the cache file is open. */
export const DISK_FULL_AT_START: CoreNotice = {
  id: 'disk-full',
  kind: 'disk-full',
  level: 'error',
  title: 'The disk is full',
  message:
    'Flowline started and shows what is on this computer, but changes cannot be saved until you free space on the disk; then try again.',
};

/** The cache file could not be opened without writing: an empty cache in memory instead. */
export const READ_ONLY_AT_START: CoreNotice = {
  id: 'cache-read-only',
  kind: 'cache-read-only',
  level: 'error',
  title: 'The disk is full: Flowline opened read-only',
  message:
    'Its local cache could not be opened, so data comes from the server when it can be reached, and changes cannot be saved. Free space on the disk, then restart Flowline.',
};
