/**
 * The scoreline probability grid: P(home = x, away = y) from independent Poissons with the Dixon-Coles
 * low-score correction. Every goal market (1X2, totals at any line, BTTS, double chance, correct score,
 * expected goals) is read from the same grid, so the numbers are internally consistent.
 */
import type { ThreeWay } from './types.ts';

export interface ScoreGrid {
  /** Number of rows/columns: goals 0..size-1 for each side. */
  size: number;
  /** Row-major probabilities, p[x * size + y] = P(home = x, away = y); normalised to sum to 1. */
  p: Float64Array;
  /** Probability mass of the untruncated model that the grid covers before normalisation (>= 0.999). */
  coveredMass: number;
  lambda: number;
  mu: number;
  rho: number;
}

/** Poisson pmf 0..n-1. */
export function poissonPmf(lambda: number, n: number): Float64Array {
  const out = new Float64Array(n);
  let p = Math.exp(-lambda);
  for (let k = 0; k < n; k++) {
    out[k] = p;
    p *= lambda / (k + 1);
  }
  return out;
}

/** Number of goals 0..n-1 needed so that both Poisson tails are below tol (at least 11, at most 40). */
export function gridSizeFor(lambda: number, mu: number, tol = 1e-7): number {
  const m = Math.max(lambda, mu);
  let n = 11;
  while (n < 40) {
    // Tail bound: P(X >= n) for Poisson(m)
    let p = Math.exp(-m),
      cdf = 0;
    for (let k = 0; k < n; k++) {
      cdf += p;
      p *= m / (k + 1);
    }
    if (1 - cdf < tol) break;
    n++;
  }
  return n;
}

/** Largest |rho| that keeps every Dixon-Coles-adjusted cell non-negative. */
export function clampRho(rho: number, lambda: number, mu: number): number {
  const lo = Math.max(-1 / Math.max(lambda, 1e-9), -1 / Math.max(mu, 1e-9));
  const hi = Math.min(1 / Math.max(lambda * mu, 1e-9), 1);
  return Math.min(hi - 1e-6, Math.max(lo + 1e-6, rho));
}

export function scoreGrid(lambda: number, mu: number, rho = 0, size?: number): ScoreGrid {
  if (!(lambda > 0) || !(mu > 0) || !Number.isFinite(lambda) || !Number.isFinite(mu)) {
    throw new Error(`Invalid goal expectations ${lambda}, ${mu}`);
  }
  const n = size ?? gridSizeFor(lambda, mu);
  const px = poissonPmf(lambda, n);
  const py = poissonPmf(mu, n);
  const p = new Float64Array(n * n);
  let covered = 0;
  for (let x = 0; x < n; x++) {
    const a = px[x]!;
    for (let y = 0; y < n; y++) {
      const v = a * py[y]!;
      p[x * n + y] = v;
      covered += v;
    }
  }
  const r = clampRho(rho, lambda, mu);
  // Dixon-Coles tau: the four adjustments sum to zero, so the total mass is unchanged.
  p[0] = p[0]! * (1 - lambda * mu * r);
  p[1] = p[1]! * (1 + lambda * r); // home 0, away 1
  p[n] = p[n]! * (1 + mu * r); // home 1, away 0
  p[n + 1] = p[n + 1]! * (1 - r);
  let s = 0;
  for (let i = 0; i < p.length; i++) s += p[i]!;
  for (let i = 0; i < p.length; i++) p[i] = p[i]! / s;
  return { size: n, p, coveredMass: covered, lambda, mu, rho: r };
}

export function gridOutcomes(g: ScoreGrid): ThreeWay {
  const { size: n, p } = g;
  let h = 0,
    d = 0,
    a = 0;
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const v = p[x * n + y]!;
      if (x > y) h += v;
      else if (x === y) d += v;
      else a += v;
    }
  }
  const s = h + d + a;
  return { home: h / s, draw: d / s, away: a / s };
}

/** Totals market at any line: P(total > line), P(total = line) (push, integer lines only), P(total < line). */
export function gridTotals(g: ScoreGrid, line: number): { over: number; push: number; under: number } {
  const { size: n, p } = g;
  let over = 0,
    push = 0,
    under = 0;
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const v = p[x * n + y]!;
      const t = x + y;
      if (t > line) over += v;
      else if (t === line) push += v;
      else under += v;
    }
  }
  return { over, push, under };
}

/** The grid's corner as rows: out[h][a] = P(home h, away a) for 0..n-1 goals each. */
export function gridCorner(g: ScoreGrid, n = 6): number[][] {
  return Array.from({ length: n }, (_, h) => Array.from({ length: n }, (_, a) => (h < g.size && a < g.size ? g.p[h * g.size + a]! : 0)));
}

export function gridOver(g: ScoreGrid, line = 2.5): number {
  return gridTotals(g, line).over;
}

export function gridBtts(g: ScoreGrid): { yes: number; no: number } {
  const { size: n, p } = g;
  let no = 0;
  for (let k = 0; k < n; k++) {
    no += p[k]!; // home 0
    if (k > 0) no += p[k * n]!; // away 0, home k > 0
  }
  return { yes: 1 - no, no };
}

