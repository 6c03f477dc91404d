// The composition in the cloud: it refuses to run the pipeline on stand-ins, and objects built
// from secrets follow a rotation in a warm container.
import { stripeSignedHeader } from '@app/adapters/stripe/testing/sdk-signature';
import { createTestTable } from '@app/adapters/dynamodb/testing/test-table';
import { fixedClock } from '@app/core/clock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ENV = { ...process.env };
const CLOUD = {
  STAGE: 'dev',
  APP_ORIGIN: 'https://predictions.example.com',
  TABLE_NAME: 'App',
  AWS_REGION: 'eu-west-2',
  QUEUE_DRIVER: 'sqs',
  QUEUE_URL_PREFIX: 'https://sqs.eu-west-2.amazonaws.com/123456789012/fp-dev-',
  EMAIL_DRIVER: 'ses',
};

beforeEach(() => {
  vi.resetModules();
  for (const key of Object.keys(process.env)) if (!(key in ENV)) delete process.env[key];
  for (const key of [
    'STAGE',
    'API_FOOTBALL_KEY',
    'ODDS_API_KEY',
    'FOOTBALL_DATA_DIR',
    'PROVIDERS_SECRET_ARN',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_SECRET_ARN',
    'DYNAMODB_ENDPOINT',
  ])
    delete process.env[key];
});
afterEach(() => {
  process.env = { ...ENV };
});

/** A Lambda's base on this process's environment, with the given secret reader and clock. */
async function cloudBase(inputs: { secrets?: (arn: string) => Promise<string>; clock?: ReturnType<typeof fixedClock> } = {}) {
  const { makeBase } = await import('./base.ts');
  const { getConfig } = await import('@app/platform/config');
  return makeBase({ config: getConfig(), ...inputs });
}

describe('passwords in the cloud', () => {
  it("hashes new passwords at OWASP's cost: only a test stack's base asks for less", async () => {
    Object.assign(process.env, CLOUD);
    const { passwordHasher } = await import('./auth.ts');
    expect(await passwordHasher(await cloudBase()).hash('correct horse battery')).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);
  });
});

describe('the pipeline outside the local stack', () => {
  it('refuses to start without a football data key instead of publishing demo data', async () => {
    // Prepare
    Object.assign(process.env, CLOUD);
    const base = await cloudBase();
    const { footballProviders } = await import('./football-providers.ts');
    const { buildGeneration } = await import('./pipeline.ts');

    // Act + Assess
    await expect(footballProviders(base)).rejects.toThrow(/apiFootballKey .* required outside the local stack; the pipeline will not publish demo data/);
    await expect(buildGeneration(base)).rejects.toMatchObject({ name: 'ConfigError' });
  });

  it('skips scheduled runs without the key, raising the alarm once, until the key is there', async () => {
    // Prepare: a deployed stage's configuration against a table of DynamoDB Local.
    const table = await createTestTable();
    Object.assign(process.env, CLOUD, { PROVIDERS_SECRET_ARN: 'arn:providers', TABLE_NAME: table.tableName, DYNAMODB_ENDPOINT: table.endpoint });
    let keys: Record<string, string> = { apiFootballKey: '', oddsApiKey: '' };
    const base = await cloudBase({ secrets: async () => JSON.stringify(keys) });
    const { scheduledRunsAllowed } = await import('./football-providers.ts');
    const { logger } = await import('@app/platform/logger');
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(logger, 'warn').mockImplementation(() => {});

    // Act + Assess: three scheduled firings without the key, one alarm.
    for (let i = 0; i < 3; i++) expect(await scheduledRunsAllowed(base)).toBe(false);
    expect(errors.mock.calls.filter(([, detail]) => (detail as { configurationError?: boolean }).configurationError)).toHaveLength(1);
    expect(warnings).toHaveBeenCalledTimes(2);

    keys = { apiFootballKey: 'key-1', oddsApiKey: '' };
    expect(await scheduledRunsAllowed(base)).toBe(true);
  });

  it('reads the key from the providers secret and serves API-Football, with The Odds API when its key is there too', async () => {
    Object.assign(process.env, CLOUD, { PROVIDERS_SECRET_ARN: 'arn:providers' });
    let secret: Record<string, string> = { apiFootballKey: 'key-1' };
    const base = await cloudBase({ secrets: async () => JSON.stringify(secret) });
    const { footballProviders } = await import('./football-providers.ts');
    const first = await footballProviders(base);
    secret = { apiFootballKey: 'key-1', oddsApiKey: 'odds-1' };
    const second = await footballProviders(base);
    expect([first.fixturesProvider.name, first.oddsProvider.name]).toEqual(['api-football', 'none']);
    expect([second.fixturesProvider.name, second.oddsProvider.name]).toEqual(['api-football', 'the-odds-api']);
  });

  it('needs the local stack for its stand-ins even on the local stage', async () => {
    Object.assign(process.env, CLOUD, { STAGE: 'local', QUEUE_DRIVER: 'local', EMAIL_DRIVER: 'local' });
    const base = await cloudBase();
    const { footballProviders } = await import('./football-providers.ts');
    const { buildMessageQueue } = await import('./queues.ts');
    await expect(footballProviders(base)).rejects.toThrow(/needs the local stack's stand-ins/);
    await expect(Promise.resolve().then(() => buildMessageQueue(base))).rejects.toThrow(/QUEUE_DRIVER=local needs the local stack's stand-ins/);
  });
});

describe('secrets that rotate', () => {
  it('verifies Stripe webhooks with the rolled signing secret in the same warm container', async () => {
    // Prepare
    Object.assign(process.env, CLOUD, { STRIPE_SECRET_ARN: 'arn:stripe', STRIPE_PRICE_ID: 'price_1' });
    let secret = { secretKey: 'sk_test_A', webhookSecret: 'whsec_A' };
    const clock = fixedClock('2026-11-20T12:00:00Z');
    const base = await cloudBase({ secrets: async () => JSON.stringify(secret), clock });
    const { buildPaymentGateway } = await import('./billing.ts');
    const paymentGateway = () => buildPaymentGateway(base);
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_1' } },
    });
    const signed = (webhookSecret: string) => stripeSignedHeader(payload, webhookSecret, clock.now().getTime() / 1000);
    const before = await paymentGateway();

    // Act
    secret = { secretKey: 'sk_test_B', webhookSecret: 'whsec_B' };
    const after = await paymentGateway();

    // Assess
    expect(after).not.toBe(before);
    await expect(after.parseWebhook(Buffer.from(payload), signed('whsec_B'))).resolves.toMatchObject({ id: 'evt_1' });
    await expect(after.parseWebhook(Buffer.from(payload), signed('whsec_A'))).rejects.toMatchObject({ name: 'InvalidSignatureError' });
    expect(await paymentGateway()).toBe(after);
  });

  it('signs sessions with the rotated session key', async () => {
    // Prepare
    Object.assign(process.env, CLOUD, { SESSION_SECRET_ARN: 'arn:session', ORIGIN_VERIFY_TOKEN: 'origin-token-0123456789' });
    let key = 'a'.repeat(40);
    const base = await cloudBase({ secrets: async () => key });
    const { buildAuth } = await import('./auth.ts');
    const authService = () => buildAuth(base);

    // Act
    const first = await authService();
    const again = await authService();
    key = 'b'.repeat(40);
    const rotated = await authService();

    // Assess
    expect(again).toBe(first);
    expect(rotated).not.toBe(first);
  });
});

