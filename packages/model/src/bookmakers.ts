/**
 * The declared bookmaker list (docs/decisions/0190-the-declared-bookmaker-list.md): the only books
 * whose prices a value bet may be flagged at, read by the backtest (its research-file columns) and
 * by production (The Odds API keys). Books a UK or EU bettor can open an account with; an exchange
 * only at its price net of commission; never an aggregator's maximum. Pinnacle is the sharp
 * reference the fair price comes from, not a book a flag is taken at.
 */

export interface ListedBookmaker {
  /** Our id (stable, in the ledger's `bookmaker` field only through `name`). */
  id: string;
  /** What a card and the ledger show. */
  name: string;
  /** The football-data.co.uk column prefix (`B365` -> B365H, B365>2.5...), when the research files carry the book. */
  research?: string;
  /** The Odds API bookmaker key, when that API carries the book in its uk or eu region. */
  oddsApi?: string;
  /** An exchange's commission on net winnings (0.05 = 5 %): its prices count net of it. */
  commission?: number;
}

/**
 * The default list: the mainstream books of the research files (Bet365, Bet&Win, Interwetten,
 * William Hill, VC Bet) with their The Odds API keys where that API carries them, and the UK
 * exchanges The Odds API returns, each net of its standard commission.
 */
export const DEFAULT_BOOKMAKERS: readonly ListedBookmaker[] = [
  { id: 'bet365', name: 'Bet365', research: 'B365' },
  { id: 'betandwin', name: 'Bet&Win', research: 'BW' },
  { id: 'interwetten', name: 'Interwetten', research: 'IW' },
  { id: 'williamhill', name: 'William Hill', research: 'WH', oddsApi: 'williamhill' },
  { id: 'betvictor', name: 'BetVictor', research: 'VC', oddsApi: 'betvictor' },
  { id: 'betfair-exchange', name: 'Betfair Exchange', oddsApi: 'betfair_ex_uk', commission: 0.05 },
  { id: 'smarkets', name: 'Smarkets', oddsApi: 'smarkets', commission: 0.02 },
  { id: 'matchbook', name: 'Matchbook', oddsApi: 'matchbook', commission: 0.02 },
];

/** The sharp reference: its de-vigged prices are the fair price every flag is measured against. */
export const SHARP_REFERENCE = { name: 'Pinnacle', research: 'PS', oddsApi: 'pinnacle' } as const;

/** A price as a bettor is paid: an exchange's net of its commission on the winnings (rounded to 3 decimals). */
export function netPrice(price: number, book: Pick<ListedBookmaker, 'commission'>): number {
  if (!book.commission) return price;
  return Math.round((1 + (price - 1) * (1 - book.commission)) * 1000) / 1000;
}

/** How a list is named in a report's `config`: each book with where its prices come from. */
export function describeBookmakers(list: readonly ListedBookmaker[]): string[] {
  return list.map((b) => [
    b.name,
    b.research ? `research ${b.research}*` : 'no research column',
    b.oddsApi ? `The Odds API ${b.oddsApi}` : 'not on The Odds API',
    ...(b.commission ? [`net of ${(b.commission * 100).toFixed(0)} % commission`] : []),
  ].join(', '));
}
