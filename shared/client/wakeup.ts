import { abortErrorFrom } from './api-call-error.js';
import { boundedDelay } from './retry-policy.js';
import type { Sleep } from './transport.js';

/**
 * Cuts every current wait short without failing it: how "try now" reaches
 * requests already sleeping before a retry or in the limiter's queue. Plain
 * callbacks, not one shared AbortSignal: a hundred queued requests would put a
 * hundred listeners on it (and Node warns past ten).
 */
export class Wakeup {
  private readonly sleepers = new Set<() => void>();

  fire(): void {
    const woken = [...this.sleepers];
    this.sleepers.clear();
    for (const wake of woken) wake();
  }

  /** `wake` runs at the next fire; the returned function unregisters it. */
  register(wake: () => void): () => void {
    this.sleepers.add(wake);
    return () => this.sleepers.delete(wake);
  }
}

/**
 * Sleeps `ms` (bounded, so no timer overflows) unless the caller aborts
 * (rejects with an AbortError, as sleep does) or `wakeup` fires (resolves
 * early, with true).
 */
export async function sleepUnlessWoken(
  sleep: Sleep,
  ms: number,
  signal: AbortSignal | undefined,
  wakeup: Wakeup,
): Promise<boolean> {
  if (signal?.aborted) throw abortErrorFrom(signal);
  const controller = new AbortController();
  let woken = false;
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const unregister = wakeup.register(() => {
    woken = true;
    controller.abort();
  });
  try {
    await sleep(boundedDelay(ms), controller.signal);
    return false;
  } catch (error) {
    if (woken && !signal?.aborted) return true;
    throw error;
  } finally {
    unregister();
    signal?.removeEventListener('abort', onAbort);
  }
}
