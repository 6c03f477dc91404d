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
