import { describe, expect, it } from 'vitest';
import { hostAnswer } from './web-bridge.js';

describe('hostAnswer: the browser host answered without a reply', () => {
  it.each([403, 413, 415, 401, 405])('%i is a refusal carrying the host’s reason', (status) => {
    expect(hostAnswer(status, 'Unsupported media type: the body must be JSON.\n')).toEqual({
      ok: false,
      error: {
        type: 'refused',
        message: `The Flowline host refused the request (${status}): Unsupported media type: the body must be JSON.`,
        details: { status },
      },
    });
  });

  it('a failure of the host itself is internal, never offline', () => {
    expect(hostAnswer(500, 'Internal error')).toMatchObject({
      ok: false,
      error: { type: 'internal', message: 'The Flowline host failed (500): Internal error' },
    });
  });

  it('names the status when the host gave no reason', () => {
    expect(hostAnswer(413, '')).toMatchObject({
      error: { message: 'The Flowline host refused the request (413): HTTP 413' },
    });
  });
});
