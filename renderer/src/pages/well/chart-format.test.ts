import { describe, expect, it } from 'vitest';
import { formatRowDate, formatTick, formatValue } from './chart-format.js';
import { formatDay } from '../../sync/dates.js';

describe('formatValue', () => {
  it('keeps fewer decimals as values grow', () => {
    expect(formatValue(12345.678)).toBe('12,346');
    expect(formatValue(123.456)).toBe('123.5');
    expect(formatValue(12.3456)).toBe('12.35');
    expect(formatValue(0.12345)).toBe('0.123');
    expect(formatValue(0)).toBe('0');
  });
});

describe('formatTick', () => {
  it('shortens large values', () => {
    expect(formatTick(2_500_000)).toBe('2.5M');
    expect(formatTick(45_000)).toBe('45k');
    expect(formatTick(1500)).toBe('1.5k');
    expect(formatTick(750)).toBe('750');
    expect(formatTick(0.5)).toBe('0.5');
  });
});

describe('dates', () => {
  it('writes days and months as ISO 8601, in every locale', () => {
    expect(formatDay('2024-03-05')).toBe('2024-03-05');
    expect(formatRowDate('2024-03-01', true)).toBe('2024-03');
  });
});
