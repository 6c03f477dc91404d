/**
 * Dixon-Coles (1997) goal model: log(lambda_home) = c + h + att[home] - def[away], log(mu_away) = c + att[away] - def[home],
 * independent Poissons with the low-score correction tau(rho), exponential time decay of the match weights,
 * a ridge penalty toward per-team prior means (identifiability + shrinkage of promoted teams), fitted by exact
 * Newton-Raphson on the penalised weighted log-likelihood with analytic gradient and Hessian (rho included).
 *
 * Goal targets may be fractional (e.g. a blend of actual goals and market-implied expectations): the Poisson part is
 * then a quasi-likelihood; the tau term always uses the actual integer score.
 */
import { clampRho } from './grid.ts';
import { maximiseNewton } from './linalg.ts';

export interface DCMatch {
  home: string;
  away: string;
  /** Goal targets for the Poisson part (actual goals, or a blend with market-implied goals). */
  homeTarget: number;
  awayTarget: number;
  /** Actual goals (for the low-score correction). */
  homeGoals: number;
  awayGoals: number;
  /** Observation weight (time decay etc.). */
  weight: number;
  /** A known home-advantage offset of the match (log scale, half on each side's rate); default 0. */
  homeOffset?: number;
}

export interface DCParams {
  teams: string[];
  attack: number[];
  defence: number[];
  /** Intercept c (log of the away side's goal rate for two average teams). */
  intercept: number;
  /** Home advantage h (log scale). */
  home: number;
  rho: number;
  /** Strength used for a team not in `teams` (promoted/new club): the prior mean for newcomers. */
  newTeamAttack: number;
  newTeamDefence: number;
  /** Diagnostics. */
  iterations: number;
  logLik: number;
}

export interface DCFitOptions {
  /** Ridge strength on att/def around their prior means (in units of effective matches). */
  ridge: number;
  /** Prior means by team (default 0). */
  priorMean?: (team: string) => { attack: number; defence: number };
  /** Prior for teams without any data (returned as newTeam*). */
  newTeam?: { attack: number; defence: number };
  /** Warm start. */
  init?: DCParams;
  /** Estimate rho jointly (default true); otherwise keep rho fixed at `fixedRho`. */
  estimateRho?: boolean;
  /**
   * Gaussian prior on rho (penalty 0.5 * weight * (rho - mean)^2): keeps rho sane when there are few matches
   * (cold start); with a few hundred matches the data dominate. Default: mean -0.05, weight 25.
   */
  rhoPrior?: { mean: number; weight: number };
  fixedRho?: number;
  maxIterations?: number;
  tolerance?: number;
}

