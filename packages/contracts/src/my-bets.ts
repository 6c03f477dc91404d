import * as z from 'zod/mini';

import { thousands } from './numbers.ts';

/**
 * My bets: a subscriber's own record of the bets they took, at the price they got, judged against
 * the close (docs/decisions/0300-my-bets.md). The limits below are the API's, each answered with a 4xx.
 */

/** The markets the product prices that a bet can be tracked on: 1X2, Over/Under 2.5 and Asian handicap lines. */
export const TRACKED_MARKETS = ['1x2', 'ou25', 'ah'] as const;
export type TrackedMarket = (typeof TRACKED_MARKETS)[number];
export const TRACKED_SELECTIONS = ['home', 'draw', 'away', 'over25', 'under25'] as const;
export type TrackedSelection = (typeof TRACKED_SELECTIONS)[number];

/** Which selections each market has (an Asian handicap is on the home or the away side). */
export const SELECTIONS_OF: Record<TrackedMarket, readonly TrackedSelection[]> = {
  '1x2': ['home', 'draw', 'away'],
  ou25: ['over25', 'under25'],
  ah: ['home', 'away'],
};

/** At most this many bets a user (a 409 beyond it). */
export const MAX_TRACKED_BETS = 10_000;
export const MIN_BET_PRICE = 1.01;
export const MAX_BET_PRICE = 1000;
/** A stake is more than 0 and at most this, in the subscriber's own money (no currency is assumed). */
export const MAX_BET_STAKE = 1_000_000;
/** Asian handicap lines as the home side's handicap: -2.5 to +2.5 in quarter goals, the lines the product prices. */
export const MAX_AH_LINE = 2.5;
/** An import takes at most this many rows at once. */
export const MAX_IMPORT_ROWS = 2_000;

const isQuarter = (line: number) => Math.abs(line * 4 - Math.round(line * 4)) < 1e-9;

const PriceSchema = z.number('price must be a number').check(
  z.gte(MIN_BET_PRICE, `price must be at least ${MIN_BET_PRICE}`),
  z.lte(MAX_BET_PRICE, `price must be at most ${MAX_BET_PRICE}`),
  z.refine((p) => Math.abs(p * 1000 - Math.round(p * 1000)) < 1e-6, 'price has at most three decimals'),
);
const StakeSchema = z.number('stake must be a number').check(
  z.gt(0, 'stake must be more than 0'),
  z.lte(MAX_BET_STAKE, `stake must be at most ${thousands(MAX_BET_STAKE)}`),
  z.refine((s) => Math.abs(s * 100 - Math.round(s * 100)) < 1e-6, 'stake has at most two decimals'),
);
const BookmakerSchema = z.string().check(z.trim(), z.maxLength(60, 'bookmaker is at most 60 characters'));
const LineSchema = z
  .number('line must be a number')
  .check(
    z.gte(-MAX_AH_LINE, `line must be between -${MAX_AH_LINE} and +${MAX_AH_LINE}`),
    z.lte(MAX_AH_LINE, `line must be between -${MAX_AH_LINE} and +${MAX_AH_LINE}`),
    z.refine(isQuarter, 'line must be a multiple of 0.25'),
  );
const FixtureIdSchema = z.string().check(z.regex(/^[A-Za-z0-9._~-]{1,100}$/, 'fixtureId must be a match id'));

/** Whether the selection belongs to the market and a line is given exactly when the market has one. */
export function selectionProblem(b: { market?: TrackedMarket; selection?: TrackedSelection; line?: number | null }): string | undefined {
  if (!b.market || !b.selection) return undefined;
  if (!SELECTIONS_OF[b.market].includes(b.selection)) return `selection ${b.selection} is not one of ${b.market}'s (${SELECTIONS_OF[b.market].join(', ')})`;
  if (b.market === 'ah' && (b.line === undefined || b.line === null)) return 'an Asian handicap bet needs its line';
  if (b.market !== 'ah' && b.line !== undefined && b.line !== null) return 'only an Asian handicap bet has a line';
  return undefined;
}

