/**
 * Every key of the single table is built here and nowhere else. The access-pattern table in
 * docs/architecture.md#dynamodb-access-patterns describes them; access-patterns.test.ts checks it.
 * Dates in keys are UTC `yyyy-mm-dd`; kickoffs are ISO-8601 UTC so they sort as strings.
 */
export const keys = {
  /** Never written: the health probe reads it to prove the table answers with read-only rights. */
  healthProbe: () => ({ PK: 'HEALTH', SK: 'PROBE' }),
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
  /** A tracked (high-confidence) pick in the fixture's collection; GSI3 lists them by month. */
  pick: (fixtureId: string, market: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: `PICK#${market}` }),
  pickPrefix: 'PICK#',
  fixturePartition: (fixtureId: string) => `FIXTURE#${fixtureId}`,
  highConfidence: (kickoff: string, pickId: string) => ({ GSI3PK: `HIGHCONF#${kickoff.slice(0, 7)}`, GSI3SK: `${kickoff}#${pickId}` }),
  highConfidencePartition: (month: string) => `HIGHCONF#${month}`,
  /** GSI1: fixtures by match day. */
  fixtureDay: (kickoff: string, fixtureId: string) => ({ GSI1PK: `FIXDAY#${kickoff.slice(0, 10)}`, GSI1SK: `${kickoff}#${fixtureId}` }),
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
  metricsLatest: () => ({ PK: 'METRICS#GLOBAL', SK: 'LATEST' }),
  metricsDay: (day: string) => ({ PK: 'METRICS#GLOBAL', SK: `DAY#${day}` }),
  metricsPartition: 'METRICS#GLOBAL',
  metricsDayPrefix: 'DAY#',

  // Premium analytics, one report per period (30, 90, all), overwritten by the metrics job.
  analyticsReport: (period: string) => ({ PK: 'ANALYTICS#GLOBAL', SK: `PERIOD#${period}` }),
} as const;

/** Upper bound for a `BETWEEN` on `<iso>#<id>` sort keys: '~' sorts after every id character. */
export const sortKeyCeiling = (iso: string) => `${iso}~`;
