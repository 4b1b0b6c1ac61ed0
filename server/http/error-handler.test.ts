import { SqliteError } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { toApiError } from './error-handler.js';

describe('toApiError', () => {
  it('turns storage that is busy or unavailable into 503 UNAVAILABLE with Retry-After', () => {
    for (const code of [
      'SQLITE_BUSY',
      'SQLITE_LOCKED',
      'SQLITE_FULL',
      'SQLITE_IOERR_WRITE',
      'SQLITE_READONLY',
    ]) {
      const error = toApiError(new SqliteError('database is locked', code));
      expect(error).toMatchObject({ code: 'UNAVAILABLE', status: 503 });
      expect(error.headers['Retry-After']).toBe('2');
    }
  });

  it('keeps ApiErrors and hides everything else behind INTERNAL_ERROR', () => {
    const mine = new ApiError('CONFLICT', 'taken');
    expect(toApiError(mine)).toBe(mine);
    const internal = toApiError(
      new TypeError("Cannot read properties of undefined (reading 'seq')"),
    );
    expect(internal).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
    expect(internal.message).not.toMatch(/seq|undefined/);
    expect(toApiError(new SqliteError('no such table: x', 'SQLITE_ERROR')).code).toBe(
      'INTERNAL_ERROR',
    );
  });
});
