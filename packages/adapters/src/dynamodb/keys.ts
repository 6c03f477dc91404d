/**
 * Every key of the single table is built here and nowhere else. The access-pattern table in
 * docs/architecture.md#dynamodb-access-patterns describes them; access-patterns.test.ts checks it.
 * Dates in keys are UTC `yyyy-mm-dd`; kickoffs are ISO-8601 UTC so they sort as strings.
 */
export const keys = {
  /** Never written: the health probe reads it to prove the table answers with read-only rights. */
  healthProbe: () => ({ PK: 'HEALTH', SK: 'PROBE' }),
  /** An alarm raised once for a missing configuration, until it is there again. */
  alertLatch: (name: string) => ({ PK: `ALERT#${name}`, SK: 'LATCH' }),
  /** A named setting (first writer wins), e.g. the CSV replay's date shift. */
  setting: (name: string) => ({ PK: `SETTING#${name}`, SK: 'SETTING' }),
  /** The seasons of a league's history stored so far. */
  historySeasons: (leagueId: string) => ({ PK: `HISTORY#${leagueId}`, SK: 'SEASONS' }),
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  userPartition: (userId: string) => `USER#${userId}`,
  emailClaim: (email: string) => ({ PK: `EMAIL#${email}`, SK: 'EMAIL' }),
  session: (userId: string, sessionId: string) => ({ PK: `USER#${userId}`, SK: `SESSION#${sessionId}` }),
  sessionPrefix: 'SESSION#',
  /** The user's live single-use token of one purpose (its secret only as a hash). */
  userToken: (userId: string, purpose: string) => ({ PK: `USER#${userId}`, SK: `TOKEN#${purpose}` }),
  /** A subscriber's value-bet alert settings, in their collection; GSI1 lists those not turned off, by shard and frequency. */
  alertSettings: (userId: string) => ({ PK: `USER#${userId}`, SK: 'ALERTS' }),
  alertSettingsIndex: (shard: number, frequency: string, userId: string) => ({ GSI1PK: `ALERTS#${shard}`, GSI1SK: `${frequency}#${userId}` }),
  alertSettingsPartition: (shard: number) => `ALERTS#${shard}`,
  /** A flag set emailed to a user: once per set and user, in the user's collection (no key every user writes). */
  alertDelivery: (userId: string, setId: string) => ({ PK: `USER#${userId}`, SK: `ALERTSENT#${setId}` }),
  /** The alert emails a user was sent in one UTC day, against their daily cap. */
  alertDay: (userId: string, day: string) => ({ PK: `USER#${userId}`, SK: `ALERTDAY#${day}` }),
  /** A flag set announced: the fan-out starts once per set. */
  alertSet: (setId: string) => ({ PK: `ALERTSET#${setId}`, SK: 'SET' }),
  /** An email request no delivery could send, kept for a replay (by the dead-letter queue message's id). */
  undeliveredEmail: (id: string) => ({ PK: 'UNDELIVERED_EMAIL', SK: id }),
  undeliveredEmailPartition: 'UNDELIVERED_EMAIL',
  /** An address SES reported as bouncing or complaining; GSI1 lists them newest first. */
  emailSuppression: (email: string) => ({ PK: `SUPPRESSED#${email}`, SK: 'SUPPRESSION' }),
  emailSuppressionIndex: (suppressedAt: string, email: string) => ({ GSI1PK: 'SUPPRESSIONS', GSI1SK: `${suppressedAt}#${email}` }),
  emailSuppressionsPartition: 'SUPPRESSIONS',
  /** A tracked bet in its owner's collection (`<betId>` is time then randomness, so the collection lists by time); GSI1 lists a fixture's open bets. */
  trackedBet: (userId: string, betId: string) => ({ PK: `USER#${userId}`, SK: `BET#${betId}` }),
  trackedBetPrefix: 'BET#',
  /** GSI1, only while the bet is open (a sparse index): the fixture's open bets, for the results job. */
  openTrackedBet: (fixtureId: string, userId: string, betId: string) => ({ GSI1PK: `OPENBETS#${fixtureId}`, GSI1SK: `${userId}#${betId}` }),
  openTrackedBetsPartition: (fixtureId: string) => `OPENBETS#${fixtureId}`,
  /** A contact-form message; a signed-in sender also gets a marker in their collection. */
  contactMessage: (messageId: string) => ({ PK: `MESSAGE#${messageId}`, SK: 'MESSAGE' }),
  /** GSI1: every contact message, newest last. */
  contactMessageIndex: (createdAt: string, messageId: string) => ({ GSI1PK: 'MESSAGES', GSI1SK: `${createdAt}#${messageId}` }),
  contactMessagesPartition: 'MESSAGES',
  userContactMessage: (userId: string, messageId: string) => ({ PK: `USER#${userId}`, SK: `MESSAGE#${messageId}` }),
  userContactMessagePrefix: 'MESSAGE#',
  /** The local stack's outbox (never used on AWS): one partition, newest last. */
  localMail: (sentAt: string, id: string) => ({ PK: 'LOCALMAIL', SK: `${sentAt}#${id}` }),
  localMailPartition: 'LOCALMAIL',
  /** One item per provider subscription, in the user's collection. */
  subscription: (userId: string, subscriptionId: string) => ({ PK: `USER#${userId}`, SK: `SUBSCRIPTION#${subscriptionId}` }),
  /** GSI1: subscription -> user. */
  subscriptionLookup: (subscriptionId: string) => ({ GSI1PK: `STRIPE_SUB#${subscriptionId}`, GSI1SK: 'SUBSCRIPTION' }),
  stripeCustomer: (customerId: string) => ({ PK: `STRIPE_CUSTOMER#${customerId}`, SK: 'STRIPE_CUSTOMER' }),
  stripeEvent: (eventId: string) => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'STRIPE_EVENT' }),
  /** A role change, kept on the stage it happened on (the admin audit page reads them newest first). */
  roleChange: (at: string, id: string) => ({ PK: 'AUDIT#ROLE', SK: `${at}#${id}` }),
  roleChangesPartition: 'AUDIT#ROLE',
  /** `subject` is already hashed (never a raw email or IP in a key). */
  passwordAttempts: (subjectHash: string) => ({ PK: `THROTTLE#PASSWORD#${subjectHash}`, SK: 'ATTEMPTS' }),
  /** The local test-mode payment provider's own records (never used on AWS). */
  localBilling: (kind: 'CUSTOMER' | 'CHECKOUT' | 'SUBSCRIPTION' | 'PORTAL', id: string) => ({ PK: `LOCALBILLING#${kind}#${id}`, SK: kind }),
  /** GSI1: every local subscription (the local clock walks them all). */
  localBillingSubscriptionIndex: (id: string) => ({ GSI1PK: 'LOCALBILLING#SUBSCRIPTIONS', GSI1SK: id }),
  localBillingSubscriptionsPartition: 'LOCALBILLING#SUBSCRIPTIONS',
  localBillingClock: () => ({ PK: 'LOCALBILLING#CLOCK', SK: 'CLOCK' }),
  fixture: (fixtureId: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: 'FIXTURE' }),
  result: (fixtureId: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: 'RESULT' }),
  prediction: (fixtureId: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: 'PREDICTION' }),
  /** GSI1: predictions by match day. */
  predictionDay: (day: string, kickoff: string, fixtureId: string) => ({ GSI1PK: `PREDDAY#${day}`, GSI1SK: `${kickoff}#${fixtureId}` }),
  predictionDayPartition: (day: string) => `PREDDAY#${day}`,
  /** GSI2: predictions by league. */
  predictionLeague: (leagueId: string, kickoff: string, fixtureId: string) => ({ GSI2PK: `PREDLEAGUE#${leagueId}`, GSI2SK: `${kickoff}#${fixtureId}` }),
  predictionLeaguePartition: (leagueId: string) => `PREDLEAGUE#${leagueId}`,
  /** A flag-only record of a league without history, in its fixture's collection (no forecast: its own SK and index). */
  valueOnly: (fixtureId: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: 'VALUEONLY' }),
  /** GSI1: the flag-only records by match day (no forecast read meets them). */
  valueOnlyDay: (day: string, kickoff: string, fixtureId: string) => ({ GSI1PK: `VALUEDAY#${day}`, GSI1SK: `${kickoff}#${fixtureId}` }),
  valueOnlyDayPartition: (day: string) => `VALUEDAY#${day}`,
  /** A ledger entry in its fixture's collection (`<kind>-<selection>`, e.g. `pick-home`); GSI3 lists the ledger by kickoff month. */
  ledgerEntry: (fixtureId: string, entryKey: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: `LEDGER#${entryKey}` }),
  /** A correction of a ledger entry, after it in the same collection; in GSI3 beside it. */
  ledgerCorrection: (fixtureId: string, entryKey: string, at: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: `LEDGER#${entryKey}#CORRECTION#${at}` }),
  /** GSI1: the corrections chain, in sequence order (zero-padded so it sorts). */
  ledgerCorrectionChain: (sequence: number) => ({ GSI1PK: 'LEDGERCORRECTIONS', GSI1SK: String(sequence).padStart(10, '0') }),
  /** The corrections chain's head: its last sequence and digest (a correction moves it in its own transaction). */
  ledgerCorrectionHead: () => ({ PK: 'LEDGERCORRECTIONS', SK: 'HEAD' }),
  /** GSI1: published value entries by the day and time their flag first appeared (what an alert dispatcher reads). */
  valueFlagged: (flaggedAt: string, entryId: string) => ({ GSI1PK: `VALUEFLAGGED#${flaggedAt.slice(0, 10)}`, GSI1SK: `${flaggedAt}#${entryId}` }),
  ledgerPrefix: 'LEDGER#',
  fixturePartition: (fixtureId: string) => `FIXTURE#${fixtureId}`,
  /** GSI3: the ledger (entries, then their corrections) by kickoff month. */
  ledgerByKickoff: (kickoff: string, sortKey: string) => ({ GSI3PK: `LEDGER#${kickoff.slice(0, 7)}`, GSI3SK: `${kickoff}#${sortKey}` }),
  ledgerMonthPartition: (month: string) => `LEDGER#${month}`,
  /** A day's digest in one chain (`published` or `backtest`). */
  ledgerDigest: (basis: string, day: string) => ({ PK: `LEDGERDIGEST#${basis}`, SK: `DAY#${day}` }),
  ledgerDigestPartition: (basis: string) => `LEDGERDIGEST#${basis}`,
  /** The last prices seen before kickoff (the closing-odds task), beside the fixture so its daily sync keeps them. */
  fixtureClosing: (fixtureId: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: 'CLOSING' }),
  /** GSI1: fixtures by match day. */
  fixtureDay: (kickoff: string, fixtureId: string) => ({ GSI1PK: `FIXDAY#${kickoff.slice(0, 10)}`, GSI1SK: `${kickoff}#${fixtureId}` }),
  fixtureDayPartition: (day: string) => `FIXDAY#${day}`,
  /** A league's odds-scan mark: the fixtures its last scans found unchanged (one small partition: every league's in one Query). */
  scanMark: (leagueId: string) => ({ PK: 'ODDSSCAN', SK: `LEAGUE#${leagueId}` }),
  scanMarksPartition: 'ODDSSCAN',
  league: (leagueId: string) => ({ PK: `LEAGUE#${leagueId}`, SK: 'LEAGUE' }),
  /** GSI1: active leagues (`1#`) sorted by name. */
  leagueIndex: (name: string, active: boolean) => ({ GSI1PK: 'LEAGUES', GSI1SK: `${active ? 1 : 0}#${name}` }),
  leaguesPartition: 'LEAGUES',
  history: (leagueId: string, season: string, date: string, id: string) => ({ PK: `HISTORY#${leagueId}#${season}`, SK: `${date}#${id}` }),
  historyPartition: (leagueId: string, season: string) => `HISTORY#${leagueId}#${season}`,
  modelState: (leagueId: string, fittedAt: string) => ({ PK: `MODEL#${leagueId}`, SK: `STATE#${fittedAt}` }),
  modelPartition: (leagueId: string) => `MODEL#${leagueId}`,
  job: (jobId: string) => ({ PK: `JOB#${jobId}`, SK: 'JOB' }),
  jobPartition: (jobId: string) => `JOB#${jobId}`,
  jobTask: (jobId: string, key: string) => ({ PK: `JOB#${jobId}`, SK: `TASK#${key}` }),
  /** GSI1: runs of a job type, newest last. */
  jobType: (type: string, createdAt: string, jobId: string) => ({ GSI1PK: `JOBTYPE#${type}`, GSI1SK: `${createdAt}#${jobId}` }),
  jobTypePartition: (type: string) => `JOBTYPE#${type}`,
  jobLock: (type: string) => ({ PK: `LOCK#${type}`, SK: 'LOCK' }),
  /** A league's latest season simulation, and one snapshot of its chances per day (`DAY#<season>#<day>`) beside it. */
  simulationLatest: (leagueId: string) => ({ PK: `SIMULATION#${leagueId}`, SK: 'LATEST' }),
  simulationDay: (leagueId: string, season: string, day: string) => ({ PK: `SIMULATION#${leagueId}`, SK: `DAY#${season}#${day}` }),
  simulationPartition: (leagueId: string) => `SIMULATION#${leagueId}`,
  simulationDayPrefix: (season: string) => `DAY#${season}#`,
  /** Which league a team page belongs to (written with each simulation). */
  team: (slug: string) => ({ PK: `TEAM#${slug}`, SK: 'TEAM' }),
  /** The headline figures with the 30-day trend, as last computed from the ledger. */
  metricsLatest: () => ({ PK: 'METRICS#GLOBAL', SK: 'LATEST' }),

  // Forecast quality, one report per period (30, 90, all), overwritten by the metrics job.
  analyticsReport: (period: string) => ({ PK: 'ANALYTICS#GLOBAL', SK: `PERIOD#${period}` }),
} as const;

/** Upper bound for a `BETWEEN` on `<iso>#<id>` sort keys: '~' sorts after every id character. */
export const sortKeyCeiling = (iso: string) => `${iso}~`;
