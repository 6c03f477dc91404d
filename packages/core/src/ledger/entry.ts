/**
 * The bet ledger's entries (docs/track-record.md): what is recorded when a forecast is published,
 * what an entry gains after kickoff, and the corrections staff may add. Pure functions.
 */
import type { LedgerBasis } from '@app/contracts/ledger';
import { KELLY_CAP_UNITS, KELLY_FRACTION } from '@app/contracts/rules';
import { round } from '../numbers.ts';
import { isCorrect, marketOf, picksOf, type PickMarket } from '../picks/pick.ts';
import { selectionProbability, type FixtureRef, type Selection, type StoredPrediction } from '../predictions/prediction.ts';

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
  /** The best price at `forecastAt`, and its bookmaker when the data names it. */
  price: number | null;
  bookmaker: string | null;
  stakeFlat: number;
  /** Quarter-Kelly in units (1 unit = 1 % of a bankroll), capped at 2.5; 0 without an edge or a price. */
  stakeKelly: number;
  modelVersion: string;
  /** When the forecast was made; for a backtest entry, the moment it was reconstructed as of. */
  forecastAt: string;
  /** When the entry was written: for a backtest entry, after its match was played. */
  recordedAt: string;
}

/** A staff correction of the price an entry is settled at; the entry itself keeps the price taken. */
export interface LedgerCorrection {
  entryId: string;
  fixtureId: string;
  kickoff: string;
  oldPrice: number | null;
  newPrice: number;
  /** The staff member's user id. */
  by: string;
  at: string;
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
 * Quarter-Kelly in units: 100 x 1/4 x (p x price - 1) / (price - 1), at most 2.5 units, 0 when
 * the price offers no edge on our probability (docs/decisions/0130-the-bet-ledger.md).
 */
export function quarterKelly(probability: number, price: number | null): number {
  if (price === null || price <= 1) return 0;
  const kelly = (probability * price - 1) / (price - 1);
  return kelly <= 0 ? 0 : round(Math.min(KELLY_CAP_UNITS, 100 * KELLY_FRACTION * kelly), 2);
}

/**
 * The entries a forecast publishes: each high-confidence pick and each value bet, at the best
 * price of the moment. `recordedAt` is when they are written (for a backtest, after the match).
 */
export function ledgerEntriesOf(prediction: StoredPrediction, basis: LedgerBasis, recordedAt: Date): LedgerEntry[] {
  const ours = { ...prediction.probabilities, over25: prediction.overUnder25.over };
  const make = (kind: LedgerKind, selection: Selection): LedgerEntry => {
    const probability = round(selectionProbability(ours, selection), 4);
    const fair = prediction.market && selectionProbability(prediction.market, selection);
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
  return [...picksOf(prediction).map((p) => make('pick', p.selection)), ...prediction.valueBets.map((v) => make('value', v.market))];
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
export const newestFirst = (a: Pick<LedgerEntry, 'kickoff' | 'id'>, b: Pick<LedgerEntry, 'kickoff' | 'id'>) => b.kickoff.localeCompare(a.kickoff) || a.id.localeCompare(b.id);

/** The price every figure uses: the latest correction's, else the price taken. */
export function effectivePrice(entry: RecordedEntry): number | null {
  return entry.corrections.at(-1)?.newPrice ?? entry.price;
}

/**
 * Closing line value: price / fair closing price - 1 = price x fair closing probability - 1, a
 * fraction; null without a price or a closing price (docs/decisions/0131-closing-line-value.md).
 */
export function clvOf(entry: RecordedEntry): number | null {
  const price = effectivePrice(entry);
  if (price === null || !entry.closing) return null;
  return price * entry.closing.fairProbability - 1;
}
