/**
 * Regularised logistic models fitted by Newton-Raphson with analytic gradients and Hessians:
 * - multinomial (softmax, 3 classes, away as reference class) with an L2 penalty toward a prior coefficient vector;
 * - binary logistic regression with the same kind of penalty;
 * - ordered logit (proportional odds) for H > D > A.
 * All deterministic; rows are plain number arrays.
 */
import { maximiseNewton, type NewtonOptions } from './linalg.ts';

export interface Dataset {
  /** Feature rows (without intercept). */
  x: readonly (readonly number[])[];
  /** Class labels: 0..2 for multinomial/ordered (0 = home, 1 = draw, 2 = away), 0/1 for binary. */
  y: readonly number[];
  /** Observation weights (default 1). */
  w?: readonly number[];
}

export interface PenaltySpec {
  /** L2 strength per coefficient (intercepts are penalised with `interceptL2`). */
  l2: number | readonly number[];
  interceptL2?: number;
}

/** Newton settings shared by the logistic fits: stop when a step gains (relatively) < 1e-10 or moves < 1e-5. */
const logisticNewton = (maxIterations: number): NewtonOptions => ({
  maxIterations,
  lineSearchSteps: 20,
  converged: ({ gain, value, maxChange }) => !(gain > 1e-10 * Math.max(1, Math.abs(value)) && maxChange > 1e-5),
});

/** Adds the Gaussian prior (L2 around `mean`, strengths `lam`) to a gradient and negative Hessian. */
function addPenalty(coef: Float64Array, g: Float64Array, H: Float64Array, lam: Float64Array, mean: Float64Array): void {
  const P = coef.length;
  for (let k = 0; k < P; k++) {
    g[k] = g[k]! - lam[k]! * (coef[k]! - mean[k]!);
    H[k * P + k] = H[k * P + k]! + lam[k]! + 1e-10;
  }
}

function l2At(spec: PenaltySpec, j: number): number {
  return typeof spec.l2 === 'number' ? spec.l2 : (spec.l2[j] ?? 0);
}

/**
 * Multinomial model with classes home/draw scored against away (reference).
 * coef layout: [bH0, bH1..bHp, bD0, bD1..bDp] (intercept first).
 */
export interface MultinomialModel {
  coef: number[];
  p: number;
}

export function multinomialProbs(m: MultinomialModel, x: readonly number[]): [number, number, number] {
  const q = m.p + 1;
  let sH = m.coef[0]!,
    sD = m.coef[q]!;
  for (let j = 0; j < m.p; j++) {
    const v = x[j]!;
    sH += m.coef[1 + j]! * v;
    sD += m.coef[q + 1 + j]! * v;
  }
  const mx = Math.max(sH, sD, 0);
  const eH = Math.exp(sH - mx),
    eD = Math.exp(sD - mx),
    eA = Math.exp(-mx);
  const s = eH + eD + eA;
  return [eH / s, eD / s, eA / s];
}