/**
 * `POST /api/my-bets`: a bet taken. `fromFlag` says it follows the product's value flag on this
 * selection (the server looks the flag up, for "you took 2.05 of the flagged 2.10"); `placedAt`
 * defaults to now.
 */
export const NewTrackedBetSchema = z
  .strictObject({
    fixtureId: FixtureIdSchema,
    market: z.enum(TRACKED_MARKETS, 'market must be 1x2, ou25 or ah'),
    selection: z.enum(TRACKED_SELECTIONS, 'selection must be home, draw, away, over25 or under25'),
    line: z.optional(z.nullable(LineSchema)),
    price: PriceSchema,
    bookmaker: z.optional(z.nullable(BookmakerSchema)),
    stake: StakeSchema,
    placedAt: z.optional(z.iso.datetime('placedAt must be an ISO-8601 UTC time')),
    fromFlag: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((b, ctx) => {
      const problem = selectionProblem(b);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, path: ['selection'], input: b.selection });
    }),
  );
export type NewTrackedBet = z.infer<typeof NewTrackedBetSchema>;

/** `PATCH /api/my-bets/:id`: what the subscriber may change on their own bet (price, book, stake, time placed). */
export const TrackedBetPatchSchema = z
  .strictObject({
    price: z.optional(PriceSchema),
    bookmaker: z.optional(z.nullable(BookmakerSchema)),
    stake: z.optional(StakeSchema),
    placedAt: z.optional(z.iso.datetime('placedAt must be an ISO-8601 UTC time')),
  })
  .check(z.refine((p) => Object.keys(p).length > 0, 'nothing to change'));
export type TrackedBetPatch = z.infer<typeof TrackedBetPatchSchema>;

/** A bet id: as the server makes them (time and randomness, base 36). */
export const TrackedBetParamsSchema = z.object({ id: z.string().check(z.regex(/^[a-z0-9]{8,16}-[a-z0-9]{6,12}$/, 'Invalid bet id')) });

/**
 * How a tracked bet settled. An Asian handicap quarter line is two half stakes on the
 * neighbouring lines, so it can win or lose half; a whole line can push (stake back).
 */
export const TRACKED_RESULTS = ['won', 'half-won', 'push', 'half-lost', 'lost', 'void'] as const;
export type TrackedResult = (typeof TRACKED_RESULTS)[number];

export const TrackedBetSchema = z.strictObject({
  id: z.string(),
  fixtureId: z.string(),
  leagueId: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: z.iso.datetime(),
  market: z.enum(TRACKED_MARKETS),
  selection: z.enum(TRACKED_SELECTIONS),
  line: z.nullable(z.number()),
  price: z.number(),
  bookmaker: z.nullable(z.string()),
  stake: z.number(),
  placedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** The product's flag this bet followed, at its own price and book; null for a bet added by hand. */
  flag: z.nullable(z.strictObject({ price: z.number(), bookmaker: z.nullable(z.string()) })),
  /** The closing fair price (1 / the closing fair probability) and where it came from; null until known. */
  closing: z.nullable(
    z.strictObject({ fairPrice: z.number(), fairProbability: z.number(), source: z.enum(['pinnacle', 'average']), capturedAt: z.iso.datetime() }),
  ),
  /** Price taken x closing fair probability - 1, a fraction; null without a closing price. */
  clv: z.nullable(z.number()),
  result: z.nullable(z.enum(TRACKED_RESULTS)),
  score: z.nullable(z.strictObject({ home: z.int(), away: z.int() })),
  /** In the stake's money: won or lost at the price taken; null while open. */
  profit: z.nullable(z.number()),
  settledAt: z.nullable(z.iso.datetime()),
});
export type TrackedBet = z.infer<typeof TrackedBetSchema>;

const Interval = z.nullable(z.tuple([z.number(), z.number()]));

