import type { AnalyticsPeriod, ForecastQuality } from '@app/contracts/analytics';
import type { LedgerBasis } from '@app/contracts/ledger';
import { outcomeOf, rps } from '@app/model/scoring';
import { DAY_MS } from '../clock.ts';
import { round } from '../numbers.ts';
import { originOf, type StoredPrediction, type ThreeWay } from '../predictions/prediction.ts';

const BINS = 10;

/**
 * How good the forecasts of one period were, as probabilities (not as bets): the mean RPS of ours
 * and of the market's fair probabilities on the matches that had odds, and the reliability
 * diagram of every home/draw/away probability (docs/decisions/0091-public-record-match-pages-and-premium-analytics.md).
 * Over the predictions of `basis`, the one the period's betting record rests on.
 */
export function forecastQuality(all: readonly StoredPrediction[], period: AnalyticsPeriod, days: number, basis: LedgerBasis, asOf: Date): ForecastQuality {
  const from = asOf.getTime() - days * DAY_MS;
  const origin = basis === 'published' ? 'published' : 'backfilled';
  const set = all.filter(
    (p) => p.status === 'settled' && p.result && Date.parse(p.kickoff) > from && Date.parse(p.kickoff) <= asOf.getTime() && originOf(p) === origin,
  );

  const withMarket = set.filter((p) => p.market);
  const mean = (xs: number[]) => (xs.length ? round(xs.reduce((s, x) => s + x, 0) / xs.length, 4) : null);
  const rpsOf = (t: ThreeWay, p: StoredPrediction) => rps([t.home, t.draw, t.away], outcomeOf(p.result!.home, p.result!.away));

  const bins = Array.from({ length: BINS }, () => ({ sum: 0, hits: 0, count: 0 }));
  for (const p of set) {
    const outcome = outcomeOf(p.result!.home, p.result!.away);
    [p.probabilities.home, p.probabilities.draw, p.probabilities.away].forEach((q, i) => {
      const bin = bins[Math.min(BINS - 1, Math.floor(q * BINS))]!;
      bin.sum += q;
      bin.count += 1;
      if (outcome === i) bin.hits += 1;
    });
  }

  return {
    period,
    basis,
    matches: set.length,
    rps: { matches: withMarket.length, ours: mean(withMarket.map((p) => rpsOf(p.probabilities, p))), market: mean(withMarket.map((p) => rpsOf(p.market!, p))) },
    reliability: bins.flatMap((b, i) =>
      b.count
        ? [{ from: i * 10, to: (i + 1) * 10, forecast: round((b.sum / b.count) * 100, 1), observed: round((b.hits / b.count) * 100, 1), count: b.count }]
        : [],
    ),
    computedAt: asOf.toISOString(),
  };
}
