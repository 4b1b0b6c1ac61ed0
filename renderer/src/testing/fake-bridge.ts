import type {
  CoreEventName,
  CoreEvents,
  FlowlineBridge,
  HandlerArgs,
  HandlerReply,
  HandlerResult,
  IpcError,
  RendererHandlerName,
} from '#shared/desktop/index.js';

/**
 * The renderer's bridge faked at its interface (shared/desktop/bridge.ts), for component
 * tests: each handler a test names answers as the core would (a result, or an IPC error);
 * a handler no test named answers `not-found`, so a component calling something unexpected
 * shows it rather than hanging. Every call is recorded; events are emitted by the test.
 */
type Answer<K extends RendererHandlerName> =
  | HandlerResult<K>
  | IpcError
  | ((args: HandlerArgs<K>) => HandlerResult<K> | IpcError | Promise<HandlerResult<K> | IpcError>);

export class FakeBridge implements FlowlineBridge {
  host: 'electron' | 'browser' = 'browser';
  readonly calls: Array<{ name: RendererHandlerName; args: unknown }> = [];
  readonly saved: Array<{ defaultName: string; data: Uint8Array | string }> = [];
  private answers = new Map<RendererHandlerName, Answer<RendererHandlerName>>();
  private listeners = new Map<CoreEventName, Set<(payload: unknown) => void>>();

  /** How `name` answers from now on: a result, an IPC error, or a function of the arguments. */
  answer<K extends RendererHandlerName>(name: K, answer: Answer<K>): this {
    this.answers.set(name, answer as Answer<RendererHandlerName>);
    return this;
  }

  callsOf<K extends RendererHandlerName>(name: K): Array<HandlerArgs<K>> {
    return this.calls
      .filter((call) => call.name === name)
      .map((call) => call.args as HandlerArgs<K>);
  }

  async send<K extends RendererHandlerName>(
    name: K,
    args: HandlerArgs<K>,
  ): Promise<HandlerReply<HandlerResult<K>>> {
    this.calls.push({ name, args });
    const answer = this.answers.get(name) as Answer<K> | undefined;
    if (answer === undefined) {
      return { ok: false, error: { type: 'not-found', message: `No fake answer for ${name}` } };
    }
    const value = typeof answer === 'function' ? await answer(args) : answer;
    return isIpcError(value) ? { ok: false, error: value } : { ok: true, result: value };
  }

  on<E extends CoreEventName>(event: E, listener: (payload: CoreEvents[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  emit<E extends CoreEventName>(event: E, payload: CoreEvents[E]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  native: FlowlineBridge['native'] = {
    saveFile: async (options, data) => {
      this.saved.push({ defaultName: options.defaultName, data });
      return options.defaultName;
    },
    openFile: async () => null,
    revealFile: async () => undefined,
    printToPdf: async () => null,
    grantFile: async () => null,
    onImportFile: () => () => undefined,
  };

  reset(): void {
    this.calls.length = 0;
    this.saved.length = 0;
    this.answers.clear();
    this.listeners.clear();
    this.host = 'browser';
  }
}

function isIpcError(value: unknown): value is IpcError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    'message' in value &&
    Object.keys(value).every((key) => key === 'type' || key === 'message' || key === 'details')
  );
}
