import { ApiError } from '../http/api-error.js';

/** How many CSV imports may run at once in this server process. */
export interface ImportLimits {
  /** At once for one token. */
  perToken: number;
  /** At once in this process, all tokens together. */
  perServer: number;
  /** The Retry-After of the 429 for an import over either limit. */
  retryAfterSeconds: number;
}

/**
 * One import per token, two per process: each one parses up to 64 MiB and writes up to
 * 500,000 rows, so two at once already keep both of a small server's cores busy, while reads
 * are still answered between their batches.
 */
export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  perToken: 1,
  perServer: 2,
  retryAfterSeconds: 10,
};

/** What is wrong with `limits`, or null. */
export function importLimitsProblem(limits: ImportLimits): string | null {
  for (const name of ['perToken', 'perServer', 'retryAfterSeconds'] as const) {
    const value = limits[name];
    if (!Number.isSafeInteger(value) || value < 1) {
      return `imports.${name} must be a whole number ≥ 1, got ${String(value)}`;
    }
  }
  return null;
}

/**
 * The imports running in this process, counted per token and in all. An import takes a slot
 * before it reads its body and gives it back when its work has stopped (written, refused,
 * failed or abandoned by its client), so the count is what actually runs.
 */
export class ImportSlots {
  private readonly perKey = new Map<string, number>();
  private running = 0;

  constructor(readonly limits: ImportLimits = DEFAULT_IMPORT_LIMITS) {
    const problem = importLimitsProblem(limits);
    if (problem) throw new Error(`Import limits: ${problem}`);
  }

  /** Imports running now. */
  get active(): number {
    return this.running;
  }

  /**
   * Takes a slot for `key` (the token), returning the function that gives it back (once, however
   * often it is called); a RATE_LIMITED ApiError with Retry-After when either limit is reached.
   */
  take(key: string): () => void {
    const mine = this.perKey.get(key) ?? 0;
    if (mine >= this.limits.perToken || this.running >= this.limits.perServer) {
      const retryAfter = String(this.limits.retryAfterSeconds);
      const limit =
        mine >= this.limits.perToken
          ? `${this.limits.perToken} at a time per token`
          : `${this.limits.perServer} at a time on this server`;
      throw new ApiError(
        'RATE_LIMITED',
        `Too many CSV imports running (${limit}); retry after ${retryAfter} s`,
        undefined,
        { 'Retry-After': retryAfter },
      );
    }
    this.perKey.set(key, mine + 1);
    this.running++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running--;
      const left = (this.perKey.get(key) ?? 1) - 1;
      if (left === 0) this.perKey.delete(key);
      else this.perKey.set(key, left);
    };
  }
}