/** Totals of the settled bets: exact counts and sums, and the estimates with their 95 % intervals. */
export const TrackedTotalsSchema = z.strictObject({
  bets: z.int(),
  open: z.int(),
  settled: z.int(),
  /** Money staked on every bet (open and settled) and on the settled ones. */
  staked: z.number(),
  settledStaked: z.number(),
  profit: z.number(),
  profitCi95: Interval,
  /** Percent of the settled stake. */
  roi: z.nullable(z.number()),
  roiCi95: Interval,
  /** Percent; over the settled bets with a closing price (`clvBets`). */
  meanClv: z.nullable(z.number()),
  meanClvCi95: Interval,
  clvBets: z.int(),
  /** Fewer settled bets than this and an interval that contains 0: "too few bets to judge". */
  minBetsToJudge: z.int(),
  tooFewToJudge: z.boolean(),
  /** The first and the last time placed: the span the totals cover. */
  firstPlacedAt: z.nullable(z.iso.datetime()),
  lastPlacedAt: z.nullable(z.iso.datetime()),
});
export type TrackedTotals = z.infer<typeof TrackedTotalsSchema>;

/** One point per settled bet: cumulative profit beside the profit its CLV expected (stake x CLV). */
export const TrackedCurvePointSchema = z.strictObject({ at: z.iso.datetime(), profit: z.number(), expected: z.number() });

/** `GET /api/my-bets?league=&market=&book=&month=`: the bets (newest placed first), totals and the chart's series. */
export const MyBetsQuerySchema = z.object({
  league: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'league must be a league id'))),
  market: z.optional(z.enum(TRACKED_MARKETS, 'market must be 1x2, ou25 or ah')),
  book: z.optional(z.string().check(z.minLength(1), z.maxLength(60, 'book is at most 60 characters'))),
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be yyyy-mm'))),
});
export type MyBetsQuery = z.infer<typeof MyBetsQuerySchema>;

export const MyBetsSchema = z.strictObject({
  bets: z.array(TrackedBetSchema),
  totals: TrackedTotalsSchema,
  curve: z.array(TrackedCurvePointSchema),
  /** What the filters can choose from (all the user's bets). */
  options: z.strictObject({
    leagues: z.array(z.strictObject({ id: z.string(), name: z.string() })),
    books: z.array(z.string()),
    months: z.array(z.string()),
  }),
  /** Whether the viewer may add bets now (premium and not on a break). */
  canAdd: z.boolean(),
});
export type MyBets = z.infer<typeof MyBetsSchema>;

/** The CSV's columns, in order: the export's own format, which the import reads back. */
export const MY_BETS_CSV_COLUMNS = [
  'id',
  'fixture_id',
  'league',
  'kickoff',
  'home_team',
  'away_team',
  'market',
  'selection',
  'line',
  'price',
  'bookmaker',
  'stake',
  'placed_at',
  'flag_price',
  'closing_fair_price',
  'clv',
  'result',
  'profit',
  'settled_at',
] as const;

/** The largest CSV an import takes, in characters (about 2,000 rows). */
export const MAX_IMPORT_CHARACTERS = 1_000_000;

/**
 * `POST /api/my-bets/import`: a CSV in the export's own format. `dryRun` (the default) only
 * reports; otherwise every row is written, or none when any row is refused.
 */
export const MyBetsImportSchema = z.strictObject({
  csv: z.string().check(z.minLength(1, 'the file is empty'), z.maxLength(MAX_IMPORT_CHARACTERS, 'the file is larger than 1 MB')),
  dryRun: z.optional(z.boolean()),
});
export type MyBetsImport = z.infer<typeof MyBetsImportSchema>;

/** What an import kept and refused (row 1 is the first line after the header), and how many it wrote. */
export const MyBetsImportReportSchema = z.strictObject({
  dryRun: z.boolean(),
  rows: z.int(),
  kept: z.int(),
  refused: z.array(z.strictObject({ row: z.int(), reason: z.string() })),
  imported: z.int(),
});
export type MyBetsImportReport = z.infer<typeof MyBetsImportReportSchema>;
