/**
 * Value flags from one capture of a fixture's prices (docs/decisions/0192-prices-found-when-they-appear.md):
 * the sharp reference's fair price at that capture, the declared bookmakers' fresh quotes (an
 * exchange's net of commission), the rule in force; and how a scan's flags follow the previous
 * ones (appeared, moved, withdrawn). Pure functions, shared by generation and the odds scan.
 */
import { DEFAULT_BOOKMAKERS, netPrice, SHARP_KEY, SHARP_REFERENCE, type ListedBookmaker } from '@app/model/bookmakers';
import { overFromOdds, threeWayFromOdds } from '@app/model/odds';
import { VALUE_RULES, valueFlagOf, bestPrice, type BookPrice, type ValueRule, type ValueRules } from '@app/model/value-rule';
import { round } from '../numbers.ts';
import type { BookQuote, FixtureOdds } from './odds.ts';
import type { BookOdds, MarketBookmakers, MarketOdds, Selection, ValueBet, ValueFlagEvent } from './prediction.ts';

/** A quote older than this (its bookmaker's own update time) is not a price anyone can take. */
export const QUOTE_MAX_AGE_MS = 15 * 60_000;

/** The history a prediction keeps: the last events only. */
export const VALUE_HISTORY_MAX = 40;

const SELECTIONS: readonly Selection[] = ['home', 'draw', 'away', 'over25', 'under25'];

/** The sharp fair probability of each selection at this capture (Shin 1X2, proportional Over/Under). */
export function sharpFair(odds: Pick<FixtureOdds, 'sharp'>): Partial<Record<Selection, number>> {
  const x1 = threeWayFromOdds(odds.sharp, 'shin');
  const over = overFromOdds(odds.sharp, 'proportional');
  return { ...(x1 ?? {}), ...(over === undefined ? {} : { over25: over, under25: 1 - over }) };
}

/** Whether a bookmaker updated its quote within QUOTE_MAX_AGE_MS of `now`. */
const fresh = (q: BookQuote, now: Date) => now.getTime() - Date.parse(q.updatedAt) <= QUOTE_MAX_AGE_MS;

/** The declared books' fresh prices per selection, each net of any commission. */
export function listedPrices(
  odds: Pick<FixtureOdds, 'quotes'>,
  now: Date,
  list: readonly ListedBookmaker[] = DEFAULT_BOOKMAKERS,
): Record<Selection, (BookPrice & { quotedAt: string })[]> {
  const out: Record<Selection, (BookPrice & { quotedAt: string })[]> = { home: [], draw: [], away: [], over25: [], under25: [] };
  const byKey = new Map(list.map((b) => [b.key, b] as const));
  for (const q of odds.quotes ?? []) {
    const book = byKey.get(q.key);
    if (!book || !fresh(q, now)) continue;
    for (const s of SELECTIONS) {
      const price = q.prices[s];
      if (price) out[s].push({ bookmaker: book.name, price: netPrice(price, book), quotedAt: q.updatedAt });
    }
  }
  return out;
}

/** What one capture says: the flags under the rule, and the best declared price of every selection (staking). */
export interface CaptureView {
  flags: ValueBet[];
  best: MarketOdds;
  bestBookmakers: MarketBookmakers;
  /** Each declared book's fresh prices, as the source lists them (a book without a fresh price is left out). */
  books: BookOdds[];
  /** The sharp reference's fair prices (1 / fair probability, 3 decimals; empty when its quote is stale), by its name. */
  fair: BookOdds;
}

/**
 * The capture's flags and best prices; no flag when the sharp reference's own quote is stale (its fair price is then not the market's now).
 * The rule is each market's in force (docs/decisions/0310-a-value-rule-chosen-for-what-a-subscriber-earns.md): a market without one is not flagged.
 */
