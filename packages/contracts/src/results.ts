import * as z from 'zod/mini';
import { CorrectionShownSchema } from './ledger.ts';
import { matchIdentityFields } from './match-identity.ts';
import { MetricsByBasisSchema } from './metrics.ts';

/** The longest span one results query may cover, in days. */
export const RESULTS_MAX_SPAN_DAYS = 92;
/** Without `from`, the results of this many days up to `to` (or today). */
export const RESULTS_DEFAULT_DAYS = 30;
export const RESULTS_PAGE_SIZE = 25;

const isoDay = z.iso.date('from and to must be dates (yyyy-mm-dd)');

/** `GET /api/results?page=&league=&from=&to=`: every query parameter is optional. */
export const ResultsQuerySchema = z.object({
  page: z.optional(z.string().check(z.regex(/^[1-9]\d{0,3}$/, 'page must be a whole number from 1 to 9999'))),
  league: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'league must be a league id'))),
  from: z.optional(isoDay),
  to: z.optional(isoDay),
});
export type ResultsQuery = z.infer<typeof ResultsQuerySchema>;

const Percent = z.number();

/** One ledger entry of a settled match (a pick or a value bet), with its outcome. */
export const ResultPickSchema = z.strictObject({
  kind: z.enum(['pick', 'value']),
  market: z.enum(['1x2', 'ou25']),
  label: z.string(),
  /** Percent, one decimal. */
  confidence: Percent,
  /** The price taken, which every figure uses; null when none was recorded. */
  odds: z.nullable(z.number()),
  bookmaker: z.nullable(z.string()),
  won: z.boolean(),
  /** Closing line value in percent, one decimal, at the price taken; null without a closing price. */
  clv: z.nullable(z.number()),
  /** Staff corrections of the odds shown, oldest first: shown as corrected, never changing a figure. */
  corrections: z.array(CorrectionShownSchema),
});

/**
 * A settled prediction. Its probabilities are the ones published before kickoff (percent, one
 * decimal); the server reveals them only for a match that has kicked off.
 */
export const ResultRowSchema = z.strictObject({
  ...matchIdentityFields,
  /** `published`: made before kickoff; `backfilled`: reconstructed on a league's first run. */
  origin: z.enum(['published', 'backfilled']),
  probabilities: z.strictObject({ home: Percent, draw: Percent, away: Percent, over25: Percent }),
  score: z.strictObject({ home: z.int(), away: z.int() }),
  actualResult: z.string(),
  /** The ledger's entries of the match: high-confidence picks and value bets. */
  picks: z.array(ResultPickSchema),
});
export type ResultRow = z.infer<typeof ResultRowSchema>;

export const ResultsPageSchema = z.strictObject({
  items: z.array(ResultRowSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Leagues with a result in the span, for the filter. */
  leagues: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  /** The headline figures over published and back-tested picks of the listed league and span; without dates the last 30 days (as on the landing page). */
  summary: MetricsByBasisSchema,
});
export type ResultsPage = z.infer<typeof ResultsPageSchema>;
