import { describe, expect, it } from 'vitest';
import type { Components, TrainingRow } from './components.ts';
import { fitPoolWeights, poolOf } from './ensemble.ts';
import type { Features, P4 } from './features.ts';
import { DEFAULT_HYPER, type Hyper } from './hyper.ts';
import { conditionalProbs, fitConditionalLogit } from './logistic.ts';
import { mulberry32 } from './random.ts';

const rand = mulberry32(11);
const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
const softmax = (s: number[]) => {
  const e = s.map(Math.exp);
  const t = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / t);
};
const draw = (p: readonly number[]) => {
  const u = rand();
  return u < p[0]! ? 0 : u < p[0]! + p[1]! ? 1 : 2;
};

/** A true 1X2 forecast and the same with noise on the log scale (a worse forecaster). */
function truthAndNoisy(noise: number): [number[], number[]] {
  const truth = softmax([0.4 + 0.6 * normal(), 0, 0.6 * normal()]);
  return [truth, softmax(truth.map((p) => Math.log(p) + noise * normal()))];
}

describe('conditional logit (log-linear pool)', () => {
  it('puts the weight on the forecaster the outcomes were drawn from', () => {
    const x: number[][][] = [],
      y: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const [truth, noisy] = truthAndNoisy(0.6);
      x.push([0, 1, 2].map((j) => [Math.log(truth[j]!), Math.log(noisy[j]!)]));
      y.push(draw(truth));
    }
    const beta = fitConditionalLogit({ x, y }, 1, [0.5, 0.5]);
    expect(beta[0]).toBeGreaterThan(0.75);
    expect(beta[0]).toBeLessThan(1.25);
    expect(Math.abs(beta[1]!)).toBeLessThan(0.2);
    // a strong penalty keeps the prior
    const held = fitConditionalLogit({ x, y }, 1e9, [0.5, 0.5]);
    expect(held[0]).toBeCloseTo(0.5, 4);
    expect(held[1]).toBeCloseTo(0.5, 4);
  });

  it('gives probabilities that sum to 1', () => {
    const p = conditionalProbs(
      [0.7, 0.6],
      [
        [Math.log(0.5), Math.log(0.4)],
        [Math.log(0.3), Math.log(0.3)],
        [Math.log(0.2), Math.log(0.3)],
      ],
    );
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[0]).toBeGreaterThan(p[2]!);
  });
});

describe('learned pool of the components', () => {
  function rows(n: number): TrainingRow[] {
    const out: TrainingRow[] = [];
    for (let i = 0; i < n; i++) {
      const [truth, noisy] = truthAndNoisy(0.8);
      const [, noisier] = truthAndNoisy(0.8);
      const over = 0.3 + 0.4 * rand();
      const p4 = (p: number[], o: number): P4 => [p[0]!, p[1]!, p[2]!, o];
      const components: Components = { statistical: p4(noisy, 0.5), ai: p4(truth, over), rating: p4(noisier, 0.5) };
      out.push({ day: i, outcome: draw(truth) as 0 | 1 | 2, over: rand() < over ? 1 : 0, features: {} as Features, components, pool: components.statistical });
    }
    return out;
  }
  const hyper: Hyper = { ...DEFAULT_HYPER, pool: { ...DEFAULT_HYPER.pool, l2: 10 } };

  it('learns the largest weight for the component that is right, on 1X2 and O/U', () => {
    const r = rows(3000);
    const w = fitPoolWeights(
      r,
      r.map(() => 1),
      hyper,
    )!;
    expect(w.rows).toBe(3000);
    const [statistical, ai, rating] = w.x1;
    expect(ai).toBeGreaterThan(statistical! + 0.3);
    expect(ai).toBeGreaterThan(rating! + 0.3);
    expect(w.ou[2]).toBeGreaterThan(w.ou[1]! + 0.3);
    const p = poolOf(r[0]!.components, hyper, w);
    expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 12);
    expect(p[3]).toBeGreaterThan(0);
    expect(p[3]).toBeLessThan(1);
  });

  it('keeps the a-priori linear pool below the minimum number of rows, or when learning is off', () => {
    const r = rows(hyper.pool.minRows - 1);
    expect(
      fitPoolWeights(
        r,
        r.map(() => 1),
        hyper,
      ),
    ).toBeNull();
    const more = rows(hyper.pool.minRows + 50);
    expect(
      fitPoolWeights(
        more,
        more.map(() => 1),
        { ...hyper, pool: { ...hyper.pool, learn: false } },
      ),
    ).toBeNull();
    const c = more[0]!.components;
    const w = hyper.weights;
    const linear = poolOf(c, hyper, null);
    const home = w.statistical * c.statistical[0] + w.ai * c.ai[0] + w.rating * c.rating[0];
    expect(linear[0]).toBeCloseTo(home, 12);
  });
});