export function captureView(odds: FixtureOdds, now: Date, list?: readonly ListedBookmaker[], rule: ValueRule | ValueRules = VALUE_RULES): CaptureView {
  const sharpQuote = odds.quotes?.find((q) => q.key === SHARP_KEY);
  const fair = sharpQuote && !fresh(sharpQuote, now) ? {} : sharpFair(odds);
  const prices = listedPrices(odds, now, list);
  const flags: ValueBet[] = [];
  const best: MarketOdds = {};
  const bestBookmakers: MarketBookmakers = {};
  for (const s of SELECTIONS) {
    const top = bestPrice(prices[s]);
    if (top) {
      best[s] = top.price;
      bestBookmakers[s] = top.bookmaker;
    }
    const flag = valueFlagOf(s, fair[s], prices[s], rule);
    if (!flag) continue;
    flags.push({
      market: s,
      odds: flag.price,
      edge: round(flag.edge, 4),
      bookmaker: flag.bookmaker,
      fairProbability: round(flag.fairProbability, 4),
      quotedAt: prices[s].find((p) => p.bookmaker === flag.bookmaker)!.quotedAt,
      booksAtPrice: flag.booksAtPrice,
    });
  }
  const byBook = new Map<string, MarketOdds>();
  for (const s of SELECTIONS) for (const p of prices[s]) byBook.set(p.bookmaker, { ...byBook.get(p.bookmaker), [s]: p.price });
  const books = [...byBook].map(([bookmaker, odds]) => ({ bookmaker, odds }));
  const fairOdds: MarketOdds = {};
  for (const s of SELECTIONS) if (fair[s]) fairOdds[s] = round(1 / fair[s], 3);
  return { flags, best, bestBookmakers, books, fair: { bookmaker: odds.sharpName ?? SHARP_REFERENCE.name, odds: fairOdds } };
}

/**
 * What a prediction keeps of a capture for the match page's price grid: each book's prices and the sharp fair
 * prices as of `at`; nothing when the capture had neither (docs/decisions/0336-every-books-price-on-the-match-page.md).
 */
export function booksOf(view: Pick<CaptureView, 'books' | 'fair'>, at: Date): { books?: BookOdds[]; sharpFair?: BookOdds; booksAt?: string } {
  const fair = Object.keys(view.fair.odds).length > 0;
  if (!view.books.length && !fair) return {};
  return { books: view.books, ...(fair ? { sharpFair: view.fair } : {}), booksAt: at.toISOString() };
}

/**
 * This scan's flags after the previous ones: a flag that was up keeps when it appeared; a new
 * one appears now; a changed price or bookmaker is a move; a flag no longer there is withdrawn.
 */
export function followFlags(
  previous: { valueBets: readonly ValueBet[]; valueHistory?: readonly ValueFlagEvent[] } | undefined,
  now: readonly ValueBet[],
  at: Date,
): { valueBets: ValueBet[]; valueHistory: ValueFlagEvent[] } {
  const iso = at.toISOString();
  const before = new Map((previous?.valueBets ?? []).map((v) => [v.market, v] as const));
  const history = [...(previous?.valueHistory ?? [])];
  // (an absent bookmaker or fair probability is left out when stored)
  const event = (v: ValueBet, kind: 'flagged' | 'moved'): ValueFlagEvent => ({
    at: iso,
    selection: v.market,
    event: kind,
    odds: v.odds,
    bookmaker: v.bookmaker,
    fairProbability: v.fairProbability,
    edge: v.edge,
  });
  const valueBets = now.map((v) => {
    const was = before.get(v.market);
    if (!was) history.push(event(v, 'flagged'));
    else if (was.odds !== v.odds || was.bookmaker !== v.bookmaker) history.push(event(v, 'moved'));
    return { ...v, flaggedAt: was?.flaggedAt ?? iso, seenAt: iso };
  });
  for (const [selection] of before) if (!now.some((v) => v.market === selection)) history.push({ at: iso, selection, event: 'withdrawn' });
  return { valueBets, valueHistory: history.slice(-VALUE_HISTORY_MAX) };
}

/** Which scan a fixture is due at (the task runs every 15 minutes; docs/providers.md sizes the credits). */
export function dueForScan(kickoffMs: number, now: Date): boolean {
  const ahead = kickoffMs - now.getTime();
  const minute = now.getUTCMinutes();
  if (ahead <= 0) return false;
  // the last scan, within 15 minutes of kickoff
  if (ahead <= 15 * 60_000) return true;
  // every 30 minutes up to 24 hours ahead (the runs at :00 and :30)
  if (ahead <= 24 * 3_600_000) return minute % 30 < 15;
  // hourly up to 72 hours ahead (the run at :00); further out the daily generation run is enough
  if (ahead <= 72 * 3_600_000) return minute < 15;
  return false;
}
