import * as z from 'zod/mini';
import { matchIdentityFields } from './match-identity.ts';
import { CardPickSchema, ForecastSourceSchema, GoalMarketsSchema, ValueBetSchema, ValueFlagEventSchema } from './predictions.ts';

/** Fixture ids are provider ids: letters, digits, `-`, `_`, `.`, `~` (never a path). */
export const MatchParamsSchema = z.object({
  fixtureId: z.string().check(z.regex(/^[A-Za-z0-9._~-]{1,100}$/, 'fixtureId must be a fixture id')),
});

const Pct = z.number();
const ThreeWayPct = z.strictObject({ home: Pct, draw: Pct, away: Pct });
const Odds = z.strictObject({
  home: z.optional(z.number()),
  draw: z.optional(z.number()),
  away: z.optional(z.number()),
  over25: z.optional(z.number()),
  under25: z.optional(z.number()),
});

/** The premium sections of a match page (percent, one decimal); null unless the viewer is premium. */
export const MatchForecastSchema = z.strictObject({
  /** The published forecast (our models blended with the market when the match had odds). */
  blend: ThreeWayPct,
  /** Our models' weight in it, 1X2 (0: the market's fair price; 1: our models alone); null on predictions stored without it. */
  modelWeight: z.nullable(z.number()),
  /** What the published forecast comes from (the market, the market memory with our models, our models); null on predictions stored without it. */
  source: z.nullable(ForecastSourceSchema),
  /** Our models' pool, without any bookmaker price. */
  models: z.nullable(ThreeWayPct),
  /** The market's fair (de-vigged) probabilities; null without odds. */
  market: z.nullable(ThreeWayPct),
  /** Each independent model's own 1X2. */
  components: z.array(z.extend(ThreeWayPct, { name: z.string() })),
  /** scores[h][a] = P(home h, away a), 0..5 goals each; null on predictions stored without it. */
  scores: z.nullable(z.array(z.array(Pct))),
  expectedGoals: z.nullable(z.strictObject({ home: z.number(), away: z.number() })),
  bothTeamsToScore: z.nullable(Pct),
  /** P(more goals than the line); 1.5 and 3.5 are null on predictions stored without them. */
  totals: z.strictObject({ over15: z.nullable(Pct), over25: Pct, over35: z.nullable(Pct) }),
  /** The prices the model read, and the best price per outcome; null without odds. */
  oddsUsed: z.nullable(Odds),
  bestOdds: z.nullable(Odds),
  /** Who offers each best price, where known. */
  bestBookmakers: z.optional(z.partialRecord(z.enum(['home', 'draw', 'away', 'over25', 'under25']), z.string())),
  /**
   * Every listed book's prices (an exchange's net of commission) and the sharp reference's (Pinnacle's) fair prices,
   * margin removed, at `booksAt`: the price grid; absent on predictions stored without them.
   */
  books: z.optional(
    z.strictObject({
      at: z.iso.datetime(),
      /** The sharp reference (its name) and its fair prices; null when its quote was stale. */
      fair: z.nullable(z.strictObject({ bookmaker: z.string(), odds: Odds })),
      prices: z.array(z.strictObject({ bookmaker: z.string(), odds: Odds })),
    }),
  ),
  /** Markets whose best prices imply under 100 % together (an arbitrage), with the return on the total staked. */
  arbitrages: z.optional(z.array(z.strictObject({ market: z.enum(['1x2', 'ou25']), implied: z.number(), profit: z.number() }))),
  /** Every market from the grid (double chance, draw no bet, totals, BTTS, Asian handicap); null on predictions stored without it. */
  markets: z.nullable(GoalMarketsSchema),
  /** The tracked picks (60 % or more) and the value flags as of the last odds scan, as on the card. */
  picks: z.array(CardPickSchema),
  valueBets: z.array(ValueBetSchema),
  /** Every appearance, move and withdrawal of a flag, oldest first. */
  valueHistory: z.array(ValueFlagEventSchema),
  /** The last odds scan ("as of"); null before the odds scan. */
  valueScannedAt: z.nullable(z.iso.datetime()),
});
export type MatchForecast = z.infer<typeof MatchForecastSchema>;

export const FormMatchSchema = z.strictObject({
  date: z.string(),
  opponent: z.string(),
  venue: z.enum(['H', 'A']),
  goalsFor: z.int(),
  goalsAgainst: z.int(),
  outcome: z.enum(['W', 'D', 'L']),
});
export type FormMatch = z.infer<typeof FormMatchSchema>;

export const MeetingSchema = z.strictObject({ date: z.string(), homeTeam: z.string(), awayTeam: z.string(), homeGoals: z.int(), awayGoals: z.int() });

/** After full time: the score and how the forecast scored (RPS: 0 is perfect, lower is better). */
export const MatchOutcomeSchema = z.strictObject({
  score: z.strictObject({ home: z.int(), away: z.int() }),
  actualResult: z.string(),
  rps: z.number(),
  picks: z.array(z.strictObject({ label: z.string(), confidence: Pct, won: z.boolean() })),
});

export const MatchPageSchema = z.strictObject({
  ...matchIdentityFields,
  status: z.enum(['scheduled', 'settled', 'void']),
  isLocked: z.boolean(),
  forecast: z.nullable(MatchForecastSchema),
  /** The last five results of each team, newest first (stored history). */
  form: z.strictObject({ home: z.array(FormMatchSchema), away: z.array(FormMatchSchema) }),
  /** The last meetings of the two teams, newest first. */
  meetings: z.array(MeetingSchema),
  outcome: z.nullable(MatchOutcomeSchema),
});
export type MatchPage = z.infer<typeof MatchPageSchema>;
