import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from './api-error.js';

/**
 * Opaque keyset cursors: the last item's sort key, bound to the query's filters
 * and signed, so a tampered cursor or one reused with other filters is a 400.
 */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode(binding: string, position: unknown): string {
    const payload = Buffer.from(JSON.stringify({ b: digest(binding), p: position })).toString(
      'base64url',
    );
    return `${payload}.${this.sign(payload)}`;
  }

  /** The position stored in the cursor; throws a VALIDATION_ERROR on query.cursor otherwise. */
  decode(binding: string, cursor: string): unknown {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined || !this.verify(payload, signature)) {
      throw invalidCursor('is not a cursor this server issued (it may have been altered)');
    }
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      b: string;
      p: unknown;
    };
    if (parsed.b !== digest(binding)) {
      throw invalidCursor('belongs to a query with other filters; start again without a cursor');
    }
    return parsed.p;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 32);
  }

  private verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

function digest(binding: string): string {
  return createHash('sha256').update(binding).digest('base64url').slice(0, 16);
}

function invalidCursor(reason: string): ApiError {
  return new ApiError('VALIDATION_ERROR', `Invalid cursor: it ${reason}`, [
    { path: 'query.cursor', message: reason },
  ]);
}
