import * as z from 'zod/mini';
import { thousands } from './numbers.ts';
import { STAKE_PLANS } from './rules.ts';

/** The markets value bets are flagged on today: 1X2 and Over/Under 2.5 goals. */
export const ALERT_MARKETS = ['1x2', 'ou25'] as const;
export type AlertMarket = (typeof ALERT_MARKETS)[number];

/** The alert emails a subscriber can receive in one UTC day unless they choose otherwise, and the most they can choose. */
export const DEFAULT_ALERTS_PER_DAY = 5;
export const MAX_ALERTS_PER_DAY = 20;

/** The bankroll a subscriber can set, in US dollars: the stake suggestions are shares of it. */
export const MIN_BANKROLL_USD = 10;
export const MAX_BANKROLL_USD = 1_000_000;

/**
 * What a subscriber is emailed about: value bets in these leagues (empty: all), at least this edge (percent of the
 * stake), at these bookmakers (empty: any), in these markets; as they appear (`realtime`), as a daily digest, a weekly
 * one (Mondays) or not at all; at most `maxPerDay` alert emails a UTC day (absent: the default). Beside them, the
 * bankroll (US dollars, absent: not set) and the stake plan (absent: flat) each value flag's suggested stake follows.
 */
export const AlertSettingsSchema = z.strictObject({
  frequency: z.enum(['realtime', 'daily', 'weekly', 'off']),
  leagues: z.array(z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/, 'a league id'))).check(z.maxLength(60)),
  minEdge: z.number().check(z.gte(0), z.lte(100)),
  bookmakers: z.array(z.string().check(z.minLength(1), z.maxLength(60))).check(z.maxLength(40)),
  markets: z.array(z.enum(ALERT_MARKETS)).check(z.minLength(1), z.maxLength(ALERT_MARKETS.length)),
  maxPerDay: z.optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_ALERTS_PER_DAY))),
  bankroll: z.optional(
    z
      .number('bankroll must be a number of dollars')
      .check(
        z.gte(MIN_BANKROLL_USD, `bankroll must be at least $${MIN_BANKROLL_USD}`),
        z.lte(MAX_BANKROLL_USD, `bankroll must be at most $${thousands(MAX_BANKROLL_USD)}`),
      ),
  ),
  stakePlan: z.optional(z.enum(STAKE_PLANS, 'stakePlan must be flat or kelly')),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** `GET /api/alerts`: the settings and what can be chosen. */
export const AlertsViewSchema = z.strictObject({
  settings: AlertSettingsSchema,
  options: z.strictObject({
    leagues: z.array(z.strictObject({ id: z.string(), name: z.string() })),
    /** Bookmakers that priced the coming week's matches (and any the settings name). */
    bookmakers: z.array(z.string()),
  }),
});
export type AlertsView = z.infer<typeof AlertsViewSchema>;

/** The signed token of an unsubscribe link (`<user>.<signature>`, base64url). */
export const UnsubscribeQuerySchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{43}$/, 'token must be an unsubscribe token')),
});

export const UnsubscribedSchema = z.strictObject({ unsubscribed: z.literal(true) });
