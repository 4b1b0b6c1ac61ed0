import { describe, expect, it } from 'vitest';
import { levenbergMarquardt } from './levenberg-marquardt.js';

describe('levenbergMarquardt', () => {
  it('finds the Rosenbrock minimum (1, 1) from the classic start (−1.2, 1)', () => {
    const result = levenbergMarquardt(
      {
        m: 2,
        evaluate(p, r, j) {
          const [x, y] = [p[0]!, p[1]!];
          r[0] = 10 * (y - x * x);
          r[1] = 1 - x;
          if (j) j.set([-20 * x, 10, -1, 0]);
        },
      },
      [-1.2, 1],
      { lower: [-10, -10], upper: [10, 10] },
    );
    expect(result.converged).toBe(true);
    expect(result.params[0]).toBeCloseTo(1, 8);
    expect(result.params[1]).toBeCloseTo(1, 8);
  });

  it('keeps parameters inside their bounds and honours zero weights', () => {
    // Fit y = a·x to points on y = 3x, one wild point weighted out; a is capped at 2.5.
    const xs = [1, 2, 3, 4, 5];
    const ys = [3, 6, 9, 12, 1000];
    const problem = {
      m: xs.length,
      evaluate(p: Float64Array, r: Float64Array, j: Float64Array | null) {
        for (let i = 0; i < xs.length; i++) {
          r[i] = ys[i]! - p[0]! * xs[i]!;
          if (j) j[i] = -xs[i]!;
        }
      },
    };
    const weights = Float64Array.from([1, 1, 1, 1, 0]);
    const free = levenbergMarquardt(problem, [1], { lower: [0], upper: [10], weights });
    expect(free.params[0]).toBeCloseTo(3, 10);
    expect(free.cost).toBeLessThan(1e-18);
    const capped = levenbergMarquardt(problem, [1], { lower: [0], upper: [2.5], weights });
    expect(capped.params[0]).toBe(2.5);
  });
});
