import type { CoreEventName, CoreEvents } from '#shared/desktop/index.js';

export type Listener<K extends CoreEventName> = (payload: CoreEvents[K]) => void;

/**
 * A small typed emitter for the core's events. A listener that throws is
 * reported and skipped: an event must never break the core's own work.
 */
export class CoreEventEmitter {
  private readonly listeners = new Map<CoreEventName, Set<Listener<CoreEventName>>>();

  constructor(private readonly onListenerError: (error: unknown, event: CoreEventName) => void) {}

  /** Returns the unsubscribe function. */
  on<K extends CoreEventName>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<CoreEventName>);
    return () => this.off(event, listener);
  }

  off<K extends CoreEventName>(event: K, listener: Listener<K>): void {
    this.listeners.get(event)?.delete(listener as Listener<CoreEventName>);
  }

  emit<K extends CoreEventName>(event: K, payload: CoreEvents[K]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}
