import * as z from 'zod/mini';

/**
 * Responsible gambling (docs/responsible-gambling.md): the terms a sign-up accepts, the breaks and
 * the self-exclusion an account can take, and the losing runs /responsible-gambling reads from the
 * ledger.
 */

/**
 * The version of the Terms of Service a sign-up accepts: the date /terms was last changed
 * (docs/decisions/0161-terms-and-age-at-sign-up.md).
 */
export const TERMS_VERSION = '2026-11-25';

export const ACCEPT_TERMS_MESSAGE = 'Tick the box to confirm you are 18 or older and accept the Terms.';

/**
 * A break hides every odds, probability and value flag for the account, and cannot be shortened
 * (docs/decisions/0160-breaks-and-self-exclusion.md).
 */
export const BREAK_DURATIONS = {
  '24h': { label: '24 hours', days: 1 },
  '7d': { label: '7 days', days: 7 },
  '30d': { label: '30 days', days: 30 },
} as const;
export type BreakDuration = keyof typeof BREAK_DURATIONS;
export const BREAK_DURATION_KEYS = Object.keys(BREAK_DURATIONS) as BreakDuration[];

/** How long a self-exclusion locks the account: the minimum the UK Gambling Commission asks of licensees. */
export const SELF_EXCLUSION_MONTHS = 6;

/**
 * Why a break or a self-exclusion waits for a confirmed address: both lock the account, so only the
 * address's owner may set them (docs/decisions/0280-protections-only-on-a-confirmed-address.md).
 */
export const CONFIRM_ADDRESS_FIRST_MESSAGE =
  'Confirm your email address first: a break or a self-exclusion locks this account, so we need to know the address is yours. Open the link we emailed you, or send it again from the banner.';

/** `POST /api/account/break`. */
export const TakeBreakBodySchema = z.strictObject({ duration: z.enum(BREAK_DURATION_KEYS, 'duration must be 24h, 7d or 30d') });
export type TakeBreakBody = z.infer<typeof TakeBreakBodySchema>;

/** The break now running: when it ends (ISO-8601 UTC). */
export const BreakResponseSchema = z.strictObject({ breakUntil: z.iso.datetime() });
export type BreakResponse = z.infer<typeof BreakResponseSchema>;

/**
 * `POST /api/account/self-exclusion`: the password again (a stolen session must not lock its owner
 * out for six months) and an explicit `confirm: true`.
 */
export const SelfExclusionBodySchema = z.strictObject({
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(128, 'Password is too long')),
  confirm: z.literal(true, 'Confirm that you want to exclude yourself for six months.'),
});
export type SelfExclusionBody = z.infer<typeof SelfExclusionBodySchema>;

/** The exclusion's end, and when a subscription stops (Unix seconds; null without one). */
export const SelfExclusionResponseSchema = z.strictObject({ excludedUntil: z.iso.datetime(), subscriptionEndsAt: z.nullable(z.number()) });
export type SelfExclusionResponse = z.infer<typeof SelfExclusionResponseSchema>;

/** One basis's losing runs: how long the track record's picks went without a win. */
export const LosingRunsSchema = z.strictObject({
  /** Settled picks (won or lost) the runs are counted over, in kickoff order. */
  picks: z.int(),
  hits: z.int(),
  /** Percent, one decimal; null without settled picks. */
  hitRate: z.nullable(z.number()),
  /** 95 % interval of the hit rate (percent), a bootstrap that resamples whole match days; null under 2 picks. */
  hitRateCi95: z.nullable(z.tuple([z.number(), z.number()])),
  /** The longest run of lost picks, with its first and last kickoff; null without a lost pick. */
  longest: z.nullable(z.strictObject({ length: z.int(), from: z.iso.datetime(), to: z.iso.datetime(), lossUsd: z.number() })),
  /** How many runs of 5 or more lost picks in a row there were. */
  runsOfFiveOrMore: z.int(),
  /**
   * The longest losing run chance alone gives in 95 % of sequences of `picks` independent picks at
   * this hit rate: the range a longest run of this record is expected to fall in.
   */
  expectedLongestCi95: z.nullable(z.tuple([z.int(), z.int()])),
});
export type LosingRuns = z.infer<typeof LosingRunsSchema>;

/** `GET /api/ledger/losing-runs`: over the picks of the last `days` days, per basis (never summed). */
export const LosingRunsResponseSchema = z.strictObject({
  days: z.int(),
  to: z.iso.datetime(),
  /** The stake every loss is counted at, in US dollars. */
  stakeUsd: z.number(),
  published: LosingRunsSchema,
  backtest: LosingRunsSchema,
});
export type LosingRunsResponse = z.infer<typeof LosingRunsResponseSchema>;
