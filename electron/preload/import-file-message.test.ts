import { describe, expect, it, vi } from 'vitest';
import { isImportFileMessage } from '#electron/ipc/ipc-channels.js';
import { createBridgeClient } from './preload-bridge.js';

describe('File ▸ Import CSV or Excel… across IPC', () => {
  const handle = 'file_abcdefghijklmnopqrstuvwx';

  it('carries one granted file (handle, name, size) and never a path', () => {
    expect(isImportFileMessage({ handle, name: 'july.csv', size: 10 })).toBe(true);
    for (const bad of [
      null,
      '/home/me/july.csv',
      { path: '/home/me/july.csv' },
      { handle, name: 'july.csv', size: 10, path: '/home/me/july.csv' },
      { handle: 'file_short', name: 'july.csv', size: 10 },
      { handle: '/etc/passwd', name: 'passwd', size: 10 },
      { handle, name: '', size: 10 },
      { handle, name: 'july.csv', size: -1 },
      { handle, name: 'july.csv', size: '10' },
    ]) {
      expect(isImportFileMessage(bad)).toBe(false);
    }
  });

  it('reaches the page’s listeners through the bridge, checked first', () => {
    const client = createBridgeClient({ invoke: async () => null });
    const listener = vi.fn();
    const stop = client.bridge.native.onImportFile(listener);
    client.importFile({ handle, name: 'july.csv', size: 10 });
    client.importFile({ path: '/data/july.csv' });
    client.importFile('/data/july.csv');
    expect(listener.mock.calls).toEqual([[{ handle, name: 'july.csv', size: 10 }]]);
    stop();
    client.importFile({ handle, name: 'august.csv', size: 10 });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('asks main to grant a dropped file by the path webUtils gives, or answers null when it has none', async () => {
    const paths = new Map<unknown, string>([['file-a', '/data/a.csv']]);
    const asked: unknown[] = [];
    const client = createBridgeClient(
      {
        invoke: async (channel, args) => {
          asked.push([channel, args]);
          return { handle, name: 'a.csv', size: 3 };
        },
      },
      undefined,
      (file) => {
        if (file === 'boom') throw new TypeError('not a File');
        return paths.get(file) ?? '';
      },
    );
    const file = (value: string) => value as unknown as { name: string; size: number };
    expect(await client.bridge.native.grantFile(file('file-a'))).toEqual({
      handle,
      name: 'a.csv',
      size: 3,
    });
    expect(await client.bridge.native.grantFile(file('file-b'))).toBeNull();
    expect(await client.bridge.native.grantFile(file('boom'))).toBeNull();
    expect(asked).toEqual([['flowline:grant-file', { path: '/data/a.csv' }]]);
  });
});
