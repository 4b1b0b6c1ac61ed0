import { describe, expect, it } from 'vitest';
import { parseLaunchOptions } from './launch-options.js';

describe('parseLaunchOptions', () => {
  it('takes --data-dir in either form, relative to the working folder', () => {
    expect(parseLaunchOptions(['main.cjs', '--data-dir=/tmp/a'])).toEqual({ dataDir: '/tmp/a' });
    expect(parseLaunchOptions(['--data-dir', '/tmp/b'])).toEqual({ dataDir: '/tmp/b' });
    expect(parseLaunchOptions(['--data-dir=rel'], {}, '/work')).toEqual({ dataDir: '/work/rel' });
  });

  it('falls back to FLOWLINE_DATA_DIR, then to none (userData)', () => {
    expect(parseLaunchOptions([], { FLOWLINE_DATA_DIR: '/tmp/env' })).toEqual({
      dataDir: '/tmp/env',
    });
    expect(parseLaunchOptions(['--data-dir=/tmp/arg'], { FLOWLINE_DATA_DIR: '/tmp/env' })).toEqual({
      dataDir: '/tmp/arg',
    });
    expect(parseLaunchOptions(['--data-dir'], {})).toEqual({ dataDir: null });
    expect(parseLaunchOptions([], {})).toEqual({ dataDir: null });
  });
});
