import { describe, expect, it } from 'vitest';
import { WellFetchLock } from './well-fetch-lock.js';

/** Fetches of one well take turns; other wells do not wait; a failure releases the turn. */

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('WellFetchLock', () => {
  it('runs fetches of one well one after another, in the order asked', async () => {
    const lock = new WellFetchLock();
    const order: string[] = [];
    const first = deferred();
    const a = lock.run('c', 'w1', async () => {
      order.push('a starts');
      await first.promise;
      order.push('a ends');
    });
    const b = lock.run('c', 'w1', async () => {
      order.push('b runs');
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a starts']);
    first.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a starts', 'a ends', 'b runs']);
    expect(lock.size).toBe(0);
  });

  it('lets another well, or the same well of another connection, go at once', async () => {
    const lock = new WellFetchLock();
    const held = deferred();
    const ran: string[] = [];
    const a = lock.run('c', 'w1', () => held.promise);
    await lock.run('c', 'w2', async () => ran.push('w2'));
    await lock.run('other', 'w1', async () => ran.push('other w1'));
    expect(ran).toEqual(['w2', 'other w1']);
    held.resolve();
    await a;
  });

  it('gives the turn on when a fetch fails, and passes the failure to its caller', async () => {
    const lock = new WellFetchLock();
    const failed = lock.run('c', 'w1', () => Promise.reject(new Error('offline')));
    const next = lock.run('c', 'w1', async () => 'fetched');
    await expect(failed).rejects.toThrow('offline');
    await expect(next).resolves.toBe('fetched');
    expect(lock.size).toBe(0);
  });
});
