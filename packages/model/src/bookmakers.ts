/**
 * The declared bookmaker list (docs/decisions/0190-the-declared-bookmaker-list.md): the only books
 * whose prices a value bet may be flagged at, read by the backtest (its research-file columns) and
 * by production (The Odds API keys). Books a UK or EU bettor can open an account with; an exchange
 * only at its price net of commission; never an aggregator's maximum. Pinnacle is the sharp
 * reference the fair price comes from, not a book a flag is taken at.
 */

export interface ListedBookmaker {
  /** What a card and the ledger show. */
  name: string;
  /** The football-data.co.uk column prefix (`B365` -> B365H, B365>2.5...), when the research files carry the book. */
  research?: string;
  /** The live odds source's key for the book: The Odds API's, when it carries the book in its uk or eu region (a demo book's own on the local stack). */
  key?: string;
  /** An exchange's commission on net winnings (0.05 = 5 %): its prices count net of it. */
  commission?: number;
}

/**
 * The default list: the mainstream books of the research files (Bet365, Bet&Win, Interwetten,
 * William Hill, VC Bet) with their The Odds API keys where that API carries them, and the UK
 * exchanges The Odds API returns, each net of its standard commission.
 */
export const DEFAULT_BOOKMAKERS: readonly ListedBookmaker[] = [
  { name: 'Bet365', research: 'B365' },
  { name: 'Bet&Win', research: 'BW' },
  { name: 'Interwetten', research: 'IW' },
  { name: 'William Hill', research: 'WH', key: 'williamhill' },
  { name: 'BetVictor', research: 'VC', key: 'betvictor' },
  { name: 'Betfair Exchange', key: 'betfair_ex_uk', commission: 0.05 },
  { name: 'Smarkets', key: 'smarkets', commission: 0.02 },
  { name: 'Matchbook', key: 'matchbook', commission: 0.02 },
];

/** The live source's key of the sharp reference (The Odds API's). */
export const SHARP_KEY = 'pinnacle';
/** The sharp reference: its de-vigged prices are the fair price every flag is measured against. */
export const SHARP_REFERENCE = { name: 'Pinnacle', research: 'PS', key: SHARP_KEY } as const;

/** A price as a bettor is paid: an exchange's net of its commission on the winnings (rounded to 3 decimals). */
export function netPrice(price: number, book: Pick<ListedBookmaker, 'commission'>): number {
  if (!book.commission) return price;
  return Math.round((1 + (price - 1) * (1 - book.commission)) * 1000) / 1000;
}
