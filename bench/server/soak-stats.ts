import type { Kind } from './soak-workload.js';

/**
 * What the soak counts: responses by status class, transport failures, and
 * latency per request kind, plus the slowest requests with when they started,
 * so a long tail can be pinned on a request type and a moment (warm-up, a
 * checkpoint…) rather than guessed at.
 */

export interface Slow {
  kind: Kind;
  /** Milliseconds after the soak started. */
  startedAtMs: number;
  ms: number;
}

const KINDS: readonly Kind[] = ['productionGet', 'wellsList', 'projectGet', 'productionPost'];

export class SoakStats {
  requests = 0;
  s2xx = 0;
  s4xx = 0;
  s5xx = 0;
  otherStatus = 0;
  errors = 0;
  timeouts = 0;
  /** The first few non-2xx responses or failures, so a red run explains itself. */
  readonly samples: string[] = [];
  readonly slowest: Slow[] = [];
  private readonly latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  private readonly origin = performance.now();

  response(kind: Kind, status: number, startedAt: number): void {
    const ms = performance.now() - startedAt;
    this.requests++;
    this.latencies.get(kind)!.push(ms);
    if (status >= 200 && status < 300) this.s2xx++;
    else if (status >= 400 && status < 500) this.s4xx++;
    else if (status >= 500) this.s5xx++;
    else this.otherStatus++;
    this.slowest.push({
      kind,
      startedAtMs: Math.round(startedAt - this.origin),
      ms: Math.round(ms),
    });
    this.slowest.sort((a, b) => b.ms - a.ms).splice(3);
  }

  failure(timedOut: boolean): void {
    this.requests++;
    if (timedOut) this.timeouts++;
    else this.errors++;
  }

  note(sample: string): void {
    if (this.samples.length < 5) this.samples.push(sample);
  }

  counts() {
    const { requests, s2xx, s4xx, s5xx, otherStatus, errors, timeouts } = this;
    return { requests, s2xx, s4xx, s5xx, otherStatus, errors, timeouts };
  }

  /** p50/p99/max per kind, and over all requests. */
  latency(): Record<Kind | 'all', { count: number; p50Ms: number; p99Ms: number; maxMs: number }> {
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        count: sorted.length,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? 0,
      };
    };
    const byKind = Object.fromEntries(
      KINDS.map((kind) => [kind, summary(this.latencies.get(kind)!)]),
    );
    return { ...byKind, all: summary([...this.latencies.values()].flat()) } as ReturnType<
      SoakStats['latency']
    >;
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
