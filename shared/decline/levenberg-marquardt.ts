/**
 * A small bounded Levenberg–Marquardt for weighted least squares with a few
 * parameters: minimise Σ wᵢ·rᵢ(p)² with lower ≤ p ≤ upper.
 *
 * Written here rather than taken from npm because the decline fit has two or
 * three parameters with analytic Jacobians, and the pure-JS packages fit
 * through finite-difference gradients, a matrix library and stopping rules on
 * the sum of absolute residuals; a 3×3 solve does not need them.
 *
 * Marquardt's scaling (damping λ·diag(JᵀWJ)) keeps the step independent of the
 * parameters' units; λ falls by 3 after an accepted step and rises by 2 after
 * a rejected one (Transtrum & Sethna, 2012). Bounds are kept by projecting each
 * trial point onto the box, which for a box and so few parameters is enough.
 */
export interface LeastSquaresProblem {
  /** Number of residuals. */
  m: number;
  /**
   * Writes rᵢ(p) into `residuals` and, when `jacobian` is given, ∂rᵢ/∂pⱼ into
   * jacobian[i·n + j].
   */
  evaluate(params: Float64Array, residuals: Float64Array, jacobian: Float64Array | null): void;
}

export interface LeastSquaresOptions {
  lower: readonly number[];
  upper: readonly number[];
  /** Per-residual weights ≥ 0 (default all 1). */
  weights?: Float64Array;
  maxIterations?: number;
  /** Stop when an accepted step lowers the cost by less than this fraction. */
  costTolerance?: number;
  /** Stop when no parameter moves by more than this (relative to max(1, |p|)). */
  stepTolerance?: number;
  /**
   * The residuals and Jacobian already evaluated at `initial` (a previous
   * result's `evaluated`), so a restart with new weights does not evaluate the
   * same point again. Used only when `initial` lies inside the bounds; the
   * arrays become the solver's own.
   */
  evaluated?: Evaluation;
}

/** Residuals rᵢ and Jacobian ∂rᵢ/∂pⱼ (row-major, m × n) at one point. */
export interface Evaluation {
  residuals: Float64Array;
  jacobian: Float64Array;
}

export interface LeastSquaresResult {
  params: number[];
  /** Σ wᵢ·rᵢ² at `params`. */
  cost: number;
  iterations: number;
  converged: boolean;
  /** The residuals and Jacobian at `params`: the caller owns them. */
  evaluated: Evaluation;
}

export function levenbergMarquardt(
  problem: LeastSquaresProblem,
  initial: readonly number[],
  options: LeastSquaresOptions,
): LeastSquaresResult {
  const n = initial.length;
  const { m } = problem;
  const maxIterations = options.maxIterations ?? 200;
  const costTolerance = options.costTolerance ?? 1e-12;
  const stepTolerance = options.stepTolerance ?? 1e-10;
  const weights = options.weights;
  const clamp = (value: number, j: number): number =>
    Math.min(options.upper[j] as number, Math.max(options.lower[j] as number, value));

  const params = Float64Array.from(initial, clamp);
  const reuse =
    options.evaluated !== undefined &&
    options.evaluated.residuals.length === m &&
    options.evaluated.jacobian.length === m * n &&
    params.every((value, j) => value === initial[j]);
  const trial = new Float64Array(n);
  let residuals: Float64Array = reuse ? options.evaluated!.residuals : new Float64Array(m);
  let trialResiduals: Float64Array = new Float64Array(m);
  let jacobian: Float64Array = reuse ? options.evaluated!.jacobian : new Float64Array(m * n);
  // A trial is evaluated with its Jacobian, so an accepted step (most of them) costs one
  // evaluation: the buffers are swapped rather than the point evaluated again.
  let trialJacobian: Float64Array = new Float64Array(m * n);
  const normal = new Float64Array(n * n);
  const gradient = new Float64Array(n);
  const system = new Float64Array(n * n);
  const step = new Float64Array(n);

  const cost = (r: Float64Array): number => {
    let sum = 0;
    for (let i = 0; i < m; i++) {
      const w = weights ? (weights[i] as number) : 1;
      const ri = r[i] as number;
      sum += w * (ri * ri);
    }
    return Number.isFinite(sum) ? sum : Infinity;
  };

  if (!reuse) problem.evaluate(params, residuals, jacobian);
  let current = cost(residuals);
  let lambda = 1e-3;
  let iterations = 0;
  let converged = false;

  while (iterations < maxIterations && !converged) {
    iterations++;
    normalEquations(jacobian, residuals, weights, m, n, normal, gradient);

    let accepted = false;
    // Rejections only raise λ; past 40 of them (λ ×10¹²) no useful step is left.
    for (let rejections = 0; !accepted && rejections < 40; rejections++) {
      for (let k = 0; k < n * n; k++) system[k] = normal[k] as number;
      for (let a = 0; a < n; a++) {
        const diagonal = Math.max(normal[a * n + a] as number, 1e-12);
        system[a * n + a] = (normal[a * n + a] as number) + lambda * diagonal;
        step[a] = -(gradient[a] as number);
      }
      if (!solveInPlace(system, step, n)) {
        lambda *= 4;
        continue;
      }
      let moved = 0;
      for (let a = 0; a < n; a++) {
        const p = params[a] as number;
        trial[a] = clamp(p + (step[a] as number), a);
        moved = Math.max(moved, Math.abs((trial[a] as number) - p) / Math.max(1, Math.abs(p)));
      }
      problem.evaluate(trial, trialResiduals, trialJacobian);
      const next = cost(trialResiduals);
      if (next <= current) {
        const improvement = current - next;
        params.set(trial);
        [residuals, trialResiduals] = [trialResiduals, residuals];
        [jacobian, trialJacobian] = [trialJacobian, jacobian];
        converged = improvement <= costTolerance * current || moved <= stepTolerance;
        current = next;
        lambda = Math.max(lambda / 3, 1e-12);
        accepted = true;
      } else {
        // No step lowers the cost even when tiny: a minimum to working precision.
        if (moved <= stepTolerance) converged = true;
        lambda *= 2;
        if (converged) break;
      }
    }
    if (!accepted && !converged) {
      converged = true;
    }
  }
  return {
    params: Array.from(params),
    cost: current,
    iterations,
    converged,
    evaluated: { residuals, jacobian },
  };
}

