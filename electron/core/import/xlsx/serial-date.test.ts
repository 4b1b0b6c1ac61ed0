import { describe, expect, it } from 'vitest';
import { serialDay } from './serial-date.js';

describe('Excel serial days', () => {
  it('reads the 1900 system across its missing 29 February', () => {
    expect(serialDay(1, 1900)).toEqual({ iso: '1900-01-01' });
    expect(serialDay(59, 1900)).toEqual({ iso: '1900-02-28' });
    expect(serialDay(61, 1900)).toEqual({ iso: '1900-03-01' });
    expect(serialDay(45322, 1900)).toEqual({ iso: '2024-01-31' });
    expect(serialDay(45322.75, 1900)).toEqual({ iso: '2024-01-31' });
    expect(serialDay(2958465, 1900)).toEqual({ iso: '9999-12-31' });
  });

  it('reads the 1904 system from its own epoch', () => {
    expect(serialDay(0, 1904)).toEqual({ iso: '1904-01-01' });
    expect(serialDay(43860, 1904)).toEqual({ iso: '2024-01-31' });
  });

  it('names the day numbers that are no day', () => {
    expect(serialDay(60, 1900)).toEqual({
      problem: 'day number 60 is 1900-02-29, a day that does not exist (Excel counts it)',
    });
    expect(serialDay(0, 1900)).toEqual({ problem: 'day number 0 is before 1900-01-01' });
    expect(serialDay(-1, 1904)).toEqual({
      problem: 'day number -1 is before 1904-01-01 (1904 date system)',
    });
    expect(serialDay(2958466, 1900)).toEqual({ problem: 'day number 2958466 is after 9999-12-31' });
  });
});
