import { describe, expect, it } from 'vitest';
import { nearestRow, pixelToDay, rowSlice, selectionWindow } from './zoom.js';

const bounds = { from: 100, to: 465 };

describe('pixelToDay', () => {
  it('maps the plot area linearly onto the window and clamps outside it', () => {
    const plot = { left: 50, width: 200 };
    expect(pixelToDay(50, plot, bounds)).toBe(100);
    expect(pixelToDay(150, plot, bounds)).toBe(282.5);
    expect(pixelToDay(10, plot, bounds)).toBe(100);
    expect(pixelToDay(400, plot, bounds)).toBe(465);
  });
});

describe('selectionWindow', () => {
  it('rounds a drag outward to whole days, in either direction', () => {
    expect(selectionWindow(210.4, 150.6, bounds, 7)).toEqual({ from: 150, to: 211 });
  });

  it('widens a narrow drag around its middle, staying inside the bounds', () => {
    expect(selectionWindow(200, 201, bounds, 7)).toEqual({ from: 197, to: 203 });
    expect(selectionWindow(100, 101, bounds, 7)).toEqual({ from: 100, to: 106 });
    expect(selectionWindow(464, 465, bounds, 7)).toEqual({ from: 459, to: 465 });
  });

  it('is null when the selection covers everything', () => {
    expect(selectionWindow(90, 500, bounds, 7)).toBeNull();
    expect(selectionWindow(101, 102, { from: 100, to: 103 }, 7)).toBeNull();
  });
});

describe('rowSlice and nearestRow', () => {
  const x = [10, 11, 12, 20, 21];

  it('selects the rows inside the window, ends included', () => {
    expect(rowSlice(x, { from: 11, to: 20 })).toEqual({ start: 1, end: 4 });
    expect(rowSlice(x, { from: 13, to: 19 })).toEqual({ start: 3, end: 3 });
    expect(rowSlice(x, { from: 0, to: 100 })).toEqual({ start: 0, end: 5 });
  });

  it('finds the nearest row to a day, across gaps and past the ends', () => {
    expect(nearestRow(x, 15)).toBe(2);
    expect(nearestRow(x, 17)).toBe(3);
    expect(nearestRow(x, 0)).toBe(0);
    expect(nearestRow(x, 99)).toBe(4);
    expect(nearestRow([], 5)).toBe(-1);
  });
});
