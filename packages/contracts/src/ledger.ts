import * as z from 'zod/mini';
import { BET_MARKETS, PERIODS } from './rules.ts';

/**
 * The bet ledger (docs/track-record.md): one entry per published pick and value bet, written once
 * before kickoff, that after kickoff only gains its closing price, result and profit.
 */

/** `published`: written before kickoff; `backtest`: reconstructed after the fact (a league's first run). */
export const LEDGER_BASES = ['published', 'backtest'] as const;
export type LedgerBasis = (typeof LEDGER_BASES)[number];

export const LEDGER_SELECTIONS = ['home', 'draw', 'away', 'over25', 'under25'] as const;

const Fraction = z.number().check(z.gte(0), z.lte(1));

/** `GET /api/ledger?period=&league=&market=&format=`: every parameter optional (30 days, all leagues and markets, JSON). */
export const LedgerQuerySchema = z.object({
  period: z.optional(z.enum(PERIODS, 'period must be 30, 90 or all')),
  league: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'league must be a league id'))),
  market: z.optional(z.enum(BET_MARKETS, 'market must be 1x2 or ou25')),
  format: z.optional(z.enum(['json', 'csv'], 'format must be json or csv')),
});
export type LedgerQuery = z.infer<typeof LedgerQuerySchema>;

export const ClosingPriceSchema = z.strictObject({
  /** The selection's closing price (decimal). */
  price: z.number(),
  /** The selection's probability from the closing market with the margin removed (docs/track-record.md#closing-line-value). */
  fairProbability: Fraction,
  /** Whose closing line: Pinnacle's, else the market average. */
  source: z.enum(['pinnacle', 'average']),
  capturedAt: z.iso.datetime(),
});

/** A staff correction as shown publicly: who, when, old and new. It never changes the price taken or a figure. */
export const CorrectionShownSchema = z.strictObject({
  /** The odds shown before this correction (the price taken, or an earlier correction). */
  oldPrice: z.nullable(z.number()),
  newPrice: z.number(),
  /** The staff member's user id. */
  by: z.string(),
  at: z.iso.datetime(),
});

/** A correction in the export, with its link in the corrections chain. */
export const LedgerCorrectionViewSchema = z.strictObject({
  ...CorrectionShownSchema.shape,
  sequence: z.int(),
  digest: z.string(),
});

/** One ledger entry as the export shows it; probabilities are fractions, as in the digests. */
export const LedgerEntryViewSchema = z.strictObject({
  id: z.string(),
  basis: z.enum(LEDGER_BASES),
  fixtureId: z.string(),
  leagueId: z.string(),
  league: z.string(),
  kickoff: z.iso.datetime(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /** `pick`: an outcome we gave 60 % or more; `value`: a price above the market's fair price. */
  kind: z.enum(['pick', 'value']),
  market: z.enum(BET_MARKETS),
  /** The market's line: 2.5 goals for Over/Under 2.5; null for the 1X2, which has none. */
  line: z.nullable(z.number()),
  selection: z.enum(LEDGER_SELECTIONS),
  probability: Fraction,
  fairProbability: z.nullable(Fraction),
  /**
   * The price taken and its bookmaker (null when the data does not name it): a pick's best declared
   * price at `forecastAt`; a value entry's flagged price at the scan that first flagged it.
   */
  price: z.nullable(z.number()),
  bookmaker: z.nullable(z.string()),
  /** A value entry's quote time (the bookmaker's own update time); null on picks and older entries. */
  quotedAt: z.nullable(z.iso.datetime()),
  /** How many declared bookmakers offered at least `price` then; null on picks and older entries. */
  booksAtPrice: z.nullable(z.int()),
  stakeFlat: z.number(),
  stakeKelly: z.number(),
  modelVersion: z.string(),
  /** When the forecast was made, or a value entry's flag first seen (published); what it was reconstructed as of (backtest). */
  forecastAt: z.iso.datetime(),
  /** When the entry was really written. */
  recordedAt: z.iso.datetime(),
  closing: z.nullable(ClosingPriceSchema),
  result: z.nullable(z.enum(['won', 'lost', 'void'])),
  score: z.nullable(z.strictObject({ home: z.int(), away: z.int() })),
  settledAt: z.nullable(z.iso.datetime()),
  /** The price every figure uses: the price taken (a correction never changes it). */
  effectivePrice: z.nullable(z.number()),
  /** Units won or lost at the price taken (null while open, or for a won bet without a price). */
  profit: z.nullable(z.strictObject({ flat: z.number(), kelly: z.number() })),
  /** Price taken x closing fair probability - 1, a fraction; null without a price or a closing price. */
  clv: z.nullable(z.number()),
  corrections: z.array(LedgerCorrectionViewSchema),
});
export type LedgerEntryView = z.infer<typeof LedgerEntryViewSchema>;

export const LedgerListSchema = z.strictObject({
  period: z.enum(PERIODS),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  league: z.nullable(z.string()),
  market: z.nullable(z.enum(BET_MARKETS)),
  entries: z.array(LedgerEntryViewSchema),
});
export type LedgerList = z.infer<typeof LedgerListSchema>;

/** One sealing of a day: the first `entries` lines of the day hashed with the previous day's digest. */
export const LedgerDigestVersionSchema = z.strictObject({ entries: z.int(), digest: z.string(), at: z.iso.datetime() });

/** A day's digest in one chain (published or backtest). */
export const LedgerDigestSchema = z.strictObject({
  basis: z.enum(LEDGER_BASES),
  /** UTC day of the entries' `forecastAt`. */
  day: z.iso.date(),
  entries: z.int(),
  /** SHA-256 (hex) of the previous digest and the day's sealed lines (docs/track-record.md#checking-a-day). */
  digest: z.string(),
  previous: z.string(),
  /** The earliest kickoff among the day's entries. */
  firstKickoff: z.iso.datetime(),
  /** When this digest was computed (the last version). */
  computedAt: z.iso.datetime(),
  /** Every sealing of the day, oldest first; each is a prefix of the next. */
  versions: z.array(LedgerDigestVersionSchema),
});
export type LedgerDigest = z.infer<typeof LedgerDigestSchema>;

export const LedgerDigestsSchema = z.strictObject({
  /** The `previous` of each chain's first day. */
  genesis: z.string(),
  published: z.array(LedgerDigestSchema),
  backtest: z.array(LedgerDigestSchema),
});
export type LedgerDigests = z.infer<typeof LedgerDigestsSchema>;
