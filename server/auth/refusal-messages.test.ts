/**
 * What a 401 says. "expired" and "revoked" come back only to a caller who sent the
 * real token, secret and all (tokens are looked up by their hash), so they help no
 * one guess a token; anything else that is not a token this server issued, however
 * close to a real one, gets the same "not valid".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, errorOf, type Harness } from '../testing/harness.js';

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** The same token with its last character replaced. */
const nearMiss = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

describe('401 messages', () => {
  it('tells "expired" or "revoked" only to the holder of the exact token; a near miss is "not valid" like any guess', async () => {
    h = await createHarness({ now: () => new Date('2031-01-01T00:00:00Z') });
    const expired = await h.store.tokens.create({
      user: 'eve',
      scopes: ['read:projects'],
      expires: '2030-01-01',
    });
    const revoked = await h.token('mallory');
    await h.store.tokens.revoke(revoked);
    const message = async (token: string) =>
      errorOf(await h.call('GET', '/api/v1/projects', { token })).message;

    expect(await message(expired)).toBe('The token has expired; ask for a new one');
    expect(await message(revoked)).toBe('The token has been revoked; ask for a new one');
    const guesses = [
      nearMiss(expired),
      nearMiss(revoked),
      expired.toUpperCase(),
      `${expired}x`,
      'flw_guess',
    ];
    for (const guess of guesses) expect(await message(guess), guess).toBe('The token is not valid');
  });
});