export function gridExpectedGoals(g: ScoreGrid): { home: number; away: number } {
  const { size: n, p } = g;
  let h = 0,
    a = 0;
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      const v = p[x * n + y]!;
      h += x * v;
      a += y * v;
    }
  }
  return { home: h, away: a };
}

export function gridTopScores(g: ScoreGrid, k = 5): { home: number; away: number; probability: number }[] {
  const { size: n, p } = g;
  const cells: { home: number; away: number; probability: number }[] = [];
  for (let x = 0; x < Math.min(n, 11); x++) for (let y = 0; y < Math.min(n, 11); y++) cells.push({ home: x, away: y, probability: p[x * n + y]! });
  cells.sort((a, b) => b.probability - a.probability || a.home + a.away - (b.home + b.away) || a.home - b.home);
  return cells.slice(0, k);
}

export function doubleChance(t: ThreeWay): { homeOrDraw: number; awayOrDraw: number; homeOrAway: number } {
  return { homeOrDraw: t.home + t.draw, awayOrDraw: t.away + t.draw, homeOrAway: t.home + t.away };
}

/**
 * Fast 1X2 + P(over 2.5) without building a normalised grid object (used in hot loops).
 * Returns [home, draw, away, over25].
 */
export function quickMarkets(lambda: number, mu: number, rho: number, n = 0): [number, number, number, number] {
  if (n <= 0) n = Math.min(40, 12 + Math.ceil(2 * Math.max(lambda, mu)));
  const px = QX.length >= n ? QX : (QX = new Float64Array(n));
  const py = QY.length >= n ? QY : (QY = new Float64Array(n));
  let u = Math.exp(-lambda),
    v = Math.exp(-mu);
  for (let k = 0; k < n; k++) {
    px[k] = u;
    py[k] = v;
    u *= lambda / (k + 1);
    v *= mu / (k + 1);
  }
  // cumulative of the away distribution: P(away < x) and P(away = x)
  let h = 0,
    d = 0,
    sy = 0;
  let cumY = 0;
  for (let x = 0; x < n; x++) {
    const pxx = px[x]!;
    // P(away < x) = cumY (sum py[0..x-1])
    h += pxx * cumY;
    d += pxx * py[x]!;
    cumY += py[x]!;
    sy += pxx;
  }
  const total = sy * cumY;
  let a = total - h - d;
  const r = clampRho(rho, lambda, mu);
  const p00 = px[0]! * py[0]!,
    p01 = px[0]! * py[1]!,
    p10 = px[1]! * py[0]!,
    p11 = px[1]! * py[1]!;
  d += -lambda * mu * r * p00 - r * p11;
  a += lambda * r * p01;
  h += mu * r * p10;
  // under 2.5: totals 0, 1, 2 (the tau adjustments within totals <= 2 cancel)
  const under = px[0]! * (py[0]! + py[1]! + py[2]!) + px[1]! * (py[0]! + py[1]!) + px[2]! * py[0]!;
  const s = h + d + a;
  return [h / s, d / s, a / s, 1 - under / s];
}
let QX = new Float64Array(48);
let QY = new Float64Array(48);

/**
 * Iterative proportional fitting: rescales the grid so that its 1X2 equals `target` and P(total > 2.5) equals
 * `over` exactly, staying as close as possible (in KL) to the original shape. Used to publish every market from one
 * grid that agrees with the published ensemble probabilities.
 */
export function rakeGrid(g: ScoreGrid, target: ThreeWay, over: number, iterations = 50): ScoreGrid {
  const n = g.size;
  const p = g.p.slice();
  const cls = new Int8Array(n * n);
  const ovr = new Uint8Array(n * n);
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      cls[x * n + y] = x > y ? 0 : x === y ? 1 : 2;
      ovr[x * n + y] = x + y > 2.5 ? 1 : 0;
    }
  }
  const t3 = [target.home, target.draw, target.away];
  const t2 = [1 - over, over];
  for (let it = 0; it < iterations; it++) {
    const s3 = [0, 0, 0];
    for (let i = 0; i < p.length; i++) s3[cls[i]!]! += p[i]!;
    for (let i = 0; i < p.length; i++) p[i] = s3[cls[i]!]! > 0 ? (p[i]! * t3[cls[i]!]!) / s3[cls[i]!]! : p[i]!;
    const s2 = [0, 0];
    for (let i = 0; i < p.length; i++) s2[ovr[i]!]! += p[i]!;
    let maxDev = 0;
    for (let i = 0; i < p.length; i++) p[i] = s2[ovr[i]!]! > 0 ? (p[i]! * t2[ovr[i]!]!) / s2[ovr[i]!]! : p[i]!;
    for (let k = 0; k < 2; k++) maxDev = Math.max(maxDev, Math.abs(s2[k]! - t2[k]!));
    if (maxDev < 1e-12) break;
  }
  return { ...g, p };
}
