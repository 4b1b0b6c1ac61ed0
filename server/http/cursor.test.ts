import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { CursorCodec } from './cursor.js';

describe('CursorCodec', () => {
  const codec = new CursorCodec('secret');

  it('round-trips a position for the same binding', () => {
    const cursor = codec.encode('wells:p1', { nameKey: 'alpha', id: 'wel_1' });
    expect(codec.decode('wells:p1', cursor)).toEqual({ nameKey: 'alpha', id: 'wel_1' });
    expect(cursor).not.toContain('alpha');
  });

  it('refuses a cursor used with other filters, tampered, truncated or from another server', () => {
    const cursor = codec.encode('wells:p1', { id: 'x' });
    const attempts = [
      () => codec.decode('wells:p2', cursor),
      () => codec.decode('wells:p1', `${cursor.slice(0, 5)}A${cursor.slice(6)}`),
      () => codec.decode('wells:p1', cursor.slice(0, -3)),
      () => codec.decode('wells:p1', 'garbage'),
      () => codec.decode('wells:p1', `${cursor}.extra`),
      () => new CursorCodec('other').decode('wells:p1', cursor),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow(ApiError);
      try {
        attempt();
      } catch (error) {
        expect((error as ApiError).details?.[0]?.path).toBe('query.cursor');
      }
    }
  });
});
