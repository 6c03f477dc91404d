import * as z from 'zod/mini';

/** Probabilities cross the API as percentages (0-100), as the spec's cards show them. */
const Percent = z.number().check(z.gte(0), z.lte(100));
const Fraction = z.number().check(z.gte(0), z.lte(1));

export const ScorelineSchema = z.strictObject({ home: z.int(), away: z.int(), probability: Percent });

/** Home / draw / away and over 2.5 goals, percent. */
export const OutcomeViewSchema = z.strictObject({ home: Percent, draw: Percent, away: Percent, over25: Percent });

/** Extra markets from the model's scoreline grid; premium only. */
export const PredictionInsightsSchema = z.strictObject({
  expectedGoals: z.strictObject({ home: z.number(), away: z.number() }),
  bothTeamsToScore: Percent,
  topScores: z.array(ScorelineSchema),
  /** Our models alone: results and match statistics, no bookmaker price (null on predictions made before it was kept). */
  models: z.nullable(OutcomeViewSchema),
  /** The market's fair probabilities (the bookmaker odds the forecast read, margin removed); null when the match had none. */
  market: z.nullable(OutcomeViewSchema),
});

const Selection = z.enum(['home', 'draw', 'away', 'over25', 'under25']);

/** A price above the market's fair price, as recorded in the ledger. */
export const ValueBetSchema = z.strictObject({
  market: Selection,
  odds: z.number(),
  /** Which price `odds` is: the best pre-kickoff price across bookmakers. */
  priceSource: z.enum(['best']),
  /** The bookmaker offering it; null when the data does not name it (a market-wide maximum). */
  bookmaker: z.nullable(z.string()),
  /** 1 / the market's fair probability (the odds with the margin removed); null without one. */
  fairOdds: z.nullable(z.number()),
  /** Expected value per unit staked, in percent (fair probability x odds - 1). */
  edge: z.number(),
  /** The last scan that saw the price ("seen 14:05"); null on flags stored before the odds scan. */
  seenAt: z.nullable(z.iso.datetime()),
  /** When this flag appeared; null on flags stored before the odds scan. */
  flaggedAt: z.nullable(z.iso.datetime()),
  /** When the bookmaker last updated the price; null when the source does not say. */
  quotedAt: z.nullable(z.iso.datetime()),
  /**
   * The suggested stake in percent of a bankroll under each plan (`flat`: one unit; `kelly`: quarter-Kelly from the
   * fair probability, capped); null without a fair probability. The page shows the subscriber's plan.
   */
  stake: z.nullable(z.strictObject({ flat: z.number(), kelly: z.number() })),
});

/** A change of a value flag: it appeared, its price or bookmaker moved, or it was withdrawn (its edge gone). */
export const ValueFlagEventSchema = z.strictObject({
  at: z.iso.datetime(),
  market: Selection,
  event: z.enum(['flagged', 'moved', 'withdrawn']),
  /** The price, bookmaker, fair odds and edge (percent) from then on; null on a withdrawal. */
  odds: z.nullable(z.number()),
  bookmaker: z.nullable(z.string()),
  fairOdds: z.nullable(z.number()),
  edge: z.nullable(z.number()),
});

/**
 * Every goal market read from the forecast's one scoreline grid (percent, one decimal; fair odds as decimal prices);
 * premium only. Double chance is the sum of two 1X2 outcomes; `overUnder` is P(over) at each line.
 */
export const GoalMarketsSchema = z.strictObject({
  doubleChance: z.strictObject({ homeOrDraw: Percent, homeOrAway: Percent, drawOrAway: Percent }),
  drawNoBet: z.strictObject({ home: Percent, away: Percent }),
  overUnder: z.strictObject({ '1.5': Percent, '2.5': Percent, '3.5': Percent }),
  btts: Percent,
  /** Home lines -2.5..+2.5 in quarter steps; each side's price at which its expected profit is zero (quarter lines: two half stakes). */
  asianHandicap: z.array(z.strictObject({ line: z.number(), homeFairOdds: z.number().check(z.gt(1)), awayFairOdds: z.number().check(z.gt(1)) })),
});
export type GoalMarkets = z.infer<typeof GoalMarketsSchema>;

/** An outcome we give 60 % or more: the rule the track record counts (docs/decisions/0008-picks-and-the-high-confidence-threshold.md). */
export const CardPickSchema = z.strictObject({ market: z.enum(['1x2', 'ou25']), selection: Selection, probability: Percent });

/**
 * One prediction card. For a viewer who is not premium, `isLocked` is true and every
 * probability, value flag and insight is null: nothing can be read from the network.
 */
/** What a published forecast comes from (docs/decisions/0291-forecasts-from-market-memory-in-the-product.md). */
export const ForecastSourceSchema = z.enum(['market', 'memory', 'models', 'none']);
export type ForecastSource = z.infer<typeof ForecastSourceSchema>;

export const PredictionSchema = z.strictObject({
  id: z.string(),
  fixtureId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /** The teams' page slugs (/teams/:slug). */
  homeTeamSlug: z.string(),
  awayTeamSlug: z.string(),
  league: z.string(),
  leagueId: z.string(),
  matchTime: z.iso.datetime(),
  isLocked: z.boolean(),
  isPremium: z.boolean(),
  homeWinProb: z.nullable(Percent),
  drawProb: z.nullable(Percent),
  awayWinProb: z.nullable(Percent),
  /** Probability of Over 2.5 goals, percent; under = 100 - over. */
  overUnder25: z.nullable(Percent),
  isValueBet: z.nullable(z.boolean()),
  valueBets: z.nullable(z.array(ValueBetSchema)),
  /** The tracked picks of this forecast (none under 60 %). */
  picks: z.nullable(z.array(CardPickSchema)),
  /**
   * Our models' weight in the published forecast, per market (0..1): 0 = the forecast is the
   * market's fair price, 1 = no odds, our models alone. Null when locked (or not kept).
   */
  modelWeight: z.nullable(z.strictObject({ x1: Fraction, ou: Fraction })),
  /**
   * What the published forecast comes from: the fixture's own odds ('market'), past market prices (the market memory)
   * pooled with our models for want of odds ('memory'), or our models alone ('models'); 'none' for a league without
   * history, whose fixture shows value flags only, no forecast (its probabilities, picks, insights and markets are null).
   * Shown locked or not; null on predictions stored before it was kept.
   */
  forecastSource: z.nullable(ForecastSourceSchema),
  insights: z.nullable(PredictionInsightsSchema),
  /** Null when locked, and on predictions stored before the markets were kept. */
  markets: z.nullable(GoalMarketsSchema),
  modelVersion: z.string(),
  generatedAt: z.iso.datetime(),
});
export type Prediction = z.infer<typeof PredictionSchema>;

export const PredictionListSchema = z.array(PredictionSchema);
export type PredictionList = z.infer<typeof PredictionListSchema>;
