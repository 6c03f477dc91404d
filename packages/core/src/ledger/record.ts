/**
 * The track record: every figure any page or job shows about how our bets did, computed here from
 * ledger entries and nowhere else (docs/track-record.md). Pure functions.
 */
import type { Clv, PickRecord, ProfitCurve } from '@app/contracts/analytics';
import type { Metrics, MetricsByBasis, TrackRecord, Trend } from '@app/contracts/metrics';
import type { LosingRuns, LosingRunsResponse } from '@app/contracts/responsible-gambling';
import { PUBLISHED_BASIS_MIN_PICKS, STAKE_USD } from '@app/contracts/rules';
import { blockBootstrapInterval } from '@app/model/bootstrap';
import { DAY_MS, utcDay } from '../clock.ts';
import { round } from '../numbers.ts';
import { clvOf, profitAt, type LedgerBasis, type RecordedEntry } from './entry.ts';

/** The public headline window (docs/decisions/0009-results-and-metrics.md): the last 30 days. */
export const METRICS_WINDOW_DAYS = 30;
/** The trend plots one point per day over the last 30 days. */
export const TREND_DAYS = 30;

/** A settled (won or lost) entry with the figures it contributes. */
export interface SettledBet {
  entry: RecordedEntry;
  won: boolean;
  /** The price taken: corrections never change a figure (docs/decisions/0193-corrections-that-cannot-rewrite.md). */
  price: number | null;
  /** Units won or lost per flat unit; undefined for a won bet without a price (hit rate only). */
  flat: number | undefined;
  kellyStake: number;
  kellyProfit: number;
  clv: number | null;
  /** UTC day of kickoff: the bootstrap resamples whole match days. */
  day: string;
}

/** The won and lost entries, each at the price taken. Void and open entries never count. */
export function settledBets(entries: readonly RecordedEntry[]): SettledBet[] {
  const out: SettledBet[] = [];
  for (const entry of entries) {
    if (entry.result !== 'won' && entry.result !== 'lost') continue;
    const price = entry.price;
    const profit = profitAt(entry, entry.result, price);
    out.push({
      entry,
      won: entry.result === 'won',
      price,
      flat: profit?.flat,
      kellyStake: profit ? entry.stakeKelly : 0,
      kellyProfit: profit?.kelly ?? 0,
      clv: clvOf(entry),
      day: entry.kickoff.slice(0, 10),
    });
  }
  return out;
}

