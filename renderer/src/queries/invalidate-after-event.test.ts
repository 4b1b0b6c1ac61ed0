import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterEvent } from './invalidate-after-event.js';

/** A screen showing ['outbox']: an observer whose reads wait until released. */
function screen(client: QueryClient, cache: { version: number }) {
  let reads = 0;
  const release: Array<() => void> = [];
  const observer = new QueryObserver(client, {
    queryKey: ['outbox'],
    queryFn: async () => {
      reads++;
      const seen = cache.version; // what the cache held when this read began
      await new Promise<void>((resolve) => release.push(resolve));
      return seen;
    },
  });
  const stop = observer.subscribe(() => undefined);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { reads: () => reads, release: () => release.shift()?.(), settle, stop };
}

describe('invalidateAfterEvent', () => {
  it('reads again a first read that was in flight when the event came', async () => {
    const client = new QueryClient();
    const cache = { version: 0 };
    const view = screen(client, cache);
    cache.version = 1; // the change the event announces, after the first read began
    const done = invalidateAfterEvent(client, ['outbox']);
    view.release();
    await view.settle();
    view.release();
    await done;
    expect(view.reads()).toBe(2);
    expect(client.getQueryData(['outbox'])).toBe(1);
    view.stop();
  });

  it('adds no read when the screen already had data (react-query restarts that read)', async () => {
    const client = new QueryClient();
    const cache = { version: 0 };
    const view = screen(client, cache);
    view.release();
    await view.settle();
    expect(client.getQueryData(['outbox'])).toBe(0);
    cache.version = 1;
    const done = invalidateAfterEvent(client, ['outbox']);
    await view.settle();
    view.release();
    await done;
    expect(view.reads()).toBe(2);
    expect(client.getQueryData(['outbox'])).toBe(1);
    view.stop();
  });

  it('lets a read in flight finish however many events arrive, then reads once more', async () => {
    const client = new QueryClient();
    const cache = { version: 0 };
    const view = screen(client, cache);
    view.release();
    await view.settle();
    // A second read is in flight when a burst of events arrives (a project replicating).
    const first = invalidateAfterEvent(client, ['outbox']);
    await view.settle();
    const burst: Array<Promise<void>> = [];
    for (let event = 1; event <= 5; event++) {
      cache.version = event;
      burst.push(invalidateAfterEvent(client, ['outbox']));
    }
    view.release(); // the read begun before the burst finishes: it is not restarted
    await view.settle();
    expect(view.reads()).toBe(3);
    view.release();
    await Promise.all([first, ...burst]);
    expect(view.reads()).toBe(3);
    expect(client.getQueryData(['outbox'])).toBe(5);
    view.stop();
  });
});
