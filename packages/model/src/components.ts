/**
 * The three independent components. None of them reads a bookmaker price: they see results, shots on target
 * and the calendar only (features.ts), so each is a football model in its own right.
 *
 * - statistical: Dixon-Coles on goal targets blended with the expected-goals proxy (dixon-coles.ts);
 * - rating: Elo, pi-ratings and goal ratings (ratings.ts) mapped to 1X2 by an ordered logit, to O/U by a logit;
 * - learned ("AI"): regularised multinomial / binary logits on every feature, with the Dixon-Coles log-odds as
 *   their prior model (coefficient 1, penalised toward it) and the other features standardised around 0.
 */
import { quickMarkets } from './grid.ts';
import type { Hyper } from './hyper.ts';
import {
  binaryProb,
  fitBinary,
  fitMultinomial,
  fitOrdered,
  multinomialProbs,
  orderedProbs,
  type BinaryModel,
  type MultinomialModel,
  type OrderedModel,
} from './logistic.ts';
import { logit, type Features, type LearnedModel, type ModelParts, type P4 } from './features.ts';

/** Mapping of the ratings before the first fit (a typical league's). */
const DEFAULT_ORDINAL: OrderedModel = { coef: [-0.45, Math.log(1.05), 1.6, 0.2, 0.3], p: 3 };

export interface Components {
  statistical: P4;
  rating: P4;
  ai: P4;
}

export function statisticalComponent(f: Features): P4 {
  return quickMarkets(f.dc.lambda, f.dc.mu, f.dc.rho);
}

export function ratingComponent(parts: ModelParts, f: Features): P4 {
  const [home, draw, away] = orderedProbs(parts.ordinal ?? DEFAULT_ORDINAL, f.rating);
  const over = parts.ouRating ? binaryProb(parts.ouRating, [logit(f.goalRatingOver)]) : f.goalRatingOver;
  return [home, draw, away, over];
}

/** The number of leading features kept on their raw scale (the prior model's log-odds). */
const X1_PRIOR_FEATURES = 2;
const OU_PRIOR_FEATURES = 1;

function standardised(v: readonly number[], priorCount: number, scale: [number[], number[]]): number[] {
  return v.map((x, j) => (j < priorCount ? x : (x - scale[0][j - priorCount]!) / scale[1][j - priorCount]!));
}

export function learnedComponent(parts: ModelParts, hyper: Hyper, f: Features): P4 {
  const m = parts.learned;
  if (!m) return hyper.ai.anchor === 'goal' ? [...f.goalRating] : [...f.dc.p];
  const [home, draw, away] = multinomialProbs(m.x1, standardised(f.x1, X1_PRIOR_FEATURES, m.scale.x1));
  const over = binaryProb(m.ou, standardised(f.ou, OU_PRIOR_FEATURES, m.scale.ou));
  return [home, draw, away, over];
}

export function components(parts: ModelParts, hyper: Hyper, f: Features): Components {
  return { statistical: statisticalComponent(f), rating: ratingComponent(parts, f), ai: learnedComponent(parts, hyper, f) };
}

export interface TrainingRow {
  day: number;
  outcome: 0 | 1 | 2;
  over: 0 | 1;
  features: Features;
  /** The components as predicted before the match (to learn their pool). */
  components: Components;
  /** Our models' pool as predicted before the match (for the stacking step). */
  pool: P4;
}

/** Mean and standard deviation of each column (sd 1 for a constant column). */
function scaleOf(rows: readonly number[][], p: number): [number[], number[]] {
  const mean = new Array<number>(p).fill(0);
  const sd = new Array<number>(p).fill(1);
  if (rows.length === 0) return [mean, sd];
  for (const v of rows) for (let j = 0; j < p; j++) mean[j]! += v[j]!;
  for (let j = 0; j < p; j++) mean[j]! /= rows.length;
  const ss = new Array<number>(p).fill(0);
  for (const v of rows)
    for (let j = 0; j < p; j++) {
      const d = v[j]! - mean[j]!;
      ss[j]! += d * d;
    }
  for (let j = 0; j < p; j++) {
    const s = Math.sqrt(ss[j]! / rows.length);
    sd[j] = s > 1e-9 ? s : 1;
  }
  return [mean, sd];
}

/** Fits the ordered logit (ratings -> 1X2) and the logit (goal ratings -> over 2.5). */
export function fitRatingMapping(
  rows: readonly TrainingRow[],
  weights: readonly number[],
  hyper: Hyper,
  previous: OrderedModel | null,
): { ordinal: OrderedModel; ouRating: BinaryModel } {
  return {
    ordinal: fitOrdered({ x: rows.map((r) => r.features.rating), y: rows.map((r) => r.outcome), w: [...weights] }, hyper.rating.l2, previous?.coef),
    ouRating: fitBinary({ x: rows.map((r) => [logit(r.features.goalRatingOver)]), y: rows.map((r) => r.over), w: [...weights] }, { l2: 1 }, [0, 1]),
  };
}

/** Fits the learned model on training rows (weights by recency). */
export function fitLearned(rows: readonly TrainingRow[], weights: readonly number[], hyper: Hyper, previous: LearnedModel | null): LearnedModel {
  const { l2, l2Prior, interceptL2 } = hyper.ai;
  const fitOne = <M extends MultinomialModel | BinaryModel>(
    vectors: number[][],
    priorCount: number,
    classes: number,
    fit: (x: number[][], prior: number[], penalty: number[], init: readonly number[] | undefined) => M,
    init: M | undefined,
  ) => {
    const p = vectors[0]?.length ?? priorCount;
    const scale = scaleOf(
      vectors.map((v) => v.slice(priorCount)),
      p - priorCount,
    );
    const x = vectors.map((v) => standardised(v, priorCount, scale));
    // Coefficients per class: [intercept, feature 0..p-1]; the prior model's log-odds of its own class get 1.
    const prior = new Array<number>(classes * (p + 1)).fill(0);
    for (let c = 0; c < Math.min(classes, priorCount); c++) prior[c * (p + 1) + 1 + c] = 1;
    const penalty = new Array<number>(p).fill(l2).fill(l2Prior, 0, priorCount);
    return { model: fit(x, prior, penalty, init?.coef.length === prior.length ? init.coef : undefined), scale };
  };
  const outcomes = rows.map((r) => r.outcome);
  const overs = rows.map((r) => r.over);
  const x1 = fitOne(
    rows.map((r) => r.features.x1),
    X1_PRIOR_FEATURES,
    2,
    (x, prior, penalty, init) => fitMultinomial({ x, y: outcomes, w: [...weights] }, { l2: penalty, interceptL2 }, prior, init, 8),
    previous?.x1,
  );
  const ou = fitOne(
    rows.map((r) => r.features.ou),
    OU_PRIOR_FEATURES,
    1,
    (x, prior, penalty, init) => fitBinary({ x, y: overs, w: [...weights] }, { l2: penalty, interceptL2 }, prior, init, 8),
    previous?.ou,
  );
  return { x1: x1.model, ou: ou.model, scale: { x1: x1.scale, ou: ou.scale }, rows: rows.length };
}
