/**
 * Market-implied goal expectancies: the (home, away) Poisson means whose Dixon-Coles grid best reproduces
 * de-vigged 1X2 probabilities and, when given, P(over 2.5) (least squares, Levenberg-Marquardt in log space).
 * In the spirit of penaltyblog's goal_expectancy and goalmodel's expg_from_probabilities/expg_from_ou.
 */
import { quickMarkets } from './grid.ts';

export interface ImpliedGoals {
  lambda: number;
  mu: number;
  /** Root-mean-square error of the fit in probability units. */
  error: number;
}

function residuals(l: number, m: number, rho: number, pH: number, pA: number, pOver: number | undefined, ouWeight: number): number[] {
  const q = quickMarkets(l, m, rho);
  const r = [q[0] - pH, q[2] - pA];
  if (pOver !== undefined) r.push(ouWeight * (q[3] - pOver));
  return r;
}

export function impliedGoals(p: { home: number; draw: number; away: number }, pOver?: number, rho = -0.05, ouWeight = 1): ImpliedGoals {
  const s = p.home + p.draw + p.away;
  const pH = p.home / s,
    pA = p.away / s;
  // Start: total from O/U when present, split by the home/away balance.
  let total = 2.6;
  if (pOver !== undefined) total = 2.6 + 2.2 * (pOver - 0.52);
  const bal = Math.log(Math.max(pH, 0.01) / Math.max(pA, 0.01)) * 0.45;
  let a = Math.log(Math.max(0.1, total / (1 + Math.exp(-bal))));
  let b = Math.log(Math.max(0.1, total - Math.exp(a)));
  let damping = 1e-3;
  let r = residuals(Math.exp(a), Math.exp(b), rho, pH, pA, pOver, ouWeight);
  let f = r.reduce((t, x) => t + x * x, 0);
  const h = 1e-5;
  for (let it = 0; it < 40; it++) {
    const ra = residuals(Math.exp(a + h), Math.exp(b), rho, pH, pA, pOver, ouWeight);
    const rb = residuals(Math.exp(a), Math.exp(b + h), rho, pH, pA, pOver, ouWeight);
    let jaa = 0,
      jab = 0,
      jbb = 0,
      ga = 0,
      gb = 0;
    for (let i = 0; i < r.length; i++) {
      const da = (ra[i]! - r[i]!) / h;
      const db = (rb[i]! - r[i]!) / h;
      jaa += da * da;
      jab += da * db;
      jbb += db * db;
      ga += da * r[i]!;
      gb += db * r[i]!;
    }
    let improved = false;
    for (let tries = 0; tries < 10; tries++) {
      const A = jaa * (1 + damping) + 1e-12,
        B = jab,
        D = jbb * (1 + damping) + 1e-12;
      const det = A * D - B * B;
      const sa = -(D * ga - B * gb) / det;
      const sb = -(A * gb - B * ga) / det;
      const na = Math.min(2, Math.max(-3, a + Math.max(-1, Math.min(1, sa))));
      const nb = Math.min(2, Math.max(-3, b + Math.max(-1, Math.min(1, sb))));
      const nr = residuals(Math.exp(na), Math.exp(nb), rho, pH, pA, pOver, ouWeight);
      const nf = nr.reduce((t, x) => t + x * x, 0);
      if (nf <= f) {
        const delta = Math.abs(na - a) + Math.abs(nb - b);
        a = na;
        b = nb;
        r = nr;
        f = nf;
        damping = Math.max(1e-7, damping / 5);
        improved = true;
        if (delta < 1e-7) it = 1000;
        break;
      }
      damping *= 10;
    }
    if (!improved || f < 1e-16) break;
  }
  return { lambda: Math.exp(a), mu: Math.exp(b), error: Math.sqrt(f / r.length) };
}
