import { describe, expect, it } from 'vitest';
import { checkCustomRange, presetRange, rangeDays } from './date-range.js';

describe('presetRange', () => {
  it('counts presets back from today', () => {
    expect(presetRange('1Y', null, '2024-03-01')).toEqual({ from: '2023-03-02', to: '2024-03-01' });
    expect(presetRange('3M', null, '2024-03-01')).toEqual({ from: '2023-12-01', to: '2024-03-01' });
  });

  it('starts "All" at first production, never after today', () => {
    expect(presetRange('All', '2015-06-01', '2024-03-01')).toEqual({
      from: '2015-06-01',
      to: '2024-03-01',
    });
    expect(presetRange('All', '2030-01-01', '2024-03-01').from).toBe('2024-03-01');
    expect(presetRange('All', null, '2024-03-01').from).toBe('1990-01-01');
  });
});

describe('checkCustomRange', () => {
  it('accepts a range whose start is on or before its end', () => {
    expect(checkCustomRange('2024-01-01', '2024-01-01')).toEqual({
      ok: true,
      range: { from: '2024-01-01', to: '2024-01-01' },
    });
  });

  it('explains a reversed range', () => {
    const check = checkCustomRange('2024-02-01', '2024-01-01');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(/2024-02-01 is after end date 2024-01-01/);
  });

  it('asks for both dates while one is empty, and rejects impossible dates', () => {
    expect(checkCustomRange('', '2024-01-01')).toMatchObject({ ok: false, message: /both/ });
    expect(checkCustomRange('2023-02-30', '2024-01-01')).toMatchObject({
      ok: false,
      message: /"2023-02-30" is not a date written YYYY-MM-DD/,
    });
    expect(checkCustomRange('0002-01-01', '2024-01-01')).toMatchObject({
      ok: false,
      message: /outside/,
    });
  });
});

describe('rangeDays', () => {
  it('counts both ends', () => {
    expect(rangeDays({ from: '2024-02-28', to: '2024-03-01' })).toBe(3);
  });
});
