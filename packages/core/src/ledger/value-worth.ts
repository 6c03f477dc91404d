/**
 * What the value flags are worth (docs/decisions/0322-what-the-flags-are-worth.md): the last 30
 * days' and the season's settled flags, published and back-tested apart, each as a count, its mean
 * closing line value with its interval, the profit that CLV makes expected at the flat stake (and
 * per 30 days, beside the monthly fee), and the profit that actually happened. Pure functions.
 */
import type { ValueWorth, ValueWorthFigures, ValueWorthWindow } from '@app/contracts/analytics';
import { PREMIUM_PRICE_USD, STAKE_USD } from '@app/contracts/rules';
import { DAY_MS, utcDay } from '../clock.ts';
import { round } from '../numbers.ts';
import type { LedgerBasis, RecordedEntry } from './entry.ts';
import { clvSummary, inWindow, settledBets } from './record.ts';

/** The recent window: the last 30 days, as the headline figures. */
export const VALUE_WORTH_RECENT_DAYS = 30;
/** The monthly figures are per this many days, as the fee is per month. */
const MONTH_DAYS = 30;
/** The European season starts on 1 July (UTC): the season's window runs from the last one. */
const SEASON_START_MONTH = 6;

/** The start of the season `now` is in: the last 1 July (UTC) before it. */
export function seasonStartOf(now: Date): Date {
  const year =
    now.getUTCMonth() >= SEASON_START_MONTH && now.getTime() > Date.UTC(now.getUTCFullYear(), SEASON_START_MONTH, 1)
      ? now.getUTCFullYear()
      : now.getUTCFullYear() - 1;
  return new Date(Date.UTC(year, SEASON_START_MONTH, 1));
}

const dollars = (units: number) => round(units * STAKE_USD, 2);

/** One basis's settled value flags of one window, as figures (`days` makes the monthly ones). */
export function valueWorthFigures(entries: readonly RecordedEntry[], days: number): ValueWorthFigures {
  const bets = settledBets(entries.filter((e) => e.kind === 'value'));
  const clv = clvSummary(bets);
  const perMonth = MONTH_DAYS / days;
  // mean CLV (percent) x bets: the expected profit in stake units; its interval from the mean's
  const expected = clv.mean === null ? null : (clv.mean / 100) * clv.bets;
  const interval = clv.ci95 && (clv.ci95.map((bound) => (bound / 100) * clv.bets) as [number, number]);
  const actual = bets.reduce((sum, b) => sum + (b.flat ?? 0), 0);
  return {
    flags: bets.length,
    clv,
    expectedUsd: expected === null ? null : dollars(expected),
    expectedUsdCi95: interval ? [dollars(interval[0]), dollars(interval[1])] : null,
    expectedMonthlyUsd: expected === null ? null : dollars(expected * perMonth),
    expectedMonthlyUsdCi95: interval ? [dollars(interval[0] * perMonth), dollars(interval[1] * perMonth)] : null,
    actualUsd: dollars(actual),
    actualMonthlyUsd: dollars(actual * perMonth),
  };
}

/** One window, from `from` (excluded) to `now`, both bases apart; the monthly figures over its exact length. */
function windowOf(entries: readonly RecordedEntry[], now: Date, from: Date): ValueWorthWindow {
  const span = (now.getTime() - from.getTime()) / DAY_MS;
  const inside = entries.filter((e) => inWindow(e, now, span));
  const of = (basis: LedgerBasis) =>
    valueWorthFigures(
      inside.filter((e) => e.basis === basis),
      span,
    );
  return { from: utcDay(from), to: utcDay(now), days: Math.ceil(span), published: of('published'), backtest: of('backtest') };
}

/** The last 30 days' and the season's value flags (entries read from at least the season's start). */
export function valueWorthOf(entries: readonly RecordedEntry[], now: Date): ValueWorth {
  return {
    stakeUsd: STAKE_USD,
    feeUsd: PREMIUM_PRICE_USD,
    last30: windowOf(entries, now, new Date(now.getTime() - VALUE_WORTH_RECENT_DAYS * DAY_MS)),
    season: windowOf(entries, now, seasonStartOf(now)),
    computedAt: now.toISOString(),
  };
}
