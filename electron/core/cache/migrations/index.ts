import { sql as initial } from './0001-initial.js';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Append-only. Each id is applied once, in order, inside one transaction. */
export const CACHE_MIGRATIONS: readonly Migration[] = [{ id: 1, name: 'initial', sql: initial }];
