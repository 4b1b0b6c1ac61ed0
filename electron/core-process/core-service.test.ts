import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoreToMain, CoreToRenderer, MainToCore } from '#electron/ipc/core-protocol.js';
import {
  RemoteSecretStore,
  runCoreService,
  type ParentLink,
  type PortLink,
} from './core-service.js';
import { createBridgeClient, type BridgePort } from '#electron/preload/preload-bridge.js';

/** Node's MessagePort as the service sees a MessagePortMain. */
function portLink(port: MessagePort): PortLink {
  return {
    onMessage: (listener) => port.on('message', listener),
    onClose: (listener) => port.on('close', listener),
    post: (message) => port.postMessage(message),
    close: () => port.close(),
  };
}

/** The main process, in-process: a secret map and the messages the core sent. */
function fakeMain() {
  const sent: CoreToMain[] = [];
  const secrets = new Map<string, string>();
  let deliver: (message: unknown, ports: PortLink[]) => void = () => undefined;
  const parent: ParentLink = {
    onMessage: (listener) => {
      deliver = listener;
    },
    post: (message) => {
      sent.push(message);
      if (message.kind === 'secret-request') {
        if (message.op === 'set') secrets.set(message.key, message.token);
        const value = message.op === 'get' ? (secrets.get(message.key) ?? null) : null;
        queueMicrotask(() =>
          deliver(
            { kind: 'secret-reply', id: message.id, ok: true, value } satisfies MainToCore,
            [],
          ),
        );
      }
    },
  };
  return {
    parent,
    sent,
    secrets,
    send: (message: MainToCore, ports: PortLink[] = []) => deliver(message, ports),
  };
}

const dirs: string[] = [];
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function rendererPair() {
  const channel = new MessageChannel();
  channels.push(channel);
  channel.port2.start();
  return { core: portLink(channel.port2), renderer: channel.port1 as unknown as BridgePort };
}

describe('the core service (utility process)', () => {
  it('serves a preload bridge end to end: calls before the core is ready wait, events arrive', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flowline-service-'));
    dirs.push(dataDir);
    const main = fakeMain();
    const exit = vi.fn();
    const service = runCoreService(main.parent, { exit });
    const pair = rendererPair();
    const { bridge, attachPort } = createBridgeClient({ invoke: async () => null });
    attachPort(pair.renderer);
    main.send({ kind: 'connect', windowId: 1 }, [pair.core]);
    const early = bridge.send('connections-list', {});

    main.send({ kind: 'init', dataDir, secretStoreWarning: 'plain file', demo: false });
    const listed = await early;
    expect(listed).toMatchObject({
      ok: true,
      result: { connections: [], secretStorage: { encrypted: false, warning: 'plain file' } },
    });
    expect(main.sent.find((m) => m.kind === 'ready')).toEqual({
      kind: 'ready',
      demo: null,
      notices: [],
    });

    const core = await service.ready;
    const events: unknown[] = [];
    bridge.on('cache-changed', (payload) => events.push(payload));
    core.events.emit('cache-changed', { connectionId: 'c1', kind: 'projects' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([{ connectionId: 'c1', kind: 'projects' }]);

    main.send({ kind: 'shutdown' });
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(main.sent.at(-1)).toEqual({ kind: 'closed' });
    expect(service.portCount()).toBe(0);
  });

  it('reports a core that cannot open, and answers calls with an internal error', async () => {
    const main = fakeMain();
    runCoreService(main.parent, {
      createCore: async () => Promise.reject(new Error('disk full')),
    });
    const pair = rendererPair();
    const replies: CoreToRenderer[] = [];
    pair.renderer.addEventListener('message', (event) =>
      replies.push(event.data as CoreToRenderer),
    );
    pair.renderer.start();
    main.send({ kind: 'connect', windowId: 1 }, [pair.core]);
    main.send({ kind: 'init', dataDir: '/nonexistent', secretStoreWarning: null, demo: false });
    pair.renderer.postMessage({ kind: 'request', id: 1, name: 'connections-list', args: {} });
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(replies[0]).toMatchObject({
      kind: 'reply',
      id: 1,
      reply: {
        ok: false,
        error: { type: 'internal', message: expect.stringMatching(/could not start: disk full/) },
      },
    });
    expect(main.sent).toContainEqual({ kind: 'fatal', message: 'disk full' });
  });

  it('starts without the demo workspace when its server fails, and says why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'flowline-service-'));
    dirs.push(dataDir);
    const main = fakeMain();
    const service = runCoreService(main.parent, {
      startEmbeddedDemo: async () => Promise.reject(new Error('port in use')),
    });
    main.send({ kind: 'init', dataDir, secretStoreWarning: null, demo: true });
    const core = await service.ready;
    expect(main.sent).toContainEqual(
      expect.objectContaining({
        kind: 'ready',
        demo: null,
        notices: [expect.stringMatching(/port in use/)],
      }),
    );
    await core.close();
  });
});

describe('RemoteSecretStore', () => {
  it('asks the main process and gives up after a timeout', async () => {
    const posted: CoreToMain[] = [];
    const store = new RemoteSecretStore(
      { onMessage: () => undefined, post: (m) => posted.push(m) },
      null,
      30,
    );
    await expect(store.get('con_1')).rejects.toThrow(/did not answer/);
    expect(posted).toEqual([{ kind: 'secret-request', id: 1, op: 'get', key: 'con_1' }]);
    const pending = store.get('con_2');
    store.settle({ kind: 'secret-reply', id: 2, ok: false, message: 'locked' });
    await expect(pending).rejects.toThrow(/locked/);
  });
});
