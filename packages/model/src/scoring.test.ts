import { describe, expect, it } from 'vitest';
import { mulberry32 } from './random.ts';
import {
  betSummary,
  binaryBrier,
  binaryLogLoss,
  brier,
  calibrationSlope,
  calibrationTable,
  logLoss,
  outcomeOf,
  pickSummary,
  rps,
  summarize3,
  summarizeBinary,
  type Outcome,
} from './scoring.ts';

// Test vector from penaltyblog's documentation (martineastwood/penaltyblog, docs/metrics).
const preds = [
  [1, 0, 0],
  [0.9, 0.1, 0],
  [0.8, 0.1, 0.1],
  [0.5, 0.25, 0.25],
  [0.35, 0.3, 0.35],
  [0.6, 0.3, 0.1],
  [0.6, 0.25, 0.15],
  [0.6, 0.15, 0.25],
  [0.57, 0.33, 0.1],
  [0.6, 0.2, 0.2],
];
const outcomes: Outcome[] = [0, 0, 0, 0, 1, 1, 0, 0, 0, 0];

describe('scoring rules (reference test vectors)', () => {
  it('per-match and mean RPS', () => {
    const per = preds.map((p, i) => rps(p, outcomes[i]!));
    const expected = [0, 0.005, 0.025, 0.15625, 0.1225, 0.185, 0.09125, 0.11125, 0.09745, 0.1];
    per.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 10));
    expect(per.reduce((a, b) => a + b, 0) / per.length).toBeCloseTo(0.08937, 5);
  });
  it('multiclass Brier mean 0.30838', () => {
    expect(preds.reduce((s, p, i) => s + brier(p, outcomes[i]!), 0) / preds.length).toBeCloseTo(0.30838, 5);
  });
  it('log loss: natural log 0.5524193, log2 0.7969725', () => {
    const ln = preds.reduce((s, p, i) => s + logLoss(p, outcomes[i]!), 0) / preds.length;
    expect(ln).toBeCloseTo(0.5524193, 6);
    expect(ln / Math.LN2).toBeCloseTo(0.7969725, 6);
  });
  it('summarize3 agrees and counts accuracy', () => {
    const s = summarize3(preds, outcomes);
    expect(s.n).toBe(10);
    expect(s.rps).toBeCloseTo(0.08937, 5);
    expect(s.brier).toBeCloseTo(0.30838, 5);
    expect(s.accuracy).toBeCloseTo(0.8, 10); // matches 5 and 6 (draws) are missed
  });
  it('binary Brier and log loss', () => {
    expect(binaryBrier(0.7, true)).toBeCloseTo(0.09, 12);
    expect(binaryBrier(0.7, false)).toBeCloseTo(0.49, 12);
    expect(binaryLogLoss(0.7, true)).toBeCloseTo(-Math.log(0.7), 12);
    const s = summarizeBinary([0.7, 0.2], [true, false]);
    expect(s.brier).toBeCloseTo((0.09 + 0.04) / 2, 12);
    expect(s.accuracy).toBe(1);
  });
  it('outcomeOf', () => {
    expect(outcomeOf(2, 1)).toBe(0);
    expect(outcomeOf(1, 1)).toBe(1);
    expect(outcomeOf(0, 3)).toBe(2);
  });
  it('calibration table by decile', () => {
    const t = calibrationTable([0.05, 0.15, 0.12, 0.95, 1], [false, true, false, true, true]);
    expect(t).toHaveLength(10);
    expect(t[0]!.n).toBe(1);
    expect(t[1]!.n).toBe(2);
    expect(t[1]!.meanForecast).toBeCloseTo(0.135, 12);
    expect(t[1]!.observedFrequency).toBeCloseTo(0.5, 12);
    expect(t[9]!.n).toBe(2); // 1.0 falls in the last bin
  });
  it('>= 60 % picks: hit rate and flat-stake ROI', () => {
    const s = pickSummary(
      [
        [0.7, 0.2, 0.1],
        [0.1, 0.2, 0.7],
        [0.5, 0.3, 0.2],
        [0.6, 0.3, 0.1],
      ],
      [0, 0, 0, 1],
      [
        [1.5, 4, 6],
        [6, 4, 1.5],
        [2, 3, 4],
        [1.6, 4, 7],
      ],
    );
    expect(s.picks).toBe(3);
    expect(s.hits).toBe(1);
    expect(s.hitRate).toBeCloseTo(1 / 3, 12);
    expect(s.profit).toBeCloseTo(0.5 - 1 - 1, 12);
    expect(s.roi).toBeCloseTo(-1.5 / 3, 12);
  });
  it('bet summary', () => {
    const s = betSummary([
      { odds: 3, won: true },
      { odds: 2.5, won: false },
    ]);
    expect(s.bets).toBe(2);
    expect(s.profit).toBeCloseTo(1, 12);
    expect(s.roi).toBeCloseTo(0.5, 12);
  });
});

describe('calibrationSlope', () => {
  // Outcomes drawn from known probabilities: forecasts equal to them are calibrated (slope 1), forecasts pushed
  // away from 0.5 on the logit scale are too spread (slope below 1).
  const random = mulberry32(7);
  const truth = Array.from({ length: 20_000 }, () => 0.2 + 0.6 * random());
  const happened = truth.map((p) => random() < p);
  const spread = (p: number, k: number) => 1 / (1 + Math.exp(-k * Math.log(p / (1 - p))));
  it('is about 1 for calibrated forecasts and about 1/k for forecasts k times too spread', () => {
    const fair = calibrationSlope(truth, happened);
    expect(fair.slopeCI95[0]).toBeLessThan(1);
    expect(fair.slopeCI95[1]).toBeGreaterThan(1);
    const wide = calibrationSlope(
      truth.map((p) => spread(p, 1.25)),
      happened,
    );
    expect(wide.slope).toBeCloseTo(0.8, 1);
    expect(wide.slopeCI95[1]).toBeLessThan(1);
  });
});
