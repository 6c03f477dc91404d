/**
 * The bet ledger's entries (docs/track-record.md): what is recorded when a forecast is published,
 * what an entry gains after kickoff, and the corrections staff may add. Pure functions.
 */
import type { LedgerBasis } from '@app/contracts/ledger';
import { round } from '../numbers.ts';
import { isCorrect, marketOf, picksOf, type PickMarket } from '../predictions/picks.ts';
import { selectionProbability, type FixtureRef, type Selection, type StoredPrediction } from '../predictions/prediction.ts';
import { quarterKelly } from '../predictions/stake.ts';

export type { LedgerBasis } from '@app/contracts/ledger';
/** `pick`: an outcome we gave 60 % or more; `value`: a best price above the market's fair price. */
export type LedgerKind = 'pick' | 'value';
export type LedgerResult = 'won' | 'lost' | 'void';

/** The selection's closing price and its fair probability (the closing market with its margin removed). */
export interface ClosingPrice {
  price: number;
  fairProbability: number;
  source: 'pinnacle' | 'average';
  capturedAt: string;
}

/** Units won or lost: the flat 1-unit stake and the quarter-Kelly stake. */
export interface Profit {
  flat: number;
  kelly: number;
}

/** What an entry gains after kickoff, once (docs/decisions/0130-the-bet-ledger.md). */
export interface LedgerOutcome {
  result: LedgerResult;
  score?: { home: number; away: number };
  settledAt: string;
  /** At the price taken; absent for a won bet without a price (it counts for the hit rate only). */
  profit?: Profit;
  closing?: ClosingPrice;
}

/** One recorded bet. Everything but the outcome is written once, before kickoff for a published entry. */
export interface LedgerEntry extends FixtureRef, Partial<LedgerOutcome> {
  /** `<fixtureId>~<kind>-<selection>`. */
  id: string;
  basis: LedgerBasis;
  kind: LedgerKind;
  market: PickMarket;
  selection: Selection;
  /** Our published probability of the selection, 4 decimals. */
  probability: number;
  /** The market's fair probability (the pre-kickoff odds the forecast read, margin removed); null without odds. */
  fairProbability: number | null;
  /**
   * The price taken: a pick's best declared price at `forecastAt`; a value entry's flagged price at
   * the scan that first flagged it (docs/decisions/0192-prices-found-when-they-appear.md). Every
   * figure (ROI, CLV) uses it; a correction never replaces it.
   */
  price: number | null;
  bookmaker: string | null;
  /** A value entry's quote time (its bookmaker's own update time); absent on picks and older entries. */
  quotedAt?: string;
  /** How many declared bookmakers offered at least `price` at that scan (value entries). */
  booksAtPrice?: number;
  stakeFlat: number;
  /** Quarter-Kelly in units (1 unit = 1 % of a bankroll), capped at 2.5; 0 without an edge or a price. */
  stakeKelly: number;
  modelVersion: string;
  /** When the forecast was made; for a backtest entry, the moment it was reconstructed as of. */
  forecastAt: string;
  /** When the entry was written: for a backtest entry, after its match was played. */
  recordedAt: string;
}

/**
 * A staff correction (the admin odds page's winning odds): a record of its own, sealed in the
 * corrections chain, shown beside the entry; it never changes the price taken, CLV or any figure
 * (docs/decisions/0193-corrections-that-cannot-rewrite.md).
 */
export interface LedgerCorrection {
  entryId: string;
  fixtureId: string;
  kickoff: string;
  /** The odds shown before it: the previous correction's, else the price taken. */
  oldPrice: number | null;
  newPrice: number;
  /** The staff member's user id. */
  by: string;
  at: string;
  /** Its place in the corrections chain (1, 2, ...), the chain's digest before it and with it. */
  sequence: number;
  previous: string;
  digest: string;
}

/** An entry as read back: with its corrections, oldest first. */
export type RecordedEntry = LedgerEntry & { corrections: LedgerCorrection[] };

export const FLAT_STAKE = 1;

export function entryId(fixtureId: string, kind: LedgerKind, selection: Selection): string {
  return `${fixtureId}~${kind}-${selection}`;
}

const SELECTIONS: readonly Selection[] = ['home', 'draw', 'away', 'over25', 'under25'];

/** The parts of an entry id, or undefined for anything else (a request's id is untrusted). */
export function parseEntryId(id: string): { fixtureId: string; kind: LedgerKind; selection: Selection } | undefined {
  const match = /^(.+)~(pick|value)-([a-z0-9]+)$/.exec(id);
  if (!match || !SELECTIONS.includes(match[3] as Selection)) return undefined;
  return { fixtureId: match[1]!, kind: match[2] as LedgerKind, selection: match[3] as Selection };
}

/**
 * The entries a forecast publishes: each high-confidence pick and each value bet, at the best
 * price of the moment. `recordedAt` is when they are written (for a backtest, after the match).
 */
