import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDecimalSeparator, parseNumber } from './numbers.js';

describe('parseNumber', () => {
  it('reads numbers as spreadsheets write them', () => {
    expect(parseNumber('12.5', '.')).toBe(12.5);
    expect(parseNumber(' 12.5 ', '.')).toBe(12.5);
    expect(parseNumber('1,234.5', '.')).toBe(1234.5);
    expect(parseNumber('1e3', '.')).toBe(1000);
    expect(parseNumber('.5', '.')).toBe(0.5);
    expect(parseNumber('-5', '.')).toBe(-5);
    expect(parseNumber('12,5', ',')).toBe(12.5);
    expect(parseNumber('4.189,25', ',')).toBe(4189.25);
    expect(parseNumber('1 234,5', ',')).toBe(1234.5);
    expect(parseNumber('1\u00a0234', ',')).toBe(1234);
    expect(parseNumber("1'234,5", ',')).toBe(1234.5);
  });

  it('tells an empty cell (null) from one that is not a number (NaN)', () => {
    for (const blank of ['', '  ', '-', 'N/A', 'na', 'null', '#N/A']) {
      expect(parseNumber(blank, '.')).toBeNull();
    }
    for (const bad of ['abc', '12.5.3', '1,23.4', '=SUM(A1)', '12,5', '5 bbl', '1.234,5']) {
      expect(parseNumber(bad, '.')).toBeNaN();
    }
    expect(parseNumber('1,234.5', ',')).toBeNaN();
  });

  it('accepts a percent sign only where asked (watercut)', () => {
    expect(parseNumber('86,7%', ',', true)).toBe(86.7);
    expect(parseNumber('86.7%', '.')).toBeNaN();
    expect(parseNumber('%', '.', true)).toBeNaN();
  });

  it('reads back every finite double written by JavaScript, with either separator', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = String(value);
        expect(parseNumber(text, '.')).toBe(Number(text));
        if (value !== 0) expect(parseNumber(text, '.')).toBe(value);
        expect(parseNumber(text.replace('.', ','), ',')).toBe(Number(text));
      }),
    );
  });

  it('reads back grouped numbers in both conventions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const value = Math.sign(whole || 1) * (Math.abs(whole) + cents / 100);
          const us = value.toLocaleString('en-US', {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          });
          const de = value.toLocaleString('de-DE', {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          });
          expect(parseNumber(us, '.')).toBe(Number(value.toFixed(2)));
          expect(parseNumber(de.replace('\u2212', '-'), ',')).toBe(Number(value.toFixed(2)));
        },
      ),
    );
  });
});

describe('detectDecimalSeparator', () => {
  it('decides from the cells that can only be read one way', () => {
    expect(detectDecimalSeparator(['12', '3,41', '22,3', '4.189,25'], ';')).toBe(',');
    expect(detectDecimalSeparator(['12', '3.41', '1,234.5'], ',')).toBe('.');
    expect(detectDecimalSeparator(['12', '14', ''], ';')).toBe('.');
  });

  it('reads a lone "1,234" as a thousands group in comma files and a decimal elsewhere', () => {
    expect(detectDecimalSeparator(['1,234', '2,345'], ',')).toBe('.');
    expect(detectDecimalSeparator(['1,234', '2,345'], ';')).toBe(',');
  });
});
