import type { HandlerReply } from '#shared/desktop/index.js';
import type { CoreToMain, MainToCore } from '#electron/ipc/core-protocol.js';

/**
 * The main process's own calls into the core (host-only handlers such as files-grant),
 * matched to their replies by id. Free of Electron imports so it is tested in Node; the
 * supervisor posts the messages and feeds the replies back.
 */
export class HostRequests {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: HandlerReply<unknown>) => void>();

  /** A request message to post, and the reply it will get. */
  create(
    name: string,
    args: unknown,
  ): { message: MainToCore; reply: Promise<HandlerReply<unknown>> } {
    const id = this.nextId++;
    const reply = new Promise<HandlerReply<unknown>>((resolve) => this.pending.set(id, resolve));
    return { message: { kind: 'host-request', id, name, args }, reply };
  }

  settle(message: Extract<CoreToMain, { kind: 'host-reply' }>): void {
    const resolve = this.pending.get(message.id);
    this.pending.delete(message.id);
    resolve?.(message.reply);
  }

  /** The core is gone (restart, shutdown): nothing pending will be answered, so say so. */
  failAll(message: string): void {
    for (const resolve of this.pending.values()) {
      resolve({ ok: false, error: { type: 'internal', message } });
    }
    this.pending.clear();
  }
}
