/**
 * A small seeded PRNG for the demo dataset. Math.random cannot be seeded, and
 * the demo must come out identical on every machine and every run so that a
 * screenshot, a test or a bug report can refer to "well 17 on 2021-03-04".
 */

/** murmur3's 32-bit finaliser: spreads every input bit over the whole word. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * One 32-bit seed from several integers (dataset seed, well index, stream id).
 * Neighbouring inputs (well 7 and well 8) give unrelated streams.
 */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    // Both halves of a safe integer, so seeds above 2^32 still differ.
    const low = part >>> 0;
    const high = Math.floor(part / 4294967296) >>> 0;
    h = fmix32(h ^ low) + 0x6d2b79f5;
    h = fmix32(h ^ high);
  }
  return h;
}

/** mulberry32 (Tommy Ettinger): tiny, fast and good enough for synthetic data. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(items.length * this.next())] as T;
  }

  /**
   * Approximately standard normal: the sum of three uniforms, rescaled. Unlike
   * Box–Muller it is bounded (±3), so a multiplicative noise factor such as
   * 1 + 0.05 × gauss() can never turn a rate negative; and it is cheap, which
   * counts at several draws per record and a million records.
   */
  gauss(): number {
    return (this.next() + this.next() + this.next() - 1.5) * 2;
  }

  /** In-place Fisher–Yates shuffle. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor((i + 1) * this.next());
      const swap = items[i] as T;
      items[i] = items[j] as T;
      items[j] = swap;
    }
    return items;
  }
}
