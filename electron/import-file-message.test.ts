import { describe, expect, it, vi } from 'vitest';
import { isImportFileMessage } from './ipc-channels.js';
import { createBridgeClient } from './preload-bridge.js';

describe('File ▸ Import CSV… across IPC', () => {
  it('accepts one absolute path and nothing else', () => {
    expect(isImportFileMessage({ path: '/home/me/july.csv' })).toBe(true);
    expect(isImportFileMessage({ path: 'C:\\Users\\me\\july.csv' })).toBe(true);
    expect(isImportFileMessage({ path: '\\\\server\\share\\july.csv' })).toBe(true);
    for (const bad of [
      null,
      '/home/me/july.csv',
      { path: 'july.csv' },
      { path: '' },
      { path: '/a\0b' },
      { path: `/${'a'.repeat(5000)}` },
      { path: '/a.csv', extra: 1 },
      { path: 42 },
    ]) {
      expect(isImportFileMessage(bad)).toBe(false);
    }
  });

  it('reaches the page’s listeners through the bridge, checked first', () => {
    const client = createBridgeClient({ invoke: async () => null });
    const listener = vi.fn();
    const stop = client.bridge.native.onImportFile(listener);
    client.importFile({ path: '/data/july.csv' });
    client.importFile({ path: 'relative.csv' });
    client.importFile('/data/july.csv');
    expect(listener.mock.calls).toEqual([['/data/july.csv']]);
    stop();
    client.importFile({ path: '/data/august.csv' });
    expect(listener).toHaveBeenCalledOnce();
  });

  it('gives the path of a dropped file, or null when it has none', () => {
    const paths = new Map<unknown, string>([['file-a', '/data/a.csv']]);
    const client = createBridgeClient({ invoke: async () => null }, undefined, (file) => {
      if (file === 'boom') throw new TypeError('not a File');
      return paths.get(file) ?? '';
    });
    const file = (value: string) => value as unknown as { name: string; size: number };
    expect(client.bridge.native.pathForFile(file('file-a'))).toBe('/data/a.csv');
    expect(client.bridge.native.pathForFile(file('file-b'))).toBeNull();
    expect(client.bridge.native.pathForFile(file('boom'))).toBeNull();
  });
});
