import { describe, expect, it } from 'vitest';
import { baseName, decodeImportBytes, readImportSource, tooLargeForText } from './import-file.js';
import { dragHasFiles, targetOfLocation } from './import-target.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeImportBytes', () => {
  it('reads UTF-8, with or without a BOM', () => {
    expect(decodeImportBytes(utf8('Date,Oil\n'), 'a.csv')).toEqual({
      ok: true,
      text: 'Date,Oil\n',
    });
    expect(decodeImportBytes(bytes(0xef, 0xbb, 0xbf, 0x41), 'a.csv')).toEqual({
      ok: true,
      text: 'A',
    });
  });

  it('decodes UTF-16 with a BOM', () => {
    expect(decodeImportBytes(bytes(0xff, 0xfe, 0x41, 0, 0x42, 0), 'a.csv')).toEqual({
      ok: true,
      text: 'AB',
    });
    expect(decodeImportBytes(bytes(0xfe, 0xff, 0, 0x41), 'a.csv')).toEqual({ ok: true, text: 'A' });
  });

  it('refuses Latin-1 text naming the line, and passes binary on for the core to name', () => {
    const latin1 = bytes(...utf8('Date,Well\n2025-07-01,'), 0xe9, 0x0a);
    const refused = decodeImportBytes(latin1, 'caf.csv');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(
      /"caf\.csv" is not UTF-8 text: the bytes on line 2 \(byte 21\)/,
    );
    const binary = decodeImportBytes(bytes(0, 1, 2, 3, 0xa5, 0x4d, 0xca), 'b.csv');
    expect(binary.ok && binary.text.includes('\u0000')).toBe(true);
  });
});

describe('the text cap', () => {
  it('refuses files over the handler’s limit before reading them', async () => {
    expect(tooLargeForText('a.csv', 1024)).toBeNull();
    const message = tooLargeForText('huge.csv', 100 * 1024 * 1024);
    expect(message).toMatch(/"huge\.csv" is 100\.0 MB; in the browser, files up to 64\.0 MB/);
    const huge = {
      size: 100 * 1024 * 1024,
      arrayBuffer: () => Promise.reject(new Error('read')),
    } as unknown as File;
    const result = await readImportSource({ kind: 'file', file: huge, name: 'huge.csv' });
    expect(result).toEqual({ ok: false, message });
  });

  it('passes a granted file by its handle, says why one was refused, and reads a small file as text', async () => {
    const handle = 'file_abcdefghijklmnopqrstuvwx';
    expect(await readImportSource({ kind: 'granted', handle, name: 'a.csv' })).toEqual({
      ok: true,
      source: { kind: 'file', handle },
    });
    expect(
      await readImportSource({ kind: 'refused', name: 'cache.db', message: 'not this one' }),
    ).toEqual({ ok: false, message: 'not this one' });
    const file = { size: 9, arrayBuffer: async () => utf8('Date,Oil\n').buffer } as unknown as File;
    expect(await readImportSource({ kind: 'file', file, name: 'a.csv' })).toEqual({
      ok: true,
      source: { kind: 'text', name: 'a.csv', text: 'Date,Oil\n' },
    });
  });
});

describe('where an import goes', () => {
  it('reads the project and well from the location', () => {
    expect(targetOfLocation('/projects/p1/wells/w2')).toEqual({ projectId: 'p1', wellId: 'w2' });
    expect(targetOfLocation('/projects/p1')).toEqual({ projectId: 'p1' });
    expect(targetOfLocation('/')).toEqual({});
  });

  it('names files by the last part of their path, and knows drags of files', () => {
    expect(baseName('/home/me/july.csv')).toBe('july.csv');
    expect(baseName('C:\\Users\\me\\july.csv')).toBe('july.csv');
    expect(dragHasFiles(['text/plain', 'Files'])).toBe(true);
    expect(dragHasFiles(['text/plain'])).toBe(false);
  });
});
