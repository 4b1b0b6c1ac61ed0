import { describe, expect, it } from 'vitest';
import { pathOf } from './trace-line.js';

const x = (value: unknown) => Number(value) / 10;
const logY = (value: unknown) => (Number(value) > 0 ? 100 - Math.log10(Number(value)) * 10 : NaN);

describe('pathOf', () => {
  it('draws points through the scales, one subpath per run without gaps', () => {
    const d = pathOf(
      [
        { x: 0, y: 10 },
        { x: 10, y: 100 },
        { x: 20, y: null },
        { x: 30, y: 1 },
        { x: 40, y: 10 },
      ],
      x,
      logY,
    );
    expect(d).toBe('M0 90L1 80M3 100L4 90');
  });

  it('breaks the line where the log scale cannot place a value (zero), never drawing log(0)', () => {
    const d = pathOf(
      [
        { x: 0, y: 10 },
        { x: 10, y: 0 },
        { x: 20, y: 10 },
      ],
      x,
      logY,
    );
    expect(d).toBe('M0 90M2 90');
  });

  it('is empty without drawable points', () => {
    expect(pathOf([], x, logY)).toBe('');
    expect(pathOf([{ x: 0, y: null }], x, logY)).toBe('');
  });
});
