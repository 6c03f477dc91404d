import * as z from 'zod/mini';

const SELECTIONS = ['home', 'draw', 'away', 'over25', 'under25'] as const;

/** The most flags one set carries (the best edges are kept): bounds every message of the fan-out below SQS's size limit. */
export const MAX_FLAGS_PER_SET = 100;
/** The most users one batch message names. */
export const MAX_USERS_PER_BATCH = 500;

/**
 * A value bet that has just been flagged: the seam every source of flags feeds (a generation run's
 * published value bets today, the intraday odds scan later). `edge` is a fraction (0.05 = 5 %).
 */
export const ValueFlagSchema = z.object({
  fixtureId: z.string().check(z.minLength(1), z.maxLength(100)),
  leagueId: z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/, 'a league id')),
  market: z.enum(['1x2', 'ou25']),
  selection: z.enum(SELECTIONS),
  price: z.number().check(z.gt(1), z.lte(1000)),
  bookmaker: z.nullable(z.string().check(z.minLength(1), z.maxLength(60))),
  edge: z.number().check(z.gt(-1), z.lte(100)),
  flaggedAt: z.iso.datetime(),
});

const setFields = {
  version: z.literal(1),
  /** The flag set: `run:<jobId>` (a generation run), `daily:<jobId>`, `weekly:<jobId>` (its digests), `scan:<scanId>` (an odds scan). */
  setId: z.string().check(z.regex(/^[A-Za-z0-9:#_.-]{1,120}$/, 'a flag set id')),
  /** Who the set is for: subscribers whose alerts come as they appear, or in the daily or weekly digest. */
  frequency: z.enum(['realtime', 'daily', 'weekly']),
  flags: z.array(ValueFlagSchema).check(z.minLength(1), z.maxLength(MAX_FLAGS_PER_SET)),
  /** When the set was announced: the fan-out's clock starts here. */
  raisedAt: z.iso.datetime(),
};

/**
 * On the `alert-fanout` queue. `alerts.shard`: list one shard of the subscribers (from `cursor`, the
 * last page's key, when a previous delivery ran out of time) into batch messages. `alerts.batch`: check,
 * claim and request the email of each user it names (each at most once per set, within their daily cap).
 */
export const AlertFanoutMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('alerts.shard'),
    ...setFields,
    shard: z.number().check(z.int(), z.gte(0), z.lt(1024)),
    cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
  }),
  z.object({
    type: z.literal('alerts.batch'),
    ...setFields,
    userIds: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1), z.maxLength(MAX_USERS_PER_BATCH)),
  }),
]);
export type AlertFanoutMessage = z.infer<typeof AlertFanoutMessageSchema>;
