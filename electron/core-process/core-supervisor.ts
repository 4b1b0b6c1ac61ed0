import {
  MessageChannelMain,
  utilityProcess,
  type UtilityProcess,
  type WebContents,
} from 'electron';
import type { SecretStore } from '#core/secret-store.js';
import type { CoreToMain, MainToCore } from '#electron/ipc/core-protocol.js';
import type { HandlerReply } from '#shared/desktop/index.js';
import { HostRequests } from './host-requests.js';
import { IPC_CHANNELS } from '#electron/ipc/ipc-channels.js';
import { answerSecretRequest } from './secret-relay.js';

export interface CoreSupervisorOptions {
  /** dist/electron/core-process.cjs */
  entry: string;
  dataDir: string;
  secretStore: SecretStore;
  secretStoreWarning: string | null;
  demo: boolean;
  log(level: 'info' | 'warn' | 'error', message: string): void;
  /** The core could not open its data (or keeps crashing): tell the user. */
  onFatal(message: string): void;
  onReady?(message: Extract<CoreToMain, { kind: 'ready' }>): void;
}

const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

/**
 * Runs the core in an Electron utility process (SQLite never blocks the main process),
 * answers its token requests, restarts it if it dies, and hands every window a
 * MessagePort to it.
 */
export class CoreSupervisor {
  private child: UtilityProcess | undefined;
  private stopping: Promise<void> | undefined;
  private readonly restarts: number[] = [];
  private readonly connected = new Set<WebContents>();
  private readonly hostRequests = new HostRequests();

  constructor(private readonly options: CoreSupervisorOptions) {}

  start(): void {
    const child = utilityProcess.fork(this.options.entry, [], {
      serviceName: 'Flowline core',
      stdio: 'inherit',
      env: { ...process.env },
    });
    this.child = child;
    child.on('message', (message: CoreToMain) => void this.onMessage(child, message));
    child.on('exit', (code) => this.onExit(child, code));
    this.post({
      kind: 'init',
      dataDir: this.options.dataDir,
      secretStoreWarning: this.options.secretStoreWarning,
      demo: this.options.demo,
    });
  }

  /** Gives a window (again) its own port to the core. */
  connect(contents: WebContents): void {
    if (!this.child || this.stopping || contents.isDestroyed()) return;
    const { port1, port2 } = new MessageChannelMain();
    this.child.postMessage({ kind: 'connect', windowId: contents.id } satisfies MainToCore, [
      port1,
    ]);
    contents.postMessage(IPC_CHANNELS.corePort, null, [port2]);
    if (!this.connected.has(contents)) {
      this.connected.add(contents);
      contents.once('destroyed', () => this.connected.delete(contents));
    }
  }

  /** Calls a handler as the host (host-only ones included, e.g. files-grant); never rejects. */
  invoke(name: string, args: unknown): Promise<HandlerReply<unknown>> {
    if (!this.child || this.stopping) {
      return Promise.resolve({
        ok: false,
        error: { type: 'internal', message: 'The Flowline core is not running.' },
      });
    }
    const { message, reply } = this.hostRequests.create(name, args);
    this.post(message);
    return reply;
  }

  /** Asks the core to close its database and the demo server; kills it after timeoutMs. */
  stop(timeoutMs = 5000): Promise<void> {
    const child = this.child;
    if (!child) return Promise.resolve();
    this.stopping ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.options.log('warn', 'The core did not close in time; stopping it.');
        child.kill();
        resolve();
      }, timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.post({ kind: 'shutdown' });
    });
    return this.stopping;
  }

  private post(message: MainToCore): void {
    this.child?.postMessage(message);
  }

  private async onMessage(child: UtilityProcess, message: CoreToMain): Promise<void> {
    if (child !== this.child || typeof message !== 'object' || message === null) return;
    switch (message.kind) {
      case 'secret-request':
        child.postMessage(await answerSecretRequest(this.options.secretStore, message));
        return;
      case 'ready':
        for (const notice of message.notices) this.options.log('warn', notice);
        this.options.onReady?.(message);
        return;
      case 'fatal':
        this.options.log('error', `The core could not start: ${message.message}`);
        this.options.onFatal(message.message);
        return;
      case 'log':
        this.options.log(message.level, message.message);
        return;
      case 'host-reply':
        this.hostRequests.settle(message);
        return;
      case 'closed':
        return;
    }
  }

  private onExit(child: UtilityProcess, code: number): void {
    if (child !== this.child) return;
    this.hostRequests.failAll('The Flowline core restarted before it answered; please try again.');
    if (this.stopping) return;
    this.child = undefined;
    const now = Date.now();
    this.restarts.push(now);
    while (this.restarts.length > 0 && now - this.restarts[0]! > RESTART_WINDOW_MS)
      this.restarts.shift();
    if (this.restarts.length > MAX_RESTARTS) {
      this.options.onFatal(
        `The Flowline core stopped ${this.restarts.length} times in a minute (exit code ${code}).`,
      );
      return;
    }
    this.options.log('warn', `The core stopped (exit code ${code}); restarting it.`);
    this.start();
    for (const contents of this.connected) this.connect(contents);
  }
}
