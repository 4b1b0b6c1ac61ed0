import type { HandlerReply } from '#shared/desktop/index.js';
import { createCore, type Core, type CoreOptions } from '#core/create-core.js';
import type { SecretStore } from '#core/secret-store.js';
import {
  CORE_EVENTS,
  isCoreRequest,
  type CoreToMain,
  type CoreToRenderer,
  type MainToCore,
  type SecretOp,
} from '#electron/ipc/core-protocol.js';
import { startEmbeddedDemo, type EmbeddedDemo } from '#electron/common/embedded-demo.js';

/**
 * What runs in the core's utility process: the embedded demo server and the core, both on
 * SQLite, both off the main process. Renderers reach the core through MessagePorts the
 * main process hands over; tokens come from the main process's safeStorage on demand.
 * Transport-agnostic (Electron's parentPort and MessagePortMain in the app, Node's
 * MessageChannel in tests).
 */

export interface PortLink {
  onMessage(listener: (data: unknown) => void): void;
  onClose(listener: () => void): void;
  post(message: CoreToRenderer): void;
  close(): void;
}

export interface ParentLink {
  onMessage(listener: (message: unknown, ports: PortLink[]) => void): void;
  post(message: CoreToMain): void;
}

export interface CoreServiceDeps {
  createCore?: (options: CoreOptions) => Promise<Core>;
  startEmbeddedDemo?: (dataDir: string) => Promise<EmbeddedDemo>;
  /** How long a token request to the main process may take. */
  secretTimeoutMs?: number;
  /** Called once everything is closed after 'shutdown' (process.exit in the app). */
  exit?: (code: number) => void;
}

export interface CoreService {
  /** Resolves when the core is open (rejects if it could not be). */
  ready: Promise<Core>;
  /** Ports currently attached (tests). */
  portCount(): number;
}

/** A SecretStore whose tokens live in the main process (Electron's safeStorage is there). */
export class RemoteSecretStore implements SecretStore {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    {
      resolve: (value: string | null) => void;
      reject: (error: Error) => void;
      timer: ReturnType<typeof setTimeout>;
    }
  >();

  constructor(
    private readonly parent: ParentLink,
    readonly warning: string | null,
    private readonly timeoutMs = 10_000,
  ) {}

  get(key: string): Promise<string | null> {
    return this.request({ op: 'get', key });
  }

  async set(key: string, token: string): Promise<void> {
    await this.request({ op: 'set', key, token });
  }

  async delete(key: string): Promise<void> {
    await this.request({ op: 'delete', key });
  }

  /** The main process's answer to one request. */
  settle(message: Extract<MainToCore, { kind: 'secret-reply' }>): void {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new Error(`The token store failed: ${message.message}`));
  }

  private request(op: SecretOp): Promise<string | null> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('The token store did not answer'));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.parent.post({ kind: 'secret-request', id, ...op });
    });
  }
}

function internalReply(message: string): HandlerReply<unknown> {
  return { ok: false, error: { type: 'internal', message } };
}

export function runCoreService(parent: ParentLink, deps: CoreServiceDeps = {}): CoreService {
  const ports = new Set<PortLink>();
  let secrets: RemoteSecretStore | undefined;
  let demo: EmbeddedDemo | undefined;
  let shuttingDown = false;
  let resolveReady!: (core: Core) => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<Core>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => undefined); // answered per request; never an unhandled rejection
  let started = false;

  const broadcast = (message: CoreToRenderer) => {
    for (const port of ports) {
      try {
        port.post(message);
      } catch {
        ports.delete(port);
      }
    }
  };

  async function start(init: Extract<MainToCore, { kind: 'init' }>): Promise<void> {
    secrets = new RemoteSecretStore(parent, init.secretStoreWarning, deps.secretTimeoutMs);
    const notices: string[] = [];
    if (init.demo) {
      try {
        demo = await (deps.startEmbeddedDemo ?? startEmbeddedDemo)(init.dataDir);
      } catch (error) {
        const message = `The demo workspace could not be started: ${(error as Error).message}`;
        notices.push(message);
        parent.post({ kind: 'log', level: 'warn', message });
      }
    }
    try {
      const core = await (deps.createCore ?? createCore)({
        dataDir: init.dataDir,
        secretStore: secrets,
        ...(demo ? { defaultConnection: demo.connection } : {}),
      });
      if (core.cache.movedAside) notices.push(core.cache.movedAside.reason);
      for (const event of CORE_EVENTS) {
        core.events.on(event, (payload) => broadcast({ kind: 'event', event, payload }));
      }
      resolveReady(core);
      parent.post({
        kind: 'ready',
        demo: demo ? { name: demo.connection.name, baseUrl: demo.connection.baseUrl } : null,
        notices,
      });
    } catch (error) {
      const message = (error as Error).message;
      rejectReady(new Error(message));
      parent.post({ kind: 'fatal', message });
      await demo?.close().catch(() => undefined);
      demo = undefined;
    }
  }

  function attach(port: PortLink): void {
    ports.add(port);
    port.onClose(() => ports.delete(port));
    port.onMessage((data) => {
      if (!isCoreRequest(data)) return; // not ours: ignored, as a server ignores garbage
      const { id, name, args } = data;
      void ready
        .then(
          // The page's port: host-only handlers (files-grant) are refused here.
          (core) => core.invokeFromRenderer(name, args),
          (error: Error) => internalReply(`The Flowline core could not start: ${error.message}`),
        )
        .then((reply) => {
          if (!ports.has(port)) return;
          try {
            port.post({ kind: 'reply', id, reply });
          } catch {
            // A reply that cannot be cloned is a bug in a handler; the page must still hear back.
            port.post({
              kind: 'reply',
              id,
              reply: internalReply(`${name} returned an unsendable result`),
            });
          }
        });
    });
  }

  async function shutdown(): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    for (const port of ports) port.close();
    ports.clear();
    const core = await ready.catch(() => undefined);
    await core?.close().catch(() => undefined);
    await demo?.close().catch(() => undefined);
    parent.post({ kind: 'closed' });
    deps.exit?.(0);
  }

  parent.onMessage((raw, transferred) => {
    if (typeof raw !== 'object' || raw === null) return;
    const message = raw as MainToCore;
    switch (message.kind) {
      case 'init':
        if (!started) {
          started = true;
          void start(message);
        }
        return;
      case 'connect':
        for (const port of transferred) {
          if (shuttingDown) port.close();
          else attach(port);
        }
        return;
      case 'secret-reply':
        secrets?.settle(message);
        return;
      case 'host-request': {
        // The main process's own calls: any handler, host-only ones included.
        const { id, name, args } = message;
        void ready
          .then(
            (core) => core.invoke(name, args),
            (error: Error) => internalReply(`The Flowline core could not start: ${error.message}`),
          )
          .then((reply) => parent.post({ kind: 'host-reply', id, reply }));
        return;
      }
      case 'shutdown':
        void shutdown();
        return;
    }
  });

  return { ready, portCount: () => ports.size };
}
