import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_HANDLE_PATTERN, type CoreError } from '#shared/desktop/index.js';
import { GrantedFiles } from './granted-files.js';

let root: string;
let dataDir: string;
let files: GrantedFiles;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'flowline-grants-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'secrets.json'), '{"con_1":"flw_secret"}');
  writeFileSync(join(root, 'july.csv'), 'Date,Oil\n2025-07-01,12\n');
  files = new GrantedFiles(dataDir);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>): Promise<CoreError> {
  try {
    await promise;
  } catch (error) {
    return error as CoreError;
  }
  throw new Error('expected a refusal');
}

describe('granted files', () => {
  it('grants a chosen file as an unguessable handle with its name and size, and reads it back', async () => {
    const first = await files.grant(join(root, 'july.csv'));
    const second = await files.grant(join(root, 'july.csv'));
    expect(first).toEqual({
      handle: expect.stringMatching(FILE_HANDLE_PATTERN),
      name: 'july.csv',
      size: 23,
    });
    expect(second.handle).not.toBe(first.handle);
    expect(await files.pathOf(first.handle)).toEqual({
      path: join(root, 'july.csv'),
      name: 'july.csv',
    });
  });

  it("never grants Flowline's own data folder, however the path is spelled", async () => {
    const link = join(root, 'harmless.csv');
    symlinkSync(join(dataDir, 'secrets.json'), link);
    for (const path of [
      join(dataDir, 'secrets.json'),
      `${dataDir}/../data/secrets.json`,
      link,
      dataDir,
    ]) {
      const error = await refusal(files.grant(path));
      expect(error.type, path).toBe('forbidden');
      expect(error.message).toMatch(/is one of Flowline's own files/);
    }
  });

  it('refuses a relative path, a folder and a missing file by name', async () => {
    expect((await refusal(files.grant('july.csv'))).message).toBe(
      '"july.csv" is not an absolute path.',
    );
    mkdirSync(join(root, 'folder.csv'));
    expect((await refusal(files.grant(join(root, 'folder.csv')))).message).toMatch(/is not a file/);
    expect(await refusal(files.grant(join(root, 'gone.csv')))).toMatchObject({
      type: 'not-found',
      message: 'The file "gone.csv" does not exist (moved or deleted?).',
    });
  });

  it('does not follow a link swapped in after the grant', async () => {
    const chosen = join(root, 'swap.csv');
    writeFileSync(chosen, 'Date\n');
    const { handle } = await files.grant(chosen);
    unlinkSync(chosen);
    symlinkSync(join(root, 'july.csv'), chosen);
    expect((await refusal(files.pathOf(handle))).message).toMatch(
      /was replaced since it was chosen/,
    );
    unlinkSync(chosen);
    symlinkSync(join(dataDir, 'secrets.json'), chosen);
    expect((await refusal(files.pathOf(handle))).type).toBe('forbidden');
  });

  it('answers not-found for a handle it never gave, and forgets the oldest of many grants', async () => {
    expect(await refusal(files.pathOf('file_AAAAAAAAAAAAAAAAAAAAAAAA'))).toMatchObject({
      type: 'not-found',
      message: expect.stringMatching(/choose it again/),
    });
    const oldest = await files.grant(join(root, 'july.csv'));
    for (let i = 0; i < 100; i++) await files.grant(join(root, 'july.csv'));
    expect((await refusal(files.pathOf(oldest.handle))).type).toBe('not-found');
  });
});