describe('the odds scan and the read cache', () => {
  it('never builds the public read path in a pipeline function to drop its cache; a process that built one (the local stack) has it dropped', async () => {
    // Prepare: a deployed stage's scan function, one prediction stored.
    const table = await createTestTable();
    // (no flag-only league: their hourly fixture lists would be more calls to a host this test cannot reach)
    Object.assign(process.env, CLOUD, {
      PROVIDERS_SECRET_ARN: 'arn:providers',
      TABLE_NAME: table.tableName,
      DYNAMODB_ENDPOINT: table.endpoint,
      VALUE_ONLY_LEAGUES: 'none',
    });
    const base = await cloudBase({
      secrets: async () => JSON.stringify({ apiFootballKey: 'af', oddsApiKey: 'oa' }),
      clock: fixedClock('2026-11-22T13:00:00Z'),
    });
    const { buildOddsScan, invalidatingPredictionRepository } = await import('./pipeline.ts');
    const { builtAlready } = await import('./base.ts');
    const { buildPredictions } = await import('./public-reads.ts');
    const store = invalidatingPredictionRepository(base);
    const stored = {
      id: 'f1',
      fixtureId: 'f1',
      leagueId: 'E0',
      leagueName: 'Premier League',
      homeTeam: 'A',
      awayTeam: 'B',
      kickoff: '2026-11-23T15:00:00.000Z',
      probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
      overUnder25: { over: 0.5, under: 0.5 },
      valueBets: [],
      modelVersion: 'm',
      generatedAt: '2026-11-22T06:00:00.000Z',
    };
    await store.write(stored, [], { now: new Date('2026-11-22T06:00:00Z') });
    const now = new Date('2026-11-22T13:00:00Z');

    // Act + Assess: the scan's write, on AWS: nothing built to drop
    await store.writeScan({ ...stored, valueScannedAt: now.toISOString() }, [], { now, previous: stored });
    expect((await (await buildOddsScan(base)).scan()).summary).toMatch(/due fixture/);
    expect(builtAlready(base, buildPredictions)).toBeUndefined();
    // where the process serves reads too, the next read after a write is a fresh one
    const reads = buildPredictions(base);
    const premium = { userId: 'u', email: 'u@example.com', role: 'user' as const, subscriptionStatus: 'premium' as const };
    expect((await reads.upcoming(premium)).value.map((p) => p.valueBets)).toEqual([[]]);
    const later = new Date('2026-11-22T14:00:00Z');
    const flag = { market: 'home' as const, odds: 2.3, edge: 0.08, bookmaker: 'William Hill', seenAt: later.toISOString() };
    await store.writeScan({ ...stored, valueBets: [flag], valueScannedAt: later.toISOString() }, [], {
      now: later,
      previous: { ...stored, valueScannedAt: now.toISOString() },
    });
    expect(builtAlready(base, buildPredictions)).toBe(reads);
    expect((await reads.upcoming(premium)).value[0]!.valueBets).toEqual([expect.objectContaining({ market: 'home', odds: 2.3, seenAt: later.toISOString() })]);
  });
});
