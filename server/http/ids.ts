import { randomBytes } from 'node:crypto';

/** Opaque, unguessable ids with a type prefix: `prj_…`, `wel_…`, `evt_…` (128 random bits). */
export function newId(prefix: 'prj' | 'wel' | 'evt'): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}
