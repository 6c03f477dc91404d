/** Small dense linear algebra for Newton steps (row-major Float64Array matrices). */

/**
 * Solves A x = b for symmetric positive-definite A (n x n, row-major) by Cholesky.
 * Returns undefined when A is not positive definite. A and b are not modified.
 */
export function choleskySolve(A: Float64Array, b: Float64Array, n: number): Float64Array | undefined {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = A[i * n + j]!;
      for (let k = 0; k < j; k++) s -= L[i * n + k]! * L[j * n + k]!;
      if (i === j) {
        if (!(s > 1e-14)) return undefined;
        L[i * n + i] = Math.sqrt(s);
      } else L[i * n + j] = s / L[j * n + j]!;
    }
  }
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= L[i * n + k]! * y[k]!;
    y[i] = s / L[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= L[k * n + i]! * x[k]!;
    x[i] = s / L[i * n + i]!;
  }
  return x;
}

/**
 * Newton step for maximising a concave-ish objective: solves (-H + damping * diag) d = g with
 * increasing Levenberg damping until the system is positive definite.
 */
export function newtonDirection(negH: Float64Array, g: Float64Array, n: number, damping0 = 0): Float64Array {
  let damping = damping0;
  for (let tries = 0; tries < 30; tries++) {
    let A = negH;
    if (damping > 0) {
      A = negH.slice();
      for (let i = 0; i < n; i++) A[i * n + i] = A[i * n + i]! + damping * Math.max(1, Math.abs(negH[i * n + i]!));
    }
    const d = choleskySolve(A, g, n);
    if (d && d.every(Number.isFinite)) return d;
    damping = damping === 0 ? 1e-6 : damping * 10;
  }
  // Fall back to a small gradient step.
  return g.map((x) => x * 1e-3);
}

/** What one accepted Newton step achieved, for the caller's stopping rule. */
export interface NewtonStep {
  /** Objective after the step minus before. */
  gain: number;
  /** Objective after the step. */
  value: number;
  /** Line-search step length that was accepted (1 = the full Newton step). */
  step: number;
  /** Largest absolute change of a parameter. */
  maxChange: number;
}

export interface NewtonOptions {
  maxIterations: number;
  /** Halvings tried by the backtracking line search before giving up. */
  lineSearchSteps: number;
  /** After this many halvings the direction falls back to a small gradient step. */
  gradientFallbackAfter?: number;
  /** True when the fit has converged after this accepted step. */
  converged: (s: NewtonStep) => boolean;
}

/**
 * Maximises a smooth penalised objective in place by damped Newton steps with a backtracking line search.
 * `derivatives` fills the gradient and the negative Hessian (row-major, n x n) at the current parameters; both
 * arrays are zeroed before each call. Stops when `converged` says so, when no step along the direction improves
 * the objective, or after maxIterations. Returns the final objective and the number of iterations.
 */
export function maximiseNewton(
  params: Float64Array,
  objective: (params: Float64Array) => number,
  derivatives: (params: Float64Array, gradient: Float64Array, negHessian: Float64Array) => void,
  opts: NewtonOptions,
): { value: number; iterations: number } {
  const n = params.length;
  const gradient = new Float64Array(n);
  const negHessian = new Float64Array(n * n);
  const trial = new Float64Array(n);
  let value = objective(params);
  let iterations = 0;
  while (iterations < opts.maxIterations) {
    iterations++;
    gradient.fill(0);
    negHessian.fill(0);
    derivatives(params, gradient, negHessian);
    let direction = newtonDirection(negHessian, gradient, n);
    let step = 1;
    let accepted: NewtonStep | undefined;
    for (let ls = 0; ls < opts.lineSearchSteps; ls++) {
      for (let k = 0; k < n; k++) trial[k] = params[k]! + step * direction[k]!;
      const trialValue = objective(trial);
      if (trialValue >= value - 1e-12 * Math.abs(value)) {
        let maxChange = 0;
        for (let k = 0; k < n; k++) maxChange = Math.max(maxChange, Math.abs(step * direction[k]!));
        accepted = { gain: trialValue - value, value: trialValue, step, maxChange };
        params.set(trial);
        value = trialValue;
        break;
      }
      step /= 2;
      if (ls === opts.gradientFallbackAfter) direction = gradient.map((x) => x * 1e-3);
    }
    if (!accepted || opts.converged(accepted)) break;
  }
  return { value, iterations };
}
