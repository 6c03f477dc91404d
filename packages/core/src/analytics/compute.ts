import { ANALYTICS_ALL_DAYS, type AnalyticsPeriod, type AnalyticsReport, type PickRecord } from '@app/contracts/analytics';
import { PUBLISHED_BASIS_MIN_PICKS, STAKE_USD } from '@app/contracts/rules';
import { outcomeOf, rps } from '@app/model/scoring';
import { DAY_MS, utcDay } from '../clock.ts';
import { isCorrect, picksOf, type PredictionType } from '../picks/pick.ts';
import { originOf, type StoredPrediction, type ValueMarket } from '../predictions/prediction.ts';

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
const Z95 = 1.959964;

/** One settled bet: whether it won, and its decimal price when one was captured. */
interface Bet {
  won: boolean;
  odds: number | undefined;
}

/**
 * Picks, hits, $20-stake profit and ROI, staked as the public metrics are: a lost pick loses the
 * stake, a won pick without a price counts for the hit rate only. The ROI's 95 % interval is the
 * normal approximation over the staked bets' returns per unit (mean +- 1.96 sd / sqrt n).
 */
export function pickRecord(bets: Bet[]): PickRecord {
  const hits = bets.filter((b) => b.won).length;
  const returns = bets.flatMap((b) => (!b.won ? [-1] : b.odds !== undefined ? [b.odds - 1] : []));
  const n = returns.length;
  const mean = n ? returns.reduce((s, r) => s + r, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (n - 1)) : 0;
  const half = n > 1 ? (Z95 * sd) / Math.sqrt(n) : 0;
  return {
    picks: bets.length,
    hits,
    hitRate: bets.length ? round((hits / bets.length) * 100, 1) : null,
    staked: n,
    profit: round(returns.reduce((s, r) => s + r, 0) * STAKE_USD, 2),
    roi: n ? round(mean * 100, 1) : null,
    roiLow: n > 1 ? round((mean - half) * 100, 1) : null,
    roiHigh: n > 1 ? round((mean + half) * 100, 1) : null,
  };
}

const VALUE_TYPE: Record<ValueMarket, PredictionType> = { home: 'home_win', draw: 'draw', away: 'away_win', over25: 'over_25', under25: 'under_25' };

function picksBets(predictions: StoredPrediction[], market?: '1x2' | 'ou25'): Bet[] {
  return predictions.flatMap((p) =>
    picksOf(p)
      .filter((pick) => !market || pick.market === market)
      .map((pick) => ({ won: isCorrect(pick.predictionType, p.result!), odds: pick.capturedOdds })),
  );
}

const BINS = 10;

/**
 * The premium analytics of one period (docs/decisions/0091-public-record-match-pages-and-premium-analytics.md),
 * over settled predictions whose match kicked off in the period. Like the headline metrics, it rests
 * on published predictions once 30 of their picks are settled, else on the backfilled ones, labelled.
 */
export function computeAnalytics(all: StoredPrediction[], period: AnalyticsPeriod, asOf: Date): AnalyticsReport {
  const days = period === 'all' ? ANALYTICS_ALL_DAYS : Number(period);
  const from = asOf.getTime() - days * DAY_MS;
  const settled = all.filter((p) => p.status === 'settled' && p.result && Date.parse(p.kickoff) > from && Date.parse(p.kickoff) <= asOf.getTime());
  const published = settled.filter((p) => originOf(p) === 'published');
  const basis = picksBets(published).length >= PUBLISHED_BASIS_MIN_PICKS ? 'published' : 'backtest';
  const set = basis === 'published' ? published : settled.filter((p) => originOf(p) === 'backfilled');

  const valueBets = set.flatMap((p) => p.valueBets.map((v) => ({ won: isCorrect(VALUE_TYPE[v.market], p.result!), odds: v.odds })));

  const withMarket = set.filter((p) => p.market);
  const mean = (xs: number[]) => (xs.length ? round(xs.reduce((s, x) => s + x, 0) / xs.length, 4) : null);
  const rpsOf = (t: { home: number; draw: number; away: number }, p: StoredPrediction) => rps([t.home, t.draw, t.away], outcomeOf(p.result!.home, p.result!.away));

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

  const leagues = new Map<string, { name: string; predictions: StoredPrediction[] }>();
  for (const p of set) {
    const entry = leagues.get(p.leagueId) ?? { name: p.leagueName, predictions: [] };
    entry.predictions.push(p);
    leagues.set(p.leagueId, entry);
  }

  return {
    period,
    from: utcDay(new Date(from)),
    to: utcDay(asOf),
    basis,
    matches: set.length,
    markets: { all: pickRecord(picksBets(set)), '1x2': pickRecord(picksBets(set, '1x2')), ou25: pickRecord(picksBets(set, 'ou25')) },
    valueBets: pickRecord(valueBets),
    rps: { matches: withMarket.length, ours: mean(withMarket.map((p) => rpsOf(p.probabilities, p))), market: mean(withMarket.map((p) => rpsOf(p.market!, p))) },
    reliability: bins.flatMap((b, i) =>
      b.count ? [{ from: i * 10, to: (i + 1) * 10, forecast: round((b.sum / b.count) * 100, 1), observed: round((b.hits / b.count) * 100, 1), count: b.count }] : [],
    ),
    perLeague: [...leagues.entries()]
      .map(([leagueId, l]) => ({ leagueId, league: l.name, '1x2': pickRecord(picksBets(l.predictions, '1x2')), ou25: pickRecord(picksBets(l.predictions, 'ou25')) }))
      .sort((a, b) => a.league.localeCompare(b.league)),
    computedAt: asOf.toISOString(),
  };
}
