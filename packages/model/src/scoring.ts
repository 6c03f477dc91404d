/**
 * Proper scoring rules and summary statistics for 1X2 and binary (Over/Under) forecasts.
 * Outcome index for 1X2: 0 = home win, 1 = draw, 2 = away win. Log loss uses the natural log.
 */
import type { ThreeWay } from './types.ts';

export type Outcome = 0 | 1 | 2;
export type Probs3 = readonly [number, number, number] | readonly number[];

const EPS = 1e-15;

export function outcomeOf(homeGoals: number, awayGoals: number): Outcome {
  return homeGoals > awayGoals ? 0 : homeGoals === awayGoals ? 1 : 2;
}

export function toArray(p: ThreeWay): [number, number, number] {
  return [p.home, p.draw, p.away];
}

/** Ranked probability score of one 3-way forecast (ordered H > D > A). */
export function rps(p: Probs3, outcome: Outcome): number {
  const o0 = outcome === 0 ? 1 : 0;
  const o1 = outcome === 1 ? 1 : 0;
  const c1 = (p[0] ?? 0) - o0;
  const c2 = (p[0] ?? 0) + (p[1] ?? 0) - o0 - o1;
  return (c1 * c1 + c2 * c2) / 2;
}

/** Natural-log loss of one forecast: -ln p(actual). */
export function logLoss(p: Probs3, outcome: Outcome): number {
  return -Math.log(Math.max(p[outcome] ?? 0, EPS));
}

/** Multiclass Brier score of one forecast: sum over outcomes of (p - o)^2, range 0..2. */
export function brier(p: Probs3, outcome: Outcome): number {
  let s = 0;
  for (let k = 0; k < 3; k++) {
    const d = (p[k] ?? 0) - (k === outcome ? 1 : 0);
    s += d * d;
  }
  return s;
}

/** Binary Brier score: (p - y)^2 with y = 1 when the event happened. */
export function binaryBrier(p: number, happened: boolean): number {
  const d = p - (happened ? 1 : 0);
  return d * d;
}

/** Binary natural-log loss. */
export function binaryLogLoss(p: number, happened: boolean): number {
  return -Math.log(Math.max(happened ? p : 1 - p, EPS));
}

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

export function argmax(p: Probs3): Outcome {
  const a = p[0] ?? 0,
    b = p[1] ?? 0,
    c = p[2] ?? 0;
  return a >= b && a >= c ? 0 : b >= c ? 1 : 2;
}

export interface ThreeWaySummary {
  n: number;
  rps: number;
  logLoss: number;
  brier: number;
  accuracy: number;
}

/** Mean RPS, log loss, Brier and accuracy over a set of 3-way forecasts. */
export function summarize3(preds: readonly Probs3[], outcomes: readonly Outcome[]): ThreeWaySummary {
  if (preds.length !== outcomes.length) throw new Error('length mismatch');
  let r = 0,
    l = 0,
    b = 0,
    acc = 0;
  for (let i = 0; i < preds.length; i++) {
    const p = preds[i]!;
    const o = outcomes[i]!;
    r += rps(p, o);
    l += logLoss(p, o);
    b += brier(p, o);
    if (argmax(p) === o) acc++;
  }
  const n = preds.length;
  return { n, rps: r / n, logLoss: l / n, brier: b / n, accuracy: acc / n };
}

export interface BinarySummary {
  n: number;
  brier: number;
  logLoss: number;
  accuracy: number;
}

export function summarizeBinary(preds: readonly number[], happened: readonly boolean[]): BinarySummary {
  if (preds.length !== happened.length) throw new Error('length mismatch');
  let b = 0,
    l = 0,
    acc = 0;
  for (let i = 0; i < preds.length; i++) {
    const p = preds[i]!;
    const y = happened[i]!;
    b += binaryBrier(p, y);
    l += binaryLogLoss(p, y);
    if (p >= 0.5 === y) acc++;
  }
  const n = preds.length;
  return { n, brier: b / n, logLoss: l / n, accuracy: acc / n };
}

export interface CalibrationBin {
  /** Lower and upper edge of the forecast-probability bin. */
  lo: number;
  hi: number;
  n: number;
  meanForecast: number;
  observedFrequency: number;
}

/**
 * Calibration table by decile of forecast probability: every (probability, happened) pair is put into the
 * bin [k/10, (k+1)/10). For 1X2 pass the three outcome probabilities of every match as separate pairs.
 */
