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

  it('hands back its residuals and Jacobian at the result, and restarts from them unchanged', () => {
    // y = a·e^(−k·x) through five points of a = 2, k = 0.3, one of them off.
    const xs = [0, 1, 2, 3, 4];
    const ys = xs.map((x, i) => 2 * Math.exp(-0.3 * x) * (i === 2 ? 1.2 : 1));
    let evaluations = 0;
    const problem = {
      m: xs.length,
      evaluate(p: Float64Array, r: Float64Array, j: Float64Array | null) {
        evaluations++;
        for (let i = 0; i < xs.length; i++) {
          const e = Math.exp(-p[1]! * xs[i]!);
          r[i] = ys[i]! - p[0]! * e;
          if (j) j.set([-e, p[0]! * xs[i]! * e], i * 2);
        }
      },
    };
    const bounds = { lower: [0, 0], upper: [10, 10] };
    const first = levenbergMarquardt(problem, [1, 1], bounds);
    const residuals = new Float64Array(5);
    const jacobian = new Float64Array(10);
    problem.evaluate(Float64Array.from(first.params), residuals, jacobian);
    expect(Array.from(first.evaluated.residuals)).toEqual(Array.from(residuals));
    expect(Array.from(first.evaluated.jacobian)).toEqual(Array.from(jacobian));

    const weights = Float64Array.from([1, 1, 0.5, 1, 1]);
    evaluations = 0;
    const fresh = levenbergMarquardt(problem, first.params, { ...bounds, weights });
    const freshEvaluations = evaluations;
    evaluations = 0;
    const restarted = levenbergMarquardt(problem, first.params, {
      ...bounds,
      weights,
      evaluated: first.evaluated,
    });
    expect(restarted.params).toEqual(fresh.params);
    expect(restarted.cost).toBe(fresh.cost);
    // The same path, less the evaluation at the start.
    expect(evaluations).toBe(freshEvaluations - 1);
  });
});