export function fitMultinomial(data: Dataset, penalty: PenaltySpec, prior?: readonly number[], init?: readonly number[], maxIterations = 25): MultinomialModel {
  const n = data.x.length;
  const p = n ? data.x[0]!.length : prior ? prior.length / 2 - 1 : 0;
  const q = p + 1;
  const P = 2 * q;
  const mean = new Float64Array(P);
  if (prior) mean.set(prior);
  const theta = new Float64Array(P);
  theta.set(init ?? mean);
  const lam = new Float64Array(P);
  for (let k = 0; k < 2; k++) {
    lam[k * q] = penalty.interceptL2 ?? 1e-4;
    for (let j = 0; j < p; j++) lam[k * q + 1 + j] = l2At(penalty, j);
  }
  const objective = (coef: Float64Array): number => {
    let ll = 0;
    for (let i = 0; i < n; i++) {
      const x = data.x[i]!;
      let sH = coef[0]!,
        sD = coef[q]!;
      for (let j = 0; j < p; j++) {
        sH += coef[1 + j]! * x[j]!;
        sD += coef[q + 1 + j]! * x[j]!;
      }
      const mx = Math.max(sH, sD, 0);
      const lse = mx + Math.log(Math.exp(sH - mx) + Math.exp(sD - mx) + Math.exp(-mx));
      const y = data.y[i]!;
      ll += (data.w?.[i] ?? 1) * ((y === 0 ? sH : y === 1 ? sD : 0) - lse);
    }
    let pen = 0;
    for (let k = 0; k < P; k++) {
      const d = coef[k]! - mean[k]!;
      pen += lam[k]! * d * d;
    }
    return ll - 0.5 * pen;
  };
  const xi = new Float64Array(q);
  maximiseNewton(
    theta,
    objective,
    (coef, g, H) => {
      for (let i = 0; i < n; i++) {
        const x = data.x[i]!;
        xi[0] = 1;
        for (let j = 0; j < p; j++) xi[1 + j] = x[j]!;
        let sH = 0,
          sD = 0;
        for (let j = 0; j < q; j++) {
          sH += coef[j]! * xi[j]!;
          sD += coef[q + j]! * xi[j]!;
        }
        const mx = Math.max(sH, sD, 0);
        const eH = Math.exp(sH - mx),
          eD = Math.exp(sD - mx),
          eA = Math.exp(-mx);
        const s = eH + eD + eA;
        const pH = eH / s,
          pD = eD / s;
        const y = data.y[i]!;
        const wi = data.w?.[i] ?? 1;
        const rH = wi * ((y === 0 ? 1 : 0) - pH),
          rD = wi * ((y === 1 ? 1 : 0) - pD);
        const aHH = wi * pH * (1 - pH),
          aDD = wi * pD * (1 - pD),
          aHD = -wi * pH * pD;
        for (let j = 0; j < q; j++) {
          const xj = xi[j]!;
          g[j] = g[j]! + rH * xj;
          g[q + j] = g[q + j]! + rD * xj;
          for (let k = 0; k <= j; k++) {
            const xx = xj * xi[k]!;
            H[j * P + k] = H[j * P + k]! + aHH * xx;
            H[(q + j) * P + q + k] = H[(q + j) * P + q + k]! + aDD * xx;
            H[(q + j) * P + k] = H[(q + j) * P + k]! + aHD * xx;
            if (k !== j) H[(q + k) * P + j] = H[(q + k) * P + j]! + aHD * xx;
          }
        }
      }
      // symmetrise (lower triangle filled above) and add penalty
      for (let a = 0; a < P; a++) for (let b = 0; b < a; b++) H[b * P + a] = H[a * P + b]!;
      addPenalty(coef, g, H, lam, mean);
    },
    logisticNewton(maxIterations),
  );
  return { coef: Array.from(theta), p };
}

export interface BinaryModel {
  coef: number[];
  p: number;
}

export function binaryProb(m: BinaryModel, x: readonly number[]): number {
  let s = m.coef[0]!;
  for (let j = 0; j < m.p; j++) s += m.coef[1 + j]! * x[j]!;
  return 1 / (1 + Math.exp(-s));
}

export function fitBinary(data: Dataset, penalty: PenaltySpec, prior?: readonly number[], init?: readonly number[], maxIterations = 25): BinaryModel {
  const n = data.x.length;
  const p = n ? data.x[0]!.length : prior ? prior.length - 1 : 0;
  const P = p + 1;
  const mean = new Float64Array(P);
  if (prior) mean.set(prior);
  const theta = new Float64Array(P);
  theta.set(init ?? mean);
  const lam = new Float64Array(P);
  lam[0] = penalty.interceptL2 ?? 1e-4;
  for (let j = 0; j < p; j++) lam[1 + j] = l2At(penalty, j);
  const objective = (coef: Float64Array): number => {
    let ll = 0;
    for (let i = 0; i < n; i++) {
      const x = data.x[i]!;
      let s = coef[0]!;
      for (let j = 0; j < p; j++) s += coef[1 + j]! * x[j]!;
      const y = data.y[i]!;
      // log sigma(s) for y=1, log sigma(-s) for y=0
      const z = y === 1 ? s : -s;
      ll += (data.w?.[i] ?? 1) * (z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z)));
    }
    let pen = 0;
    for (let k = 0; k < P; k++) {
      const d = coef[k]! - mean[k]!;
      pen += lam[k]! * d * d;
    }
    return ll - 0.5 * pen;
  };
  maximiseNewton(
    theta,
    objective,
    (coef, g, H) => {
      for (let i = 0; i < n; i++) {
        const x = data.x[i]!;
        let s = coef[0]!;
        for (let j = 0; j < p; j++) s += coef[1 + j]! * x[j]!;
        const pr = 1 / (1 + Math.exp(-s));
        const wi = data.w?.[i] ?? 1;
        const r = wi * (data.y[i]! - pr);
        const a = wi * pr * (1 - pr);
        for (let j = 0; j < P; j++) {
          const xj = j === 0 ? 1 : x[j - 1]!;
          g[j] = g[j]! + r * xj;
          for (let k = 0; k <= j; k++) {
            const xk = k === 0 ? 1 : x[k - 1]!;
            H[j * P + k] = H[j * P + k]! + a * xj * xk;
          }
        }
      }
      for (let a = 0; a < P; a++) for (let b = 0; b < a; b++) H[b * P + a] = H[a * P + b]!;
      addPenalty(coef, g, H, lam, mean);
    },
    logisticNewton(maxIterations),
  );
  return { coef: Array.from(theta), p };
}