export function calibrationTable(probabilities: readonly number[], happened: readonly boolean[], bins = 10): CalibrationBin[] {
  const n = new Array<number>(bins).fill(0);
  const sp = new Array<number>(bins).fill(0);
  const sy = new Array<number>(bins).fill(0);
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i]!;
    const k = Math.min(bins - 1, Math.max(0, Math.floor(p * bins)));
    n[k]!++;
    sp[k]! += p;
    sy[k]! += happened[i] ? 1 : 0;
  }
  const out: CalibrationBin[] = [];
  for (let k = 0; k < bins; k++) {
    const c = n[k]!;
    out.push({ lo: k / bins, hi: (k + 1) / bins, n: c, meanForecast: c ? sp[k]! / c : NaN, observedFrequency: c ? sy[k]! / c : NaN });
  }
  return out;
}

export interface PickSummary {
  /** Number of forecasts whose top outcome reached the threshold. */
  picks: number;
  /** Share of all forecasts that became picks. */
  coverage: number;
  hits: number;
  hitRate: number;
  /** Flat-stake ROI at the given prices (only picks with a price count toward ROI). */
  staked: number;
  profit: number;
  roi: number;
}

/**
 * Picks: the most likely outcome when its probability >= threshold (default 0.6). Hit rate over all picks;
 * flat 1-unit stake ROI at the supplied decimal price of the picked outcome (e.g. the average pre-kickoff price).
 */
export function pickSummary(
  preds: readonly Probs3[],
  outcomes: readonly Outcome[],
  prices: readonly (readonly (number | undefined)[] | undefined)[],
  threshold = 0.6,
): PickSummary {
  let picks = 0,
    hits = 0,
    staked = 0,
    profit = 0;
  for (let i = 0; i < preds.length; i++) {
    const p = preds[i]!;
    const k = argmax(p);
    if ((p[k] ?? 0) < threshold) continue;
    picks++;
    const won = outcomes[i] === k;
    if (won) hits++;
    const price = prices[i]?.[k];
    if (price !== undefined && price > 1) {
      staked += 1;
      profit += won ? price - 1 : -1;
    }
  }
  return {
    picks,
    coverage: preds.length ? picks / preds.length : NaN,
    hits,
    hitRate: picks ? hits / picks : NaN,
    staked,
    profit,
    roi: staked ? profit / staked : NaN,
  };
}

export interface BetResult {
  odds: number;
  won: boolean;
  stake?: number;
}

export interface BetSummary {
  bets: number;
  hits: number;
  hitRate: number;
  staked: number;
  profit: number;
  roi: number;
}

/** Hit rate and ROI of a list of settled bets (flat 1-unit stakes unless stake is given). */
export function betSummary(bets: readonly BetResult[]): BetSummary {
  let hits = 0,
    staked = 0,
    profit = 0;
  for (const b of bets) {
    const s = b.stake ?? 1;
    staked += s;
    if (b.won) {
      hits++;
      profit += s * (b.odds - 1);
    } else profit -= s;
  }
  return { bets: bets.length, hits, hitRate: bets.length ? hits / bets.length : NaN, staked, profit, roi: staked ? profit / staked : NaN };
}

export interface CalibrationFit {
  /** Logistic recalibration logit(P(y)) = intercept + slope x logit(p): slope 1 is calibrated, below 1 too spread. */
  intercept: number;
  slope: number;
  /** 95 % Wald interval of the slope (from the fit's information matrix). */
  slopeCI95: [number, number];
}

/** Calibration intercept and slope of binary forecasts (two-parameter Newton on the log-likelihood). */
export function calibrationSlope(probabilities: readonly number[], happened: readonly boolean[]): CalibrationFit {
  const x = probabilities.map((p) => Math.log(Math.min(Math.max(p, 1e-9), 1 - 1e-9) / (1 - Math.min(Math.max(p, 1e-9), 1 - 1e-9))));
  let a = 0,
    b = 1;
  let info: [number, number, number] = [0, 0, 0];
  for (let it = 0; it < 50; it++) {
    let ga = 0,
      gb = 0,
      haa = 0,
      hab = 0,
      hbb = 0;
    for (let i = 0; i < x.length; i++) {
      const q = 1 / (1 + Math.exp(-(a + b * x[i]!)));
      const r = (happened[i] ? 1 : 0) - q;
      const w = q * (1 - q);
      ga += r;
      gb += r * x[i]!;
      haa += w;
      hab += w * x[i]!;
      hbb += w * x[i]! * x[i]!;
    }
    info = [haa, hab, hbb];
    const det = haa * hbb - hab * hab;
    if (!(det > 0)) break;
    const da = (hbb * ga - hab * gb) / det,
      db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  const se = Math.sqrt(info[0] / (info[0] * info[2] - info[1] * info[1]));
  return { intercept: a, slope: b, slopeCI95: [b - 1.96 * se, b + 1.96 * se] };
}
