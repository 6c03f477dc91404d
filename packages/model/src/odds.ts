/**
 * Odds utilities: format conversion and margin removal (proportional, Shin, power); value bets: value-rule.ts.
 * Pure functions; odds are decimal unless stated.
 */
import type { MatchOdds, ThreeWay } from './types.ts';

export type MarginMethod = 'proportional' | 'shin' | 'power';

/** Decimal odds from a fractional price such as '5/2' (or [5, 2]). */
export function fractionalToDecimal(fractional: string | [number, number]): number {
  let num: number;
  let den: number;
  if (typeof fractional === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(fractional);
    if (!m) {
      if (/^\s*evens?\s*$/i.test(fractional)) return 2;
      throw new Error(`Not a fractional price: '${fractional}'`);
    }
    num = Number(m[1]);
    den = Number(m[2]);
  } else {
    [num, den] = fractional;
  }
  if (!(num >= 0) || !(den > 0)) throw new Error(`Invalid fractional price ${num}/${den}`);
  return 1 + num / den;
}

/** Fractional price (reduced, with integer parts found by continued fractions up to maxDenominator). */
export function decimalToFractional(decimal: number, maxDenominator = 100): string {
  assertDecimal(decimal);
  const x = decimal - 1;
  // Best rational approximation via continued fractions.
  let h0 = 0,
    h1 = 1,
    k0 = 1,
    k1 = 0;
  let v = x;
  for (let i = 0; i < 64; i++) {
    const a = Math.floor(v);
    const h2 = a * h1 + h0;
    const k2 = a * k1 + k0;
    if (k2 > maxDenominator) break;
    h0 = h1;
    h1 = h2;
    k0 = k1;
    k1 = k2;
    const frac = v - a;
    if (Math.abs(h1 / k1 - x) < 1e-9 || frac < 1e-12) break;
    v = 1 / frac;
  }
  return `${h1}/${k1}`;
}

/** Decimal odds from American (moneyline) odds: +150 -> 2.5, -200 -> 1.5. */
export function americanToDecimal(american: number): number {
  if (!Number.isFinite(american) || Math.abs(american) < 100) throw new Error(`Invalid American odds ${american}`);
  return american > 0 ? 1 + american / 100 : 1 + 100 / -american;
}

/** American odds from decimal odds: 2.5 -> +150, 1.5 -> -200. */
export function decimalToAmerican(decimal: number): number {
  assertDecimal(decimal);
  return decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1);
}

/** Raw implied probability 1/odds (includes the bookmaker's margin). */
export function impliedProbability(decimal: number): number {
  assertDecimal(decimal);
  return 1 / decimal;
}

/** Bookmaker margin (overround) of one market: sum(1/odds) - 1. */
export function overround(odds: readonly number[]): number {
  return odds.reduce((s, o) => s + 1 / o, 0) - 1;
}

function assertDecimal(o: number): void {
  if (!Number.isFinite(o) || o <= 1) throw new Error(`Invalid decimal odds ${o}`);
}

export interface MarginRemoval {
  probabilities: number[];
  margin: number;
  /** Shin's z (insider share) or the power method's exponent k; absent for proportional. */
  parameter?: number;
}

/** Removes the bookmaker margin from one market's decimal odds and returns probabilities summing to 1. */
export function removeMargin(odds: readonly number[], method: MarginMethod = 'proportional'): number[] {
  return removeMarginDetailed(odds, method).probabilities;
}

