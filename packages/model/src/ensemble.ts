/**
 * The ensemble. "Our models" pools the three independent components: a log-linear pool whose weights are learned
 * walk-forward on the league's past out-of-sample rows, the linear pool with a-priori weights until there are
 * enough of them. When the fixture has
 * bookmaker odds, the published forecast is a log-linear pool of the de-vigged market and our models,
 * p ~ market^(1 - w) x models^w (on the logit scale for O/U 2.5), with w learned walk-forward: the value in
 * [0, maxWeight] that best predicted the league's earlier matches out of sample (maximum likelihood on a grid).
 * One weight per market keeps the variance low; w stays 0 (the market is published) before enough rows exist and
 * unless the weight's gain in log-likelihood over the market passes a likelihood-ratio threshold.
 */
import type { Hyper } from './hyper.ts';
import { logit, type MarketView, type P4, type PoolWeights, type Stacking } from './features.ts';
import type { Components, TrainingRow } from './components.ts';
import { binaryProb, conditionalProbs, fitBinary, fitConditionalLogit } from './logistic.ts';

/** Linear pool of the components with the a-priori weights (1X2 renormalised). */
function linearPool(c: Components, hyper: Hyper): P4 {
  const w = hyper.weights;
  const pool = [0, 1, 2, 3].map((k) => w.statistical * c.statistical[k]! + w.ai * c.ai[k]! + w.rating * c.rating[k]!) as P4;
  const s = pool[0] + pool[1] + pool[2];
  return [pool[0] / s, pool[1] / s, pool[2] / s, pool[3] / (w.statistical + w.ai + w.rating)];
}

const COMPONENTS = ['statistical', 'ai', 'rating'] as const;

/** The components in the pool: those with an a-priori weight above 0 (a weight of 0 leaves one out). */
const pooled = (hyper: Hyper) => COMPONENTS.filter((k) => hyper.weights[k] > 0);

/** Per class (home, draw, away) the log-probabilities of the components: the features of the log-linear pool. */
function x1Features(c: Components, hyper: Hyper): number[][] {
  return [0, 1, 2].map((j) => pooled(hyper).map((k) => Math.log(Math.max(c[k][j]!, 1e-6))));
}

const ouFeatures = (c: Components, hyper: Hyper) => pooled(hyper).map((k) => logit(c[k][3]));

/**
 * Our models: the log-linear pool of the components with the weights learned on the league's past rows
 * (p ~ statistical^ws x ai^wa x rating^wr, on the logit scale for O/U), else the linear pool with the a-priori weights.
 */
export function poolOf(c: Components, hyper: Hyper, learned: PoolWeights | null): P4 {
  if (!learned) return linearPool(c, hyper);
  const { x1Temper, ouShrink } = hyper.pool;
  const [home, draw, away] = conditionalProbs(
    learned.x1.map((w) => w * x1Temper),
    x1Features(c, hyper),
  );
  const over = binaryProb({ coef: learned.ou, p: pooled(hyper).length }, ouFeatures(c, hyper));
  // Shrunk toward the league's recent share of overs on the logit scale (a calibration slope below 1 out of sample).
  return [home!, draw!, away!, clampP(1 / (1 + Math.exp(-(ouShrink * logit(over) + (1 - ouShrink) * logit(learned.overRate)))))];
}

/**
 * Learns the weights of the log-linear pool by penalised maximum likelihood on the league's past out-of-sample rows
 * (L2 toward the a-priori weights); null below the minimum number of rows.
 */
export function fitPoolWeights(rows: readonly TrainingRow[], weights: readonly number[], hyper: Hyper): PoolWeights | null {
  const { minRows, l2 } = hyper.pool;
  if (!hyper.pool.learn || rows.length < minRows) return null;
  const w = hyper.weights;
  const prior = pooled(hyper).map((k) => w[k]);
  const x1 = fitConditionalLogit({ x: rows.map((r) => x1Features(r.components, hyper)), y: rows.map((r) => r.outcome), w: weights }, l2, prior);
  const ou = fitBinary({ x: rows.map((r) => ouFeatures(r.components, hyper)), y: rows.map((r) => r.over), w: [...weights] }, { l2, interceptL2: l2 }, [
    0,
    ...prior,
  ]);
  const weight = weights.reduce((s, w) => s + w, 0);
  const overRate = rows.reduce((s, r, i) => s + weights[i]! * r.over, 0) / weight;
  return { x1, ou: ou.coef, overRate, rows: rows.length };
}

const clampP = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));

/** Log-linear pool of the market and our models: p ~ market^(1 - w) x models^w (1X2 renormalised). */
function pooledX1(market: MarketView, pool: P4, w: number): [number, number, number] {
  const g = [market.home, market.draw, market.away].map((m, k) => Math.exp((1 - w) * Math.log(m) + w * Math.log(pool[k]!)));
  const s = g[0]! + g[1]! + g[2]!;
  return [g[0]! / s, g[1]! / s, g[2]! / s];
}

function pooledOver(market: MarketView, pool: P4, w: number): number {
  return clampP(1 / (1 + Math.exp(-((1 - w) * logit(market.over) + w * logit(pool[3])))));
}

/** The published forecast of a fixture with odds: the stacked combination, or the market while none is fitted. */
export function stacked(stacking: Stacking | null, market: MarketView, pool: P4): P4 {
  const w = stacking ?? { x1Weight: 0, ouWeight: 0 };
  return [...pooledX1(market, pool, w.x1Weight), pooledOver(market, pool, w.ouWeight)];
}

/**
 * The weight in [0, maxWeight] (grid step) with the highest recency-weighted log-likelihood, or 0 (the market)
 * unless it beats the market by at least `minGain` nats (a likelihood-ratio test of w = 0).
 */
function bestWeight(logLik: (w: number) => number, maxWeight: number, step: number, minGain: number): number {
  const market = logLik(0);
  let best = 0,
    bestValue = market;
  for (let w = step; w <= maxWeight + 1e-9; w += step) {
    const v = logLik(w);
    if (v > bestValue) {
      best = w;
      bestValue = v;
    }
  }
  return bestValue - market >= minGain ? Math.round(best / step) * step : 0;
}

/** Fits the weights of our models against the market on rows that had odds; null below the minimum number of rows. */
export function fitStacking(rows: readonly TrainingRow[], weights: readonly number[], hyper: Hyper): Stacking | null {
  const { minRows, maxWeight, step, minGain } = hyper.stacking;
  const idx = rows.map((_, i) => i).filter((i) => rows[i]!.features.market);
  if (idx.length < minRows) return null;
  const x1Weight = bestWeight(
    (w) => {
      let ll = 0;
      for (const i of idx) {
        const r = rows[i]!;
        ll += weights[i]! * Math.log(pooledX1(r.features.market!, r.pool, w)[r.outcome]);
      }
      return ll;
    },
    maxWeight,
    step,
    minGain,
  );
  const ouWeight = bestWeight(
    (w) => {
      let ll = 0;
      for (const i of idx) {
        const r = rows[i]!;
        const p = pooledOver(r.features.market!, r.pool, w);
        ll += weights[i]! * Math.log(r.over ? p : 1 - p);
      }
      return ll;
    },
    maxWeight,
    step,
    minGain,
  );
  return { x1Weight, ouWeight, rows: idx.length };
}