/**
 * The normal equations JᵀWJ (into `normal`, n×n) and JᵀWr (into `gradient`).
 * Two and three parameters, the decline fits' cases, keep their sums in locals:
 * this loop runs over every point at every iteration, and typed-array stores in
 * it cost about as much as evaluating the model.
 */
function normalEquations(
  jacobian: Float64Array,
  residuals: Float64Array,
  weights: Float64Array | undefined,
  m: number,
  n: number,
  normal: Float64Array,
  gradient: Float64Array,
): void {
  if (n === 2 || n === 3) {
    let g0 = 0,
      g1 = 0,
      g2 = 0;
    let n00 = 0,
      n10 = 0,
      n11 = 0,
      n20 = 0,
      n21 = 0,
      n22 = 0;
    for (let i = 0; i < m; i++) {
      const w = weights ? (weights[i] as number) : 1;
      if (w === 0) continue;
      const r = residuals[i] as number;
      const row = i * n;
      const j0 = jacobian[row] as number;
      const j1 = jacobian[row + 1] as number;
      const w0 = j0 * w;
      const w1 = j1 * w;
      g0 += w0 * r;
      g1 += w1 * r;
      n00 += w0 * j0;
      n10 += w1 * j0;
      n11 += w1 * j1;
      if (n === 3) {
        const j2 = jacobian[row + 2] as number;
        const w2 = j2 * w;
        g2 += w2 * r;
        n20 += w2 * j0;
        n21 += w2 * j1;
        n22 += w2 * j2;
      }
    }
    if (n === 2) {
      gradient[0] = g0;
      gradient[1] = g1;
      normal.set([n00, n10, n10, n11]);
    } else {
      gradient[0] = g0;
      gradient[1] = g1;
      gradient[2] = g2;
      normal.set([n00, n10, n20, n10, n11, n21, n20, n21, n22]);
    }
    return;
  }
  normal.fill(0);
  gradient.fill(0);
  for (let i = 0; i < m; i++) {
    const w = weights ? (weights[i] as number) : 1;
    if (w === 0) continue;
    const r = residuals[i] as number;
    const row = i * n;
    for (let a = 0; a < n; a++) {
      const ja = (jacobian[row + a] as number) * w;
      gradient[a] = (gradient[a] as number) + ja * r;
      for (let c = 0; c <= a; c++) {
        normal[a * n + c] = (normal[a * n + c] as number) + ja * (jacobian[row + c] as number);
      }
    }
  }
  for (let a = 0; a < n; a++) {
    for (let c = 0; c < a; c++) normal[c * n + a] = normal[a * n + c] as number;
  }
}

/** Solves A·x = b (A n×n, row-major) by Gaussian elimination with partial pivoting; x replaces b. */
function solveInPlace(a: Float64Array, b: Float64Array, n: number): boolean {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row * n + col] as number) > Math.abs(a[pivot * n + col] as number))
        pivot = row;
    }
    const p = a[pivot * n + col] as number;
    if (!Number.isFinite(p) || Math.abs(p) < 1e-300) return false;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        const tmp = a[col * n + k] as number;
        a[col * n + k] = a[pivot * n + k] as number;
        a[pivot * n + k] = tmp;
      }
      const tmp = b[col] as number;
      b[col] = b[pivot] as number;
      b[pivot] = tmp;
    }
    for (let row = col + 1; row < n; row++) {
      const factor = (a[row * n + col] as number) / p;
      if (factor === 0) continue;
      for (let k = col; k < n; k++) {
        a[row * n + k] = (a[row * n + k] as number) - factor * (a[col * n + k] as number);
      }
      b[row] = (b[row] as number) - factor * (b[col] as number);
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let sum = b[row] as number;
    for (let k = row + 1; k < n; k++) sum -= (a[row * n + k] as number) * (b[k] as number);
    b[row] = sum / (a[row * n + row] as number);
  }
  return true;
}