/**
 * Ordered logit (proportional odds) for ordered outcomes H > D > A with latent z = x . beta:
 * P(A) = s(k1 - z), P(A or D) = s(k2 - z), P(H) = 1 - s(k2 - z), k1 < k2 (k2 = k1 + exp(t)).
 * coef layout: [k1, t, beta_1..beta_p].
 */
export interface OrderedModel {
  coef: number[];
  p: number;
}

const sig = (v: number) => 1 / (1 + Math.exp(-v));

export function orderedProbs(m: OrderedModel, x: readonly number[]): [number, number, number] {
  let z = 0;
  for (let j = 0; j < m.p; j++) z += m.coef[2 + j]! * x[j]!;
  const k1 = m.coef[0]!,
    k2 = k1 + Math.exp(m.coef[1]!);
  const pA = sig(k1 - z);
  const pAD = sig(k2 - z);
  return [1 - pAD, pAD - pA, pA];
}

export function fitOrdered(data: Dataset, l2: number, init?: readonly number[], maxIterations = 40): OrderedModel {
  const n = data.x.length;
  const p = n ? data.x[0]!.length : 0;
  const P = p + 2;
  const theta = new Float64Array(P);
  if (init && init.length === P) theta.set(init);
  else {
    theta[0] = -0.5;
    theta[1] = Math.log(1.1);
  }
  const objective = (coef: Float64Array): number => {
    const m = { coef: Array.from(coef), p };
    let ll = 0;
    for (let i = 0; i < n; i++) {
      const pr = orderedProbs(m, data.x[i]!);
      ll += (data.w?.[i] ?? 1) * Math.log(Math.max(pr[data.y[i]!]!, 1e-300));
    }
    let pen = 0;
    for (let j = 0; j < p; j++) pen += l2 * coef[2 + j]! * coef[2 + j]!;
    return ll - 0.5 * pen;
  };
  const J = new Float64Array(P * 2); // d(a, b) / d coef
  maximiseNewton(
    theta,
    objective,
    (coef, g, H) => {
      const k1 = coef[0]!,
        et = Math.exp(coef[1]!),
        k2 = k1 + et;
      let gb = 0; // sum of w * dl/db, for the second derivative of b wrt t
      for (let i = 0; i < n; i++) {
        const x = data.x[i]!;
        let z = 0;
        for (let j = 0; j < p; j++) z += coef[2 + j]! * x[j]!;
        const a = k1 - z,
          b = k2 - z;
        const sa = sig(a),
          sb = sig(b);
        const da = sa * (1 - sa),
          db = sb * (1 - sb);
        const y = data.y[i]!;
        const wi = data.w?.[i] ?? 1;
        let la = 0,
          lb = 0,
          laa = 0,
          lbb = 0,
          lab = 0;
        if (y === 2) {
          la = 1 - sa;
          laa = -da;
        } else if (y === 0) {
          lb = -sb;
          lbb = -db;
        } else {
          const D = Math.max(sb - sa, 1e-300);
          la = -da / D;
          lb = db / D;
          laa = -(da * (1 - 2 * sa)) / D - (da * da) / (D * D);
          lbb = (db * (1 - 2 * sb)) / D - (db * db) / (D * D);
          lab = (da * db) / (D * D);
        }
        la *= wi;
        lb *= wi;
        laa *= wi;
        lbb *= wi;
        lab *= wi;
        gb += lb;
        // Jacobian rows: theta_k -> (da/dk, db/dk)
        J[0] = 1;
        J[1] = 1; // k1
        J[2] = 0;
        J[3] = et; // t
        for (let j = 0; j < p; j++) {
          J[2 * (2 + j)] = -x[j]!;
          J[2 * (2 + j) + 1] = -x[j]!;
        }
        for (let u = 0; u < P; u++) {
          const ua = J[2 * u]!,
            ub = J[2 * u + 1]!;
          g[u] = g[u]! + la * ua + lb * ub;
          for (let v = 0; v <= u; v++) {
            const va = J[2 * v]!,
              vb = J[2 * v + 1]!;
            H[u * P + v] = H[u * P + v]! - (laa * ua * va + lbb * ub * vb + lab * (ua * vb + ub * va));
          }
        }
      }
      H[1 * P + 1] = H[1 * P + 1]! - gb * et; // d2 b / dt2 = e^t
      for (let a = 0; a < P; a++) for (let b = 0; b < a; b++) H[b * P + a] = H[a * P + b]!;
      for (let j = 0; j < p; j++) {
        g[2 + j] = g[2 + j]! - l2 * coef[2 + j]!;
        H[(2 + j) * P + 2 + j] = H[(2 + j) * P + 2 + j]! + l2;
      }
    },
    logisticNewton(maxIterations),
  );
  return { coef: Array.from(theta), p };
}

