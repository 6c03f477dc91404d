import { PUBLISHED_BASIS_MIN_PICKS, STAKE_USD } from '@app/contracts/rules';
import type { Metrics, TrackRecord } from '@app/contracts/metrics';
import { originOf } from '../predictions/prediction.ts';
import { DAY_MS, utcDay } from '../clock.ts';
import { payingOdds, type Pick } from './pick.ts';

export const STAKE = STAKE_USD;
export const METRICS_WINDOW_DAYS = 30;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * docs/decisions/0009-results-and-metrics.md: over high-confidence picks of the last 30 days whose match is settled (void
 * matches never count). winAccuracy = correct / settled x 100. Profit at a $20 stake: a won
 * pick earns 20 x (odds - 1), a lost pick -20; a won pick without odds is left out of profit
 * (and of the amount staked). payoutPercentage = profit / staked x 100, null when nothing was
 * staked. bestWinningOdds = the highest odds among won picks.
 */
export function computeMetrics(picks: Pick[], asOf: Date): Metrics {
  const from = asOf.getTime() - METRICS_WINDOW_DAYS * DAY_MS;
  const settled = picks.filter((p) => {
    const t = Date.parse(p.kickoff);
    return t > from && t <= asOf.getTime() && (p.status === 'won' || p.status === 'lost') && (!p.settledAt || Date.parse(p.settledAt) <= asOf.getTime());
  });
  const won = settled.filter((p) => p.status === 'won');
  let profit = 0;
  let staked = 0;
  let best: number | null = null;
  for (const p of settled) {
    const odds = payingOdds(p);
    if (p.status === 'lost') {
      profit -= STAKE;
      staked += STAKE;
    } else if (odds !== undefined) {
      profit += STAKE * (odds - 1);
      staked += STAKE;
      best = best === null ? odds : Math.max(best, odds);
    }
  }
  return {
    winAccuracy: settled.length ? round((won.length / settled.length) * 100, 1) : 0,
    totalPredictions: settled.length,
    totalProfit: round(profit, 2),
    payoutPercentage: staked > 0 ? round((profit / staked) * 100, 1) : null,
    bestWinningOdds: best,
    date: utcDay(asOf),
  };
}

/** Only picks made and stored before kickoff count in the live record. */
export function publishedOnly(picks: Pick[]): Pick[] {
  return picks.filter((p) => originOf(p) === 'published');
}

/**
 * The headline figures (docs/decisions/0090-published-and-backfilled-predictions.md): over the
 * published picks once 30 of them are settled in the window, else over the backfilled ones
 * (labelled `backtest`). Never both at once.
 */
export function computeTrackRecord(picks: Pick[], asOf: Date): TrackRecord {
  const published = computeMetrics(publishedOnly(picks), asOf);
  const backtest = computeMetrics(picks.filter((p) => originOf(p) === 'backfilled'), asOf);
  const basis = published.totalPredictions >= PUBLISHED_BASIS_MIN_PICKS ? 'published' : 'backtest';
  return {
    ...(basis === 'published' ? published : backtest),
    basis,
    publishedPredictions: published.totalPredictions,
    backfilledPredictions: backtest.totalPredictions,
  };
}