/** Settled within the `days` days up to `asOf`: kicked off in (asOf - days, asOf] and settled by `asOf`. */
export function inWindow(entry: RecordedEntry, asOf: Date, days: number): boolean {
  const t = Date.parse(entry.kickoff);
  return t > asOf.getTime() - days * DAY_MS && t <= asOf.getTime() && (!entry.settledAt || Date.parse(entry.settledAt) <= asOf.getTime());
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * 95 % interval of the mean of `values` in percent: a percentile bootstrap that resamples whole
 * match days (bets of one day share news and weather). A mean of returns is never below -1, so
 * neither is any bound: an ROI interval cannot go under -100 %.
 */
function meanInterval(values: readonly number[], days: readonly string[]): [number, number] | null {
  if (values.length < 2) return null;
  const [low, high] = blockBootstrapInterval(days, [values, values.map(() => 1)], (s) => s[0]! / s[1]!);
  return [round(low * 100, 1), round(high * 100, 1)];
}

/** Mean CLV with its interval and the share of bets that beat the fair closing price. */
export function clvSummary(bets: readonly SettledBet[]): Clv {
  const priced = bets.filter((b) => b.clv !== null);
  const values = priced.map((b) => b.clv!);
  return {
    bets: priced.length,
    withoutClosing: bets.length - priced.length,
    mean: values.length ? round((sum(values) / values.length) * 100, 1) : null,
    ci95: meanInterval(
      values,
      priced.map((b) => b.day),
    ),
    beatClosePct: values.length ? round((values.filter((v) => v > 0).length / values.length) * 100, 1) : null,
  };
}

/** Counts, hit rate, profit and ROI without intervals: what the headline metrics need, cheap enough for every trend day. */
function tally(bets: readonly SettledBet[]) {
  const staked = bets.filter((b) => b.flat !== undefined);
  const returns = staked.map((b) => b.flat!);
  const hits = bets.filter((b) => b.won).length;
  return {
    picks: bets.length,
    hits,
    hitRate: bets.length ? round((hits / bets.length) * 100, 1) : null,
    staked: staked.length,
    returns,
    profit: round(sum(returns) * STAKE_USD, 2),
    roi: returns.length ? round((sum(returns) / returns.length) * 100, 1) : null,
    stakedDays: staked.map((b) => b.day),
  };
}

/** The record of a set of bets: hit rate, $20-stake profit, ROI with its interval, quarter-Kelly and CLV. */
export function recordOf(bets: readonly SettledBet[]): PickRecord {
  const t = tally(bets);
  const interval = meanInterval(t.returns, t.stakedDays);
  const kellyStaked = sum(bets.map((b) => b.kellyStake));
  const kellyProfit = sum(bets.map((b) => b.kellyProfit));
  return {
    picks: t.picks,
    hits: t.hits,
    hitRate: t.hitRate,
    staked: t.staked,
    profit: t.profit,
    roi: t.roi,
    roiLow: interval?.[0] ?? null,
    roiHigh: interval?.[1] ?? null,
    kelly: { staked: round(kellyStaked, 2), profit: round(kellyProfit, 2), roi: kellyStaked > 0 ? round((kellyProfit / kellyStaked) * 100, 1) : null },
    clv: clvSummary(bets),
  };
}

/** Cumulative profit in units (one point per match day) and the largest fall from a peak, bet by bet. */
export function profitCurve(bets: readonly SettledBet[]): ProfitCurve {
  const ordered = [...bets].sort((a, b) => a.entry.kickoff.localeCompare(b.entry.kickoff) || a.entry.id.localeCompare(b.entry.id));
  const points: ProfitCurve['points'] = [];
  const value = { flat: 0, kelly: 0 };
  const peak = { flat: 0, kelly: 0 };
  const drawdown = { flat: 0, kelly: 0 };
  for (const bet of ordered) {
    value.flat += bet.flat ?? 0;
    value.kelly += bet.kellyProfit;
    for (const k of ['flat', 'kelly'] as const) {
      peak[k] = Math.max(peak[k], value[k]);
      drawdown[k] = Math.max(drawdown[k], peak[k] - value[k]);
    }
    const point = { kickoff: bet.entry.kickoff, flat: round(value.flat, 2), kelly: round(value.kelly, 2) };
    if (points.at(-1)?.kickoff.slice(0, 10) === bet.day) points[points.length - 1] = point;
    else points.push(point);
  }
  return { points, maxDrawdown: { flat: round(drawdown.flat, 2), kelly: round(drawdown.kelly, 2) } };
}

/**
 * The public headline of a set of settled picks (docs/decisions/0009-results-and-metrics.md): win
 * accuracy, picks, profit at a $20 stake, payout (ROI) and the best price among won picks.
 */
export function metricsOf(bets: readonly SettledBet[], asOf: Date): Metrics {
  const t = tally(bets);
  const won = bets.filter((b) => b.won && b.price !== null).map((b) => b.price!);
  return {
    winAccuracy: t.hitRate ?? 0,
    totalPredictions: t.picks,
    totalProfit: t.profit,
    payoutPercentage: t.roi,
    bestWinningOdds: won.length ? Math.max(...won) : null,
    date: utcDay(asOf),
  };
}

/** Settled picks (not value bets) of one basis in the window: what the public figures count. */
function windowPicks(entries: readonly RecordedEntry[], basis: LedgerBasis, asOf: Date, days: number): SettledBet[] {
  return settledBets(entries.filter((e) => e.kind === 'pick' && e.basis === basis && inWindow(e, asOf, days)));
}

/** The window's figures over published and over back-tested picks, side by side. */
export function metricsByBasis(entries: readonly RecordedEntry[], asOf: Date, days = METRICS_WINDOW_DAYS): MetricsByBasis {
  return {
    days,
    to: asOf.toISOString(),
    published: metricsOf(windowPicks(entries, 'published', asOf, days), asOf),
    backtest: metricsOf(windowPicks(entries, 'backtest', asOf, days), asOf),
  };
}

/** Which basis a window rests on: published picks once 30 of them are settled, else the back-tested ones. */
export function basisOf(published: { totalPredictions: number } | number): LedgerBasis {
  const count = typeof published === 'number' ? published : published.totalPredictions;
  return count >= PUBLISHED_BASIS_MIN_PICKS ? 'published' : 'backtest';
}

/**
 * The headline (docs/decisions/0090-published-and-backfilled-predictions.md): over the published
 * picks once 30 are settled in the last 30 days, else over the back-tested ones, labelled. Never both.
 */
export function trackRecordOf(entries: readonly RecordedEntry[], asOf: Date): TrackRecord {
  const both = metricsByBasis(entries, asOf);
  const basis = basisOf(both.published);
  return {
    ...both[basis],
    basis,
    publishedPredictions: both.published.totalPredictions,
    backfilledPredictions: both.backtest.totalPredictions,
  };
}

/**
 * One point per day of the last 30: the headline as of the end of that day (today: as of now),
 * each on its own basis, so a fresh start plots its back-tested record, labelled, and the points
 * turn to published as published picks settle. Days without a settled pick have no point.
 */
export function trendOf(entries: readonly RecordedEntry[], asOf: Date): Trend {
  const out: Trend = [];
  for (let back = TREND_DAYS - 1; back >= 0; back--) {
    const at = back === 0 ? asOf : new Date(Date.parse(utcDay(new Date(asOf.getTime() - back * DAY_MS))) + DAY_MS - 1);
    const record = trackRecordOf(entries, at);
    if (record.totalPredictions === 0) continue;
    out.push({ date: utcDay(at), winAccuracy: record.winAccuracy, totalPredictions: record.totalPredictions, basis: record.basis });
  }
  return out;
}

/**
 * P(the longest run of failures in `n` independent trials, each failing with probability `q`, is
 * at most `k`): a walk over the length of the current run, never past `k`.
 */
export function longestRunAtMost(n: number, q: number, k: number): number {
  let state = new Float64Array(k + 1);
  state[0] = 1;
  for (let i = 0; i < n; i++) {
    const next = new Float64Array(k + 1);
    let alive = 0;
    for (let r = 0; r <= k; r++) alive += state[r]!;
    next[0] = alive * (1 - q);
    for (let r = 0; r < k; r++) next[r + 1] = state[r]! * q;
    state = next;
  }
  return state.reduce((s, x) => s + x, 0);
}

/**
 * The range (2.5 % and 97.5 % quantiles) of the longest losing run that chance alone gives over
 * `n` independent picks that each lose with probability `q`: what a bettor should expect to sit
 * through at this hit rate even if the forecasts were right.
 */
export function chanceLongestLosingRun(n: number, q: number): [number, number] {
  // The smallest k with P(longest <= k) >= p; the probability grows with k, so bisect.
  const quantile = (p: number): number => {
    let [low, high] = [0, n];
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (longestRunAtMost(n, q, mid) >= p) high = mid;
      else low = mid + 1;
    }
    return low;
  };
  return [quantile(0.025), quantile(0.975)];
}