/**
 * Conditional logit: P(class j) proportional to exp(x_j . beta), where each class has its own feature vector x_j and
 * beta is shared by the classes (e.g. a log-linear pool of forecasts, x_j = the log-probabilities of class j).
 */
export interface ConditionalDataset {
  /** Per row, one feature vector per class. */
  x: readonly (readonly (readonly number[])[])[];
  y: readonly number[];
  w?: readonly number[];
}

export function conditionalProbs(beta: ArrayLike<number>, xs: readonly (readonly number[])[]): number[] {
  const s = xs.map((x) => x.reduce((acc, v, j) => acc + beta[j]! * v, 0));
  const mx = Math.max(...s);
  const e = s.map((v) => Math.exp(v - mx));
  const total = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / total);
}

/** Fits beta by penalised maximum likelihood (L2 strength `l2` around `prior`), Newton with the analytic Hessian. */
export function fitConditionalLogit(data: ConditionalDataset, l2: number, prior: readonly number[], maxIterations = 25): number[] {
  const P = prior.length;
  const mean = Float64Array.from(prior);
  const lam = new Float64Array(P).fill(l2);
  const theta = Float64Array.from(prior);
  const objective = (beta: Float64Array): number => {
    let ll = 0;
    for (let i = 0; i < data.x.length; i++) {
      const p = conditionalProbs(beta, data.x[i]!);
      ll += (data.w?.[i] ?? 1) * Math.log(Math.max(p[data.y[i]!]!, 1e-300));
    }
    let pen = 0;
    for (let k = 0; k < P; k++) {
      const d = beta[k]! - mean[k]!;
      pen += lam[k]! * d * d;
    }
    return ll - 0.5 * pen;
  };
  const ex = new Float64Array(P);
  maximiseNewton(
    theta,
    objective,
    (beta, g, H) => {
      for (let i = 0; i < data.x.length; i++) {
        const xs = data.x[i]!;
        const p = conditionalProbs(beta, xs);
        const wi = data.w?.[i] ?? 1;
        ex.fill(0);
        for (let j = 0; j < xs.length; j++) for (let k = 0; k < P; k++) ex[k] = ex[k]! + p[j]! * xs[j]![k]!;
        const xy = xs[data.y[i]!]!;
        for (let k = 0; k < P; k++) g[k] = g[k]! + wi * (xy[k]! - ex[k]!);
        // negative Hessian = weighted covariance of the class features under p
        for (let j = 0; j < xs.length; j++) {
          const xj = xs[j]!;
          for (let a = 0; a < P; a++) for (let b = 0; b < P; b++) H[a * P + b] = H[a * P + b]! + wi * p[j]! * (xj[a]! - ex[a]!) * (xj[b]! - ex[b]!);
        }
      }
      addPenalty(beta, g, H, lam, mean);
    },
    logisticNewton(maxIterations),
  );
  return Array.from(theta);
}
