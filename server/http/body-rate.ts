import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The slowest a request body may arrive. A total timeout cannot tell a trickle (a byte
 * every few seconds, holding a connection and a half-read body) from an honest upload
 * over a poor field link (a 7 MB CSV at 30 KB/s takes four minutes); the rate can.
 * After the grace, a body whose average over the last window is below the minimum is
 * answered 408 and its connection closed; a body that keeps the rate may take as long
 * as it needs, whatever the request timeout (the body limits bound how long that is).
 */
export interface BodyRate {
  /** Bytes per second, averaged over the window; 0 turns the check off (the request timeout is then a plain total again). */
  minBytesPerSecond: number;
  /** The span the average is taken over (the whole body so far while it is younger than this). */
  windowMs: number;
  /** How long a body may take to get going before its rate is checked: radios waking, TCP slow start. */
  graceMs: number;
}

/**
 * 1 KiB/s is a thirtieth of a poor field link and a thousand times a byte every two
 * seconds. Ten seconds of average smooths a link's stalls and retransmits; ten of grace
 * covers a client that reads its file while it starts sending.
 */
export const DEFAULT_BODY_RATE: BodyRate = {
  minBytesPerSecond: 1024,
  windowMs: 10_000,
  graceMs: 10_000,
};

/** The first problem with a body rate, or undefined. */
export function bodyRateProblem(rate: BodyRate): string | undefined {
  const least = { minBytesPerSecond: 0, windowMs: 1, graceMs: 0 } satisfies BodyRate;
  for (const [name, value] of Object.entries(rate) as Array<[keyof BodyRate, number]>) {
    if (!Number.isSafeInteger(value) || value < least[name]) {
      return `${name} must be a whole number, at least ${least[name]} (got ${value})`;
    }
  }
  return undefined;
}

/** Whether the guard runs; without it node:http's own total request timeout applies. */
export function bodyRateChecked(rate: BodyRate): boolean {
  return rate.minBytesPerSecond > 0;
}

/**
 * One body's arrival, in the client's time: the time the server held the body up (it
 * stopped reading, or its event loop was busy) is not counted against the client.
 */
export class BodyRateMeter {
  #clientMs = 0;
  /** (client time, bytes so far), oldest first; the first is at or before the window's start. */
  readonly #samples: Array<{ at: number; bytes: number }> = [{ at: 0, bytes: 0 }];
  readonly #checkAfterMs: number;

  /**
   * `totalMs` is the request timeout: it cannot make a body that keeps the rate fail,
   * but a body below the rate is cut once it has run out even if the grace has not.
   */
  constructor(
    private readonly rate: BodyRate,
    totalMs: number,
  ) {
    this.#checkAfterMs = Math.min(rate.graceMs, totalMs);
  }

  /** How long the body has had, not counting hold-ups by the server. */
  get clientMs(): number {
    return this.#clientMs;
  }

  /**
   * Counts `advanceMs` more of the client's time, by the end of which `bytes` of the
   * body (in all) have arrived; true while the body may go on.
   */
  observe(advanceMs: number, bytes: number): boolean {
    this.#clientMs += Math.max(0, advanceMs);
    const last = this.#samples[this.#samples.length - 1]!;
    // While the server holds the body up no time passes: one sample stands for the hold-up.
    if (last.at === this.#clientMs && this.#samples.length > 1) last.bytes = bytes;
    else this.#samples.push({ at: this.#clientMs, bytes });
    const windowStart = this.#clientMs - this.rate.windowMs;
    while (this.#samples.length > 2 && this.#samples[1]!.at <= windowStart) this.#samples.shift();
    if (this.#clientMs < this.#checkAfterMs) return true;
    const first = this.#samples[0]!;
    const span = this.#clientMs - first.at;
    if (span <= 0) return true;
    return (bytes - first.bytes) * 1000 >= this.rate.minBytesPerSecond * span;
  }
}

/**
 * How much of `elapsedMs` since the last look counts as the client's time. A paused
 * socket is the server's doing (it stopped reading: backpressure from a slow handler,
 * or hooks that run before the body is read), so none of it counts. A tick that comes
 * late by more than a period means the event loop was busy and read nothing: only one
 * period of it counts.
 */
export function clientAdvanceMs(elapsedMs: number, periodMs: number, paused: boolean): number {
  if (paused) return 0;
  return elapsedMs > 2 * periodMs ? periodMs : elapsedMs;
}

/** How often bodies are looked at: four times a window or timeout, at most every second. */
export function bodyRatePeriodMs(rate: BodyRate, totalMs: number): number {
  return Math.max(10, Math.min(1_000, Math.floor(Math.min(rate.windowMs, totalMs) / 4)));
}

interface Watched {
  req: IncomingMessage;
  socket: Socket;
  /**
   * socket.bytesRead when the headers were in: what comes after is the body (what of it
   * came in the headers' own read is not counted, a packet's worth at most).
   */
  startBytes: number;
  lastLook: number;
  meter: BodyRateMeter;
  done(): void;
}

export interface BodyRateGuardOptions {
  /** Told of each body cut, before its 408 is sent. */
  onCut?: (cut: { bytes: number; clientMs: number; remoteAddress: string | undefined }) => void;
}

/**
 * Watches the body of every request `server` receives and cuts those below the rate.
 * A cut is answered as node:http answers a request timeout (a `clientError` with code
 * ERR_HTTP_REQUEST_TIMEOUT, which the framework turns into its 408), so every timeout
 * looks alike to a client. Bytes are counted on the socket, so the body stream is never
 * touched and whoever reads it keeps full control.
 */
export function installBodyRateGuard(
  server: Server,
  rate: BodyRate,
  totalMs: number,
  options: BodyRateGuardOptions = {},
): void {
  if (!bodyRateChecked(rate)) return;
  const now = () => performance.now();
  const periodMs = bodyRatePeriodMs(rate, totalMs);
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | undefined;

  const cut = (watch: Watched) => {
    const bytes = watch.socket.bytesRead - watch.startBytes;
    watch.done();
    options.onCut?.({
      bytes,
      clientMs: Math.round(watch.meter.clientMs),
      remoteAddress: watch.socket.remoteAddress,
    });
    const error = Object.assign(
      new Error(`The request body arrived slower than ${rate.minBytesPerSecond} bytes/s`),
      { code: 'ERR_HTTP_REQUEST_TIMEOUT' },
    );
    if (!server.emit('clientError', error, watch.socket)) watch.socket.destroy(error);
  };

  const look = () => {
    const at = now();
    for (const watch of watched) {
      const advance = clientAdvanceMs(at - watch.lastLook, periodMs, watch.socket.isPaused());
      watch.lastLook = at;
      if (!watch.meter.observe(advance, watch.socket.bytesRead - watch.startBytes)) cut(watch);
    }
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!announcesBody(req)) return;
    const watch: Watched = {
      req,
      socket: req.socket,
      startBytes: req.socket.bytesRead,
      lastLook: now(),
      meter: new BodyRateMeter(rate, totalMs),
      done: () => {
        watched.delete(watch);
        req.off('end', watch.done);
        res.off('close', watch.done);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      },
    };
    // The body has all arrived once node:http marks the message complete (polled: 'end'
    // comes only once someone reads it); once answered, an unread rest no longer matters.
    req.once('end', watch.done);
    res.once('close', watch.done);
    watched.add(watch);
    timer ??= setInterval(() => {
      for (const each of watched) if (each.req.complete || each.socket.destroyed) each.done();
      look();
    }, periodMs).unref();
  });
}

function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
