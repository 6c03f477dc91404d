/**
 * An arbitrage: the best prices of one market, each from whichever bookmaker offers it, imply
 * under 100 % together, so backing every side in proportion returns a profit whatever happens.
 * Real books rarely allow it and soon close it; where it happens the match page says so, rather
 * than show two value flags on opposite sides as if each were a bet
 * (docs/decisions/0330-a-demo-world-that-looks-like-football.md).
 */
import type { MarketOdds, Selection } from './prediction.ts';

export const ARBITRAGE_MARKETS = {
  '1x2': ['home', 'draw', 'away'],
  ou25: ['over25', 'under25'],
} as const satisfies Record<string, readonly Selection[]>;

export interface Arbitrage {
  market: keyof typeof ARBITRAGE_MARKETS;
  /** The best prices' implied probabilities summed (under 1). */
  implied: number;
  /** The return on the total staked, every side backed in proportion (1 / implied - 1). */
  profit: number;
}

/** The markets whose best prices make an arbitrage (none without every side's price). */
export function arbitragesOf(best: MarketOdds | undefined): Arbitrage[] {
  if (!best) return [];
  return (Object.keys(ARBITRAGE_MARKETS) as (keyof typeof ARBITRAGE_MARKETS)[]).flatMap((market) => {
    const prices = ARBITRAGE_MARKETS[market].map((s) => best[s]);
    if (prices.some((p) => p === undefined || !(p > 1))) return [];
    const implied = prices.reduce((t: number, p) => t + 1 / p!, 0);
    return implied < 1 ? [{ market, implied: Math.round(implied * 10_000) / 10_000, profit: Math.round((1 / implied - 1) * 10_000) / 10_000 }] : [];
  });
}