export function removeMarginDetailed(odds: readonly number[], method: MarginMethod = 'proportional'): MarginRemoval {
  if (odds.length < 2) throw new Error('A market needs at least two outcomes');
  for (const o of odds) assertDecimal(o);
  const pi = odds.map((o) => 1 / o);
  const booksum = pi.reduce((s, p) => s + p, 0);
  const margin = booksum - 1;
  if (method === 'proportional' || Math.abs(margin) < 1e-12) {
    return { probabilities: pi.map((p) => p / booksum), margin };
  }
  if (method === 'shin') {
    // Shin (1993) as in penaltyblog / implied: p_i = (sqrt(z^2 + 4(1-z) pi_i^2 / S) - z) / (2(1-z)); find z with sum p = 1.
    // sum p is decreasing in z; the root lies in [0, 0.5) for a positive margin, in (-0.5, 0] for a negative one.
    const n = pi.length;
    const sumAndSlope = (z: number): [number, number] => {
      let f = -1,
        df = 0;
      for (let i = 0; i < n; i++) {
        const A = (4 * pi[i]! * pi[i]!) / booksum;
        const r = Math.sqrt(z * z + (1 - z) * A);
        const q = 1 - z;
        f += (r - z) / (2 * q);
        const dr = (2 * z - A) / (2 * r);
        df += ((dr - 1) * q + (r - z)) / (2 * q * q);
      }
      return [f, df];
    };
    const z = solveDecreasing(sumAndSlope, margin > 0 ? 0 : -0.5, margin > 0 ? 0.5 : 0, margin / 2);
    const p = pi.map((x) => (Math.sqrt(z * z + (4 * (1 - z) * x * x) / booksum) - z) / (2 * (1 - z)));
    const s = p.reduce((a, b) => a + b, 0);
    return { probabilities: p.map((x) => x / s), margin, parameter: z };
  }
  // power: p_i = pi_i^k with sum 1; sum pi_i^k is decreasing in k (every pi_i < 1), k > 1 when margin > 0.
  const sumAndSlope = (k: number): [number, number] => {
    let f = -1,
      df = 0;
    for (const x of pi) {
      const v = Math.pow(x, k);
      f += v;
      df += v * Math.log(x);
    }
    return [f, df];
  };
  const k = solveDecreasing(sumAndSlope, 0.05, 20, 1 + margin);
  const p = pi.map((x) => Math.pow(x, k));
  const s = p.reduce((a, b) => a + b, 0);
  return { probabilities: p.map((x) => x / s), margin, parameter: k };
}

/**
 * Root of a decreasing function f on [lo, hi] (f(lo) >= 0 >= f(hi)) by Newton steps kept inside the bracket, with
 * bisection when a step leaves it. `fAndSlope` returns [f(x), f'(x)]. Stops when the step or the bracket falls below
 * rounding: a Newton step that lands on a bracket end at convergence is accepted, not replaced by a midpoint.
 */
export function solveDecreasing(fAndSlope: (x: number) => [number, number], lo: number, hi: number, start: number): number {
  let x = Math.min(hi, Math.max(lo, start));
  for (let it = 0; it < 200; it++) {
    const [f, df] = fAndSlope(x);
    if (f === 0) return x;
    if (f > 0) lo = x;
    else hi = x;
    const tol = 4 * Number.EPSILON * Math.max(1, Math.abs(x));
    let next = x - f / df;
    if (!Number.isFinite(next) || next < lo || next > hi) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= tol || hi - lo <= tol) return next;
    x = next;
  }
  return x;
}

/** De-vigged 1X2 probabilities from a MatchOdds, or undefined when any price is missing/invalid. */
export function threeWayFromOdds(odds: MatchOdds | undefined, method: MarginMethod = 'shin'): ThreeWay | undefined {
  if (!odds) return undefined;
  const { home, draw, away } = odds;
  if (!validPrice(home) || !validPrice(draw) || !validPrice(away)) return undefined;
  const [h, d, a] = removeMargin([home, draw, away], method) as [number, number, number];
  return { home: h, draw: d, away: a };
}

/** De-vigged probability of over 2.5 goals, or undefined when a price is missing/invalid. */
export function overFromOdds(odds: MatchOdds | undefined, method: MarginMethod = 'proportional'): number | undefined {
  if (!odds) return undefined;
  const { over25, under25 } = odds;
  if (!validPrice(over25) || !validPrice(under25)) return undefined;
  return removeMargin([over25, under25], method)[0];
}

export function validPrice(o: number | undefined): o is number {
  return typeof o === 'number' && Number.isFinite(o) && o > 1.001 && o < 1000;
}