/** Fits the model. Throws when there are no matches. */
export function fitDixonColes(matches: readonly DCMatch[], opts: DCFitOptions): DCParams {
  if (matches.length === 0) throw new Error('fitDixonColes: no matches');
  const teamIndex = new Map<string, number>();
  for (const m of matches) {
    if (!teamIndex.has(m.home)) teamIndex.set(m.home, teamIndex.size);
    if (!teamIndex.has(m.away)) teamIndex.set(m.away, teamIndex.size);
  }
  const teams = [...teamIndex.keys()];
  const T = teams.length;
  const estimateRho = opts.estimateRho ?? true;
  // Parameter layout: 0 = c, 1 = h, 2..2+T-1 = att, 2+T..2+2T-1 = def, 2+2T = rho
  const P = 3 + 2 * T;
  const iC = 0,
    iH = 1,
    iAtt = 2,
    iDef = 2 + T,
    iRho = 2 + 2 * T;
  const n = matches.length;
  const hi = new Int32Array(n),
    ai = new Int32Array(n);
  const yH = new Float64Array(n),
    yA = new Float64Array(n),
    w = new Float64Array(n),
    off = new Float64Array(n);
  const cell = new Int8Array(n); // 0: none, 1: 0-0, 2: 0-1, 3: 1-0, 4: 1-1
  let sw = 0,
    sy = 0;
  for (let i = 0; i < n; i++) {
    const m = matches[i]!;
    hi[i] = teamIndex.get(m.home)!;
    ai[i] = teamIndex.get(m.away)!;
    yH[i] = m.homeTarget;
    yA[i] = m.awayTarget;
    w[i] = m.weight;
    off[i] = (m.homeOffset ?? 0) / 2;
    sw += m.weight;
    sy += m.weight * (m.homeTarget + m.awayTarget);
    const g1 = m.homeGoals,
      g2 = m.awayGoals;
    cell[i] = g1 === 0 && g2 === 0 ? 1 : g1 === 0 && g2 === 1 ? 2 : g1 === 1 && g2 === 0 ? 3 : g1 === 1 && g2 === 1 ? 4 : 0;
  }
  const prior = new Float64Array(2 * T);
  for (let t = 0; t < T; t++) {
    const pm = opts.priorMean?.(teams[t]!) ?? { attack: 0, defence: 0 };
    prior[t] = pm.attack;
    prior[T + t] = pm.defence;
  }
  const kappa = opts.ridge;
  const rhoPrior = opts.rhoPrior ?? { mean: -0.05, weight: 25 };
  const theta = new Float64Array(P);
  const meanRate = Math.max(0.2, sy / Math.max(sw, 1e-12) / 2);
  theta[iC] = Math.log(meanRate) - 0.12;
  theta[iH] = 0.25;
  theta[iRho] = estimateRho ? -0.05 : (opts.fixedRho ?? 0);
  for (let t = 0; t < 2 * T; t++) theta[iAtt + t] = prior[t]!;
  if (opts.init) {
    const init = opts.init;
    theta[iC] = init.intercept;
    theta[iH] = init.home;
    if (estimateRho) theta[iRho] = init.rho;
    const idx = new Map(init.teams.map((t, k) => [t, k] as const));
    for (let t = 0; t < T; t++) {
      const k = idx.get(teams[t]!);
      if (k !== undefined) {
        theta[iAtt + t] = init.attack[k]!;
        theta[iDef + t] = init.defence[k]!;
      }
    }
  }

  const objective = (params: Float64Array): number => {
    const c = params[iC]!,
      h = params[iH]!,
      rho = params[iRho]!;
    let ll = 0;
    for (let i = 0; i < n; i++) {
      const e1 = c + h + off[i]! + params[iAtt + hi[i]!]! - params[iDef + ai[i]!]!;
      const e2 = c - off[i]! + params[iAtt + ai[i]!]! - params[iDef + hi[i]!]!;
      const l = Math.exp(e1),
        m = Math.exp(e2);
      let v = yH[i]! * e1 - l + yA[i]! * e2 - m;
      const cl = cell[i]!;
      if (cl !== 0) {
        const tau = cl === 1 ? 1 - l * m * rho : cl === 2 ? 1 + l * rho : cl === 3 ? 1 + m * rho : 1 - rho;
        if (!(tau > 0)) return -Infinity;
        v += Math.log(tau);
      }
      ll += w[i]! * v;
    }
    let pen = 0;
    for (let t = 0; t < 2 * T; t++) {
      const d = params[iAtt + t]! - prior[t]!;
      pen += d * d;
    }
    const dr = estimateRho ? rho - rhoPrior.mean : 0;
    return ll - 0.5 * kappa * pen - 0.5 * rhoPrior.weight * dr * dr;
  };

  const idx1 = new Int32Array(4),
    sg1 = new Float64Array(4);
  const idx2 = new Int32Array(3),
    sg2 = new Float64Array(3);
  const tol = opts.tolerance ?? 1e-9;
  // g: gradient, H: negative Hessian of the penalised log-likelihood
  const fit = maximiseNewton(
    theta,
    objective,
    (params, g, H) => {
      const c = params[iC]!,
        h = params[iH]!,
        rho = params[iRho]!;
      for (let i = 0; i < n; i++) {
        const a = hi[i]!,
          b = ai[i]!;
        const e1 = c + h + off[i]! + params[iAtt + a]! - params[iDef + b]!;
        const e2 = c - off[i]! + params[iAtt + b]! - params[iDef + a]!;
        const l = Math.exp(e1),
          m = Math.exp(e2);
        const wi = w[i]!;
        // local gradient wrt (e1, e2, rho) and negative Hessian entries
        let g1 = yH[i]! - l,
          g2 = yA[i]! - m,
          gr = 0;
        let h11 = l,
          h22 = m,
          h12 = 0,
          h1r = 0,
          h2r = 0,
          hrr = 0;
        const cl = cell[i]!;
        if (cl === 1) {
          const t = l * m * rho,
            q = 1 - t;
          g1 += -t / q;
          g2 += -t / q;
          gr += -(l * m) / q;
          const s = t / (q * q);
          h11 += s;
          h22 += s;
          h12 += s;
          h1r += (l * m) / (q * q);
          h2r += (l * m) / (q * q);
          hrr += (l * m * (l * m)) / (q * q);
        } else if (cl === 2) {
          const s = l * rho,
            q = 1 + s;
          g1 += s / q;
          gr += l / q;
          h11 += -s / (q * q);
          h1r += -l / (q * q);
          hrr += (l * l) / (q * q);
        } else if (cl === 3) {
          const s = m * rho,
            q = 1 + s;
          g2 += s / q;
          gr += m / q;
          h22 += -s / (q * q);
          h2r += -m / (q * q);
          hrr += (m * m) / (q * q);
        } else if (cl === 4) {
          const q = 1 - rho;
          gr += -1 / q;
          hrr += 1 / (q * q);
        }
        g1 *= wi;
        g2 *= wi;
        gr *= wi;
        h11 *= wi;
        h22 *= wi;
        h12 *= wi;
        h1r *= wi;
        h2r *= wi;
        hrr *= wi;
        idx1[0] = iC;
        idx1[1] = iH;
        idx1[2] = iAtt + a;
        idx1[3] = iDef + b;
        sg1[0] = 1;
        sg1[1] = 1;
        sg1[2] = 1;
        sg1[3] = -1;
        idx2[0] = iC;
        idx2[1] = iAtt + b;
        idx2[2] = iDef + a;
        sg2[0] = 1;
        sg2[1] = 1;
        sg2[2] = -1;
        for (let u = 0; u < 4; u++) {
          const pu = idx1[u]!,
            su = sg1[u]!;
          g[pu] = g[pu]! + su * g1;
          for (let v = 0; v < 4; v++) H[pu * P + idx1[v]!] = H[pu * P + idx1[v]!]! + su * sg1[v]! * h11;
          for (let v = 0; v < 3; v++) {
            const val = su * sg2[v]! * h12;
            H[pu * P + idx2[v]!] = H[pu * P + idx2[v]!]! + val;
            H[idx2[v]! * P + pu] = H[idx2[v]! * P + pu]! + val;
          }
          if (estimateRho && h1r !== 0) {
            H[pu * P + iRho] = H[pu * P + iRho]! + su * h1r;
            H[iRho * P + pu] = H[iRho * P + pu]! + su * h1r;
          }
        }
        for (let u = 0; u < 3; u++) {
          const pu = idx2[u]!,
            su = sg2[u]!;
          g[pu] = g[pu]! + su * g2;
          for (let v = 0; v < 3; v++) H[pu * P + idx2[v]!] = H[pu * P + idx2[v]!]! + su * sg2[v]! * h22;
          if (estimateRho && h2r !== 0) {
            H[pu * P + iRho] = H[pu * P + iRho]! + su * h2r;
            H[iRho * P + pu] = H[iRho * P + pu]! + su * h2r;
          }
        }
        if (estimateRho) {
          g[iRho] = g[iRho]! + gr;
          H[iRho * P + iRho] = H[iRho * P + iRho]! + hrr;
        }
      }
      for (let t = 0; t < 2 * T; t++) {
        const k = iAtt + t;
        g[k] = g[k]! - kappa * (params[k]! - prior[t]!);
        H[k * P + k] = H[k * P + k]! + kappa;
      }
      // tiny ridge on c and h for numerical safety; rho fixed => unit diagonal, zero gradient
      H[iC * P + iC] = H[iC * P + iC]! + 1e-9;
      H[iH * P + iH] = H[iH * P + iH]! + 1e-6;
      if (!estimateRho) {
        g[iRho] = 0;
        H[iRho * P + iRho] = 1;
      } else {
        g[iRho] = g[iRho]! - rhoPrior.weight * (params[iRho]! - rhoPrior.mean);
        H[iRho * P + iRho] = H[iRho * P + iRho]! + rhoPrior.weight + 1e-6;
      }
    },
    {
      maxIterations: opts.maxIterations ?? 50,
      lineSearchSteps: 30,
      gradientFallbackAfter: 10,
      converged: ({ gain, value, step }) => Math.abs(gain) < tol * Math.max(1, Math.abs(value)) && step === 1,
    },
  );
  const newTeam = opts.newTeam ?? { attack: 0, defence: 0 };
  return {
    teams,
    attack: Array.from(theta.subarray(iAtt, iAtt + T)),
    defence: Array.from(theta.subarray(iDef, iDef + T)),
    intercept: theta[iC]!,
    home: theta[iH]!,
    rho: theta[iRho]!,
    newTeamAttack: newTeam.attack,
    newTeamDefence: newTeam.defence,
    iterations: fit.iterations,
    logLik: fit.value,
  };
}

/**
 * Expected goals (home, away) for a fixture; unknown teams get the newcomer prior. `homeOffset`: the fixture's known
 * home-advantage offset, as the fit's matches carried theirs.
 */
export function dcExpectations(p: DCParams, home: string, away: string, neutral = false, homeOffset = 0): { lambda: number; mu: number } {
  const hi = p.teams.indexOf(home);
  const ai = p.teams.indexOf(away);
  const attH = hi >= 0 ? p.attack[hi]! : p.newTeamAttack;
  const defH = hi >= 0 ? p.defence[hi]! : p.newTeamDefence;
  const attA = ai >= 0 ? p.attack[ai]! : p.newTeamAttack;
  const defA = ai >= 0 ? p.defence[ai]! : p.newTeamDefence;
  return {
    lambda: Math.exp(p.intercept + (neutral ? 0 : p.home + homeOffset / 2) + attH - defA),
    mu: Math.exp(p.intercept - (neutral ? 0 : homeOffset / 2) + attA - defH),
  };
}

export function dcRho(p: DCParams, lambda: number, mu: number): number {
  return clampRho(p.rho, lambda, mu);
}