/** A run of five lost picks in a row is where the page's count starts. */
export const LONG_LOSING_RUN = 5;

/**
 * How long the picks went without a win (docs/responsible-gambling.md): settled picks in kickoff
 * order, their hit rate with its day-block interval, the longest run of losses with what it cost
 * at the flat stake, the runs of five or more, and the range chance gives at that hit rate.
 */
export function losingRunsOf(bets: readonly SettledBet[]): LosingRuns {
  const ordered = [...bets].sort((a, b) => a.entry.kickoff.localeCompare(b.entry.kickoff) || a.entry.id.localeCompare(b.entry.id));
  const hits = ordered.filter((b) => b.won).length;
  let longest: LosingRuns['longest'] = null;
  let runsOfFiveOrMore = 0;
  let start = 0;
  for (let i = 0; i <= ordered.length; i++) {
    if (i < ordered.length && !ordered[i]!.won) continue;
    const length = i - start;
    if (length >= LONG_LOSING_RUN) runsOfFiveOrMore += 1;
    if (length > 0 && length > (longest?.length ?? 0)) {
      longest = { length, from: ordered[start]!.entry.kickoff, to: ordered[i - 1]!.entry.kickoff, lossUsd: length * STAKE_USD };
    }
    start = i + 1;
  }
  const n = ordered.length;
  return {
    picks: n,
    hits,
    hitRate: n ? round((hits / n) * 100, 1) : null,
    hitRateCi95: meanInterval(
      ordered.map((b) => (b.won ? 1 : 0)),
      ordered.map((b) => b.day),
    ),
    longest,
    runsOfFiveOrMore,
    expectedLongestCi95: n ? chanceLongestLosingRun(n, 1 - hits / n) : null,
  };
}

/** The losing runs of the picks of the last `days` days up to `asOf`, published and back-tested apart. */
export function losingRunsByBasis(entries: readonly RecordedEntry[], asOf: Date, days: number): LosingRunsResponse {
  return {
    days,
    to: asOf.toISOString(),
    stakeUsd: STAKE_USD,
    published: losingRunsOf(windowPicks(entries, 'published', asOf, days)),
    backtest: losingRunsOf(windowPicks(entries, 'backtest', asOf, days)),
  };
}
