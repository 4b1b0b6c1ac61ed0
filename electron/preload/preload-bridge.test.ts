import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoreRequest, CoreToRenderer } from '#electron/ipc/core-protocol.js';
import { IPC_CHANNELS } from '#electron/ipc/ipc-channels.js';
import { cleanInvokeError, createBridgeClient, type BridgePort } from './preload-bridge.js';

/** The core's end of a port, answering each request with a function of it. */
function fakeCore(
  answer: (request: CoreRequest) => CoreToRenderer | null = (request) => ({
    kind: 'reply',
    id: request.id,
    reply: { ok: true, result: { echoed: request.name, args: request.args } },
  }),
) {
  const channel = new MessageChannel();
  const received: CoreRequest[] = [];
  channel.port2.on('message', (request: CoreRequest) => {
    received.push(request);
    const reply = answer(request);
    if (reply) channel.port2.postMessage(reply);
  });
  return {
    rendererEnd: channel.port1 as unknown as BridgePort,
    received,
    emit: (message: CoreToRenderer) => channel.port2.postMessage(message),
    close: () => {
      channel.port1.close();
      channel.port2.close();
    },
  };
}

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const core of opened.splice(0)) core.close();
});
const noIpc = { invoke: vi.fn(async () => null) };
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('window.flowline (the preload bridge)', () => {
  it('is the electron host', () => {
    expect(createBridgeClient(noIpc).bridge.host).toBe('electron');
  });

  it('hands production-columns’ typed arrays over the port as typed arrays (structured clone)', async () => {
    const core = fakeCore((request) => ({
      kind: 'reply',
      id: request.id,
      reply: {
        ok: true,
        result: { data: { days: new Int32Array([1, 2]), oil: new Float64Array([NaN, 2.5]) } },
      },
    }));
    opened.push(core);
    const { bridge, attachPort } = createBridgeClient(noIpc);
    attachPort(core.rendererEnd);
    const reply = await bridge.send('production-columns', {
      projectId: 'p',
      wellId: 'w',
      from: '2024-01-01',
      to: '2024-01-02',
      aggregation: 'daily',
    });
    const data = (reply as unknown as { result: { data: { days: Int32Array; oil: Float64Array } } })
      .result.data;
    expect(data.days).toBeInstanceOf(Int32Array);
    expect(data.oil).toBeInstanceOf(Float64Array);
    expect(Array.from(data.oil)).toEqual([NaN, 2.5]);
  });

  it('sends handler calls over the port with request ids and matches the replies', async () => {
    const core = fakeCore();
    opened.push(core);
    const { bridge, attachPort } = createBridgeClient(noIpc);
    attachPort(core.rendererEnd);
    const [a, b] = await Promise.all([
      bridge.send('projects-list', { connectionId: 'c1' }),
      bridge.send('connections-list', {}),
    ]);
    expect(a).toEqual({
      ok: true,
      result: { echoed: 'projects-list', args: { connectionId: 'c1' } },
    });
    expect(b).toMatchObject({ ok: true, result: { echoed: 'connections-list' } });
    expect(new Set(core.received.map((r) => r.id)).size).toBe(2);
  });

  it('holds calls made before the port arrives', async () => {
    const core = fakeCore();
    opened.push(core);
    const { bridge, attachPort } = createBridgeClient(noIpc);
    const early = bridge.send('connections-list', {});
    await settle();
    expect(core.received).toHaveLength(0);
    attachPort(core.rendererEnd);
    expect(await early).toMatchObject({ ok: true });
  });

  it('answers pending calls with an error when the core restarts, then uses the new port', async () => {
    const silent = fakeCore(() => null);
    const fresh = fakeCore();
    opened.push(silent, fresh);
    const { bridge, attachPort } = createBridgeClient(noIpc);
    attachPort(silent.rendererEnd);
    const lost = bridge.send('sync-now', {} as never);
    await settle();
    attachPort(fresh.rendererEnd);
    expect(await lost).toMatchObject({
      ok: false,
      error: { type: 'internal', message: expect.stringMatching(/restarted/) },
    });
    expect(await bridge.send('connections-list', {})).toMatchObject({ ok: true });
  });

  it('resolves (never rejects) with a validation error when arguments cannot be cloned', async () => {
    const core = fakeCore();
    opened.push(core);
    const { bridge, attachPort } = createBridgeClient(noIpc);
    attachPort(core.rendererEnd);
    const reply = await bridge.send('connections-list', { callback: () => 1 } as never);
    expect(reply).toMatchObject({ ok: false, error: { type: 'validation' } });
  });

  it('delivers events to listeners until they unsubscribe; a throwing listener is reported, not fatal', async () => {
    const core = fakeCore();
    opened.push(core);
    const reported: string[] = [];
    const { bridge, attachPort } = createBridgeClient(noIpc, (message) => reported.push(message));
    attachPort(core.rendererEnd);
    const seen: unknown[] = [];
    const off = bridge.on('cache-changed', (payload) => seen.push(payload));
    bridge.on('cache-changed', () => {
      throw new Error('boom');
    });
    const other = vi.fn();
    bridge.on('outbox-changed', other);
    core.emit({
      kind: 'event',
      event: 'cache-changed',
      payload: { connectionId: 'c', kind: 'wells' },
    });
    await settle();
    off();
    core.emit({
      kind: 'event',
      event: 'cache-changed',
      payload: { connectionId: 'c', kind: 'projects' },
    });
    await settle();
    expect(seen).toEqual([{ connectionId: 'c', kind: 'wells' }]);
    expect(other).not.toHaveBeenCalled();
    expect(reported).toEqual([
      'A listener of cache-changed threw',
      'A listener of cache-changed threw',
    ]);
  });

  it('ignores messages that are not replies or events', async () => {
    const core = fakeCore();
    opened.push(core);
    const { bridge, attachPort } = createBridgeClient(noIpc);
    attachPort(core.rendererEnd);
    const listener = vi.fn();
    bridge.on('cache-changed', listener);
    core.emit({ kind: 'nonsense' } as never);
    core.emit({ kind: 'reply', id: 999, reply: { ok: true, result: 1 } });
    await settle();
    expect(listener).not.toHaveBeenCalled();
  });

  it('passes native helpers to the main process over invoke, with clean errors', async () => {
    const invoke = vi.fn(async (channel: string) => {
      if (channel === IPC_CHANNELS.revealFile) {
        throw new Error(
          "Error invoking remote method 'flowline:reveal-file': IpcRefused: Only files saved or opened in Flowline during this session can be shown.",
        );
      }
      return channel === IPC_CHANNELS.saveFile ? '/home/u/wells.csv' : null;
    });
    const { bridge } = createBridgeClient({ invoke });
    const options = { defaultName: 'wells.csv' };
    expect(await bridge.native.saveFile(options, 'a,b')).toBe('/home/u/wells.csv');
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.saveFile, { options, data: 'a,b' });
    expect(await bridge.native.openFile({ title: 'Import CSV' })).toBeNull();
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.openFile, {
      options: { title: 'Import CSV' },
    });
    await expect(bridge.native.revealFile('/etc/passwd')).rejects.toThrow(
      /^Only files saved or opened in Flowline during this session can be shown\.$/,
    );
  });

  it('relays known menu commands only', () => {
    const { bridge, menuCommand } = createBridgeClient(noIpc);
    const seen: string[] = [];
    const off = bridge.onMenuCommand((command) => seen.push(command));
    menuCommand('import-csv');
    menuCommand('rm -rf');
    menuCommand({ command: 'export' });
    off();
    menuCommand('export');
    expect(seen).toEqual(['import-csv']);
  });
});

describe('cleanInvokeError', () => {
  it("drops Electron's prefix and the error class", () => {
    expect(
      cleanInvokeError(new Error("Error invoking remote method 'x': Error: Disk full")).message,
    ).toBe('Disk full');
    expect(cleanInvokeError('plain').message).toBe('plain');
  });
});