export function ledgerEntriesOf(prediction: StoredPrediction, basis: LedgerBasis, recordedAt: Date): LedgerEntry[] {
  // A flag-only record has no forecast of ours: its entries' probability is the sharp fair one their flag was measured
  // against (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md), and it publishes no pick.
  const ours = prediction.valueOnly ? prediction.market : { ...prediction.probabilities, over25: prediction.overUnder25.over };
  const make = (kind: LedgerKind, selection: Selection): LedgerEntry => {
    const fair = prediction.market && selectionProbability(prediction.market, selection);
    const probability = round(ours ? selectionProbability(ours, selection) : 0, 4);
    const price = prediction.bestOdds?.[selection] ?? null;
    return {
      id: entryId(prediction.fixtureId, kind, selection),
      fixtureId: prediction.fixtureId,
      leagueId: prediction.leagueId,
      leagueName: prediction.leagueName,
      homeTeam: prediction.homeTeam,
      awayTeam: prediction.awayTeam,
      kickoff: new Date(prediction.kickoff).toISOString(),
      basis,
      kind,
      market: marketOf(selection),
      selection,
      probability,
      fairProbability: fair === undefined ? null : round(fair, 4),
      price,
      bookmaker: prediction.bestBookmakers?.[selection] ?? null,
      stakeFlat: FLAT_STAKE,
      stakeKelly: quarterKelly(probability, price),
      modelVersion: prediction.modelVersion,
      forecastAt: new Date(prediction.generatedAt).toISOString(),
      recordedAt: recordedAt.toISOString(),
    };
  };
  // A value entry records the flag as the scan that first saw it: its price, bookmaker, quote time and fair probability then.
  const value = (v: StoredPrediction['valueBets'][number]): LedgerEntry => {
    const entry = make('value', v.market);
    // (a flag stored before the odds scan has no quote time or count: left out when stored)
    return {
      ...entry,
      price: v.odds,
      bookmaker: v.bookmaker ?? entry.bookmaker,
      fairProbability: v.fairProbability ?? entry.fairProbability,
      quotedAt: v.quotedAt,
      booksAtPrice: v.booksAtPrice,
      ...(prediction.valueOnly && v.fairProbability !== undefined ? { probability: v.fairProbability } : {}),
      stakeKelly: quarterKelly(prediction.valueOnly ? (v.fairProbability ?? entry.probability) : entry.probability, v.odds),
      forecastAt: v.flaggedAt ?? entry.forecastAt,
    };
  };
  return [...(prediction.valueOnly ? [] : picksOf(prediction)).map((p) => make('pick', p.selection)), ...prediction.valueBets.map(value)];
}

/** Units won or lost at `price`; undefined for a won bet without a price. */
export function profitAt(entry: Pick<LedgerEntry, 'stakeFlat' | 'stakeKelly'>, result: LedgerResult, price: number | null): Profit | undefined {
  if (result === 'void') return { flat: 0, kelly: 0 };
  if (result === 'lost') return { flat: -entry.stakeFlat, kelly: -entry.stakeKelly };
  if (price === null) return undefined;
  return { flat: round(entry.stakeFlat * (price - 1), 4), kelly: round(entry.stakeKelly * (price - 1), 4) };
}

/** The outcome of an entry once its match is played (or void), with the closing price when known. */
export function outcomeOf(entry: LedgerEntry, played: { home: number; away: number } | 'void', closing: ClosingPrice | undefined, at: Date): LedgerOutcome {
  const result: LedgerResult = played === 'void' ? 'void' : isCorrect(entry.selection, played) ? 'won' : 'lost';
  const profit = profitAt(entry, result, entry.price);
  return {
    result,
    ...(played === 'void' ? {} : { score: played }),
    settledAt: at.toISOString(),
    ...(profit ? { profit } : {}),
    ...(closing && result !== 'void' ? { closing } : {}),
  };
}

/** Newest kickoff first, then by id: the staff's lists. */
export const newestFirst = (a: Pick<LedgerEntry, 'kickoff' | 'id'>, b: Pick<LedgerEntry, 'kickoff' | 'id'>) =>
  b.kickoff.localeCompare(a.kickoff) || a.id.localeCompare(b.id);

/** The odds the staff's page shows: the latest correction's, else the price taken. Never a figure's price. */
export function shownOdds(entry: RecordedEntry): number | null {
  return entry.corrections.at(-1)?.newPrice ?? entry.price;
}

/**
 * Closing line value: price taken / fair closing price - 1 = price x fair closing probability - 1,
 * a fraction; null without a price or a closing price (docs/decisions/0131-closing-line-value.md).
 * Always at the price taken: a correction never changes it.
 */
export function clvOf(entry: Pick<LedgerEntry, 'price' | 'closing'>): number | null {
  if (entry.price === null || !entry.closing) return null;
  return entry.price * entry.closing.fairProbability - 1;
}
