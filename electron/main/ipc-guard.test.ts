import { describe, expect, it } from 'vitest';
import {
  IpcRefused,
  isTrustedSender,
  MAX_FILE_BYTES,
  openFileArgsSchema,
  parseIpcArgs,
  revealFileArgsSchema,
  saveFileArgsSchema,
} from './ipc-guard.js';

const ours = new Set([7]);
const good = { webContentsId: 7, frameUrl: 'flowline://app/index.html', isMainFrame: true };

describe('isTrustedSender (every IPC message)', () => {
  it('accepts the main frame of our window showing our origin', () => {
    expect(isTrustedSender(good, ours)).toBe(true);
    expect(isTrustedSender({ ...good, frameUrl: 'flowline://app/projects/p1#x' }, ours)).toBe(true);
  });

  it.each([
    ['another webContents', { ...good, webContentsId: 8 }],
    ['a subframe', { ...good, isMainFrame: false }],
    ['a frame that is gone', { ...good, frameUrl: null }],
    ['a remote page', { ...good, frameUrl: 'https://evil.example/' }],
    ['a local file', { ...good, frameUrl: 'file:///tmp/x.html' }],
    ['another host of our scheme', { ...good, frameUrl: 'flowline://other/index.html' }],
    ['a look-alike', { ...good, frameUrl: 'flowline://app.evil/index.html' }],
    ['devtools', { ...good, frameUrl: 'devtools://devtools/bundled/inspector.html' }],
    ['about:blank', { ...good, frameUrl: 'about:blank' }],
  ])('refuses %s', (_label, sender) => {
    expect(isTrustedSender(sender, ours)).toBe(false);
  });
});

describe('native helper arguments', () => {
  const save = {
    options: { defaultName: 'wells.csv', filters: [{ name: 'CSV', extensions: ['csv'] }] },
    data: 'a,b\n',
  };

  it('accepts what the bridge sends', () => {
    expect(parseIpcArgs(saveFileArgsSchema, 'save', save)).toEqual(save);
    const bytes = {
      options: { defaultName: 'x.xlsx', title: 'Export' },
      data: new Uint8Array([1, 2, 3]),
    };
    expect(parseIpcArgs(saveFileArgsSchema, 'save', bytes).data).toBeInstanceOf(Uint8Array);
    expect(parseIpcArgs(openFileArgsSchema, 'open', { options: {} })).toEqual({ options: {} });
    expect(parseIpcArgs(revealFileArgsSchema, 'reveal', { path: '/home/u/wells.csv' })).toEqual({
      path: '/home/u/wells.csv',
    });
  });

  it.each([
    ['a path as the default name', { ...save, options: { defaultName: '../../.bashrc' } }],
    ['a Windows path', { ...save, options: { defaultName: 'C:\\x.csv' } }],
    ['an empty name', { ...save, options: { defaultName: '' } }],
    [
      'a dotted extension',
      { ...save, options: { defaultName: 'a', filters: [{ name: 'CSV', extensions: ['.csv'] }] } },
    ],
    ['unknown options', { ...save, options: { defaultName: 'a', defaultPath: '/etc/x' } }],
    ['unknown members', { ...save, path: '/etc/passwd' }],
    ['data of another type', { ...save, data: { length: 3 } }],
    ['no data', { options: save.options }],
    ['not an object', 'wells.csv'],
  ])('refuses to save with %s', (_label, args) => {
    expect(() => parseIpcArgs(saveFileArgsSchema, 'flowline:save-file', args)).toThrow(IpcRefused);
  });

  it('refuses data over the size limit', () => {
    const tooBig = Object.defineProperty(new Uint8Array(1), 'byteLength', {
      value: MAX_FILE_BYTES + 1,
    });
    expect(() => parseIpcArgs(saveFileArgsSchema, 'save', { ...save, data: tooBig })).toThrow(
      /too large/,
    );
  });

  it('names the channel and the member, never the value', () => {
    try {
      parseIpcArgs(revealFileArgsSchema, 'flowline:reveal-file', { path: 'relative/token-abc123' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/flowline:reveal-file \(path\)/);
      expect((error as Error).message).not.toContain('token-abc123');
    }
  });

  it('opens with options only; reveals absolute paths only', () => {
    expect(() =>
      parseIpcArgs(openFileArgsSchema, 'open', { options: {}, path: '/etc/passwd' }),
    ).toThrow(IpcRefused);
    expect(() => parseIpcArgs(revealFileArgsSchema, 'reveal', { path: 'x.csv' })).toThrow(
      IpcRefused,
    );
    expect(() => parseIpcArgs(revealFileArgsSchema, 'reveal', {})).toThrow(IpcRefused);
  });
});
