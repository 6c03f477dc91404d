// Responsible gambling and the account's money over HTTP, against DynamoDB Local and the local
// test-mode provider: the sign-up box, a break that the server enforces on every premium read,
// self-exclusion, and the billing overview with Resume (docs/responsible-gambling.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { BillingOverviewSchema } from '@app/contracts/billing';
import { ACCEPT_TERMS_MESSAGE, CONFIRM_ADDRESS_FIRST_MESSAGE, TERMS_VERSION } from '@app/contracts/responsible-gambling';
import { DAY_MS, fixedClock, HOUR_MS } from '@app/core/clock';
import { PASSWORD, startHttpStack, TERMS, tokenIn, uniqueEmail, type TestClient } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-03-14T10:00:00Z');
let stack: Awaited<ReturnType<typeof startHttpStack>>;
beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  await new DynamoPredictionRepository(stack.table.doc, stack.table.tableName).save({
    id: 'fx1',
    fixtureId: 'fx1',
    leagueId: 'DL1',
    leagueName: 'Demo League',
    homeTeam: 'Rovers',
    awayTeam: 'United',
    kickoff: new Date(clock.now().getTime() + 3 * DAY_MS).toISOString(),
    probabilities: { home: 0.612, draw: 0.231, away: 0.157 },
    overUnder25: { over: 0.547, under: 0.453 },
    valueBets: [{ market: 'home', odds: 1.85, edge: 0.132 }],
    modelVersion: 'test',
    generatedAt: clock.now().toISOString(),
  });
}, 60_000);
afterAll(() => stack.close());

/** A subscriber through the test-mode checkout (its Pay button and the webhook it sends). */
async function subscriber(): Promise<TestClient> {
  const client = stack.client();
  await stack.signIn(client, uniqueEmail('rg'));
  const checkout = new URL((await client.post('/api/stripe/create-checkout-session')).json.url);
  expect((await client.request('POST', `${checkout.pathname}/pay`)).status).toBe(303);
  return client;
}

const premiumReads = async (client: TestClient) => ({
  list: (await client.get('/api/predictions')).json[0],
  match: (await client.get('/api/predictions/fx1')).json,
  analytics: await client.get('/api/analytics'),
  ledger: await client.get('/api/ledger'),
});

describe('sign-up asks for the age and the Terms', () => {
  it('refuses a sign-up without the box (400 on the field), stores the version and the time of one with it', async () => {
    const email = uniqueEmail('terms');
    const without = await stack.client().post('/api/auth/register', { email, password: PASSWORD });
    expect(without.status).toBe(400);
    expect(without.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'acceptTerms', message: ACCEPT_TERMS_MESSAGE },
        { path: 'confirmAge', message: ACCEPT_TERMS_MESSAGE },
      ]),
    );
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD, acceptTerms: true, confirmAge: false })).status).toBe(400);

    const client = stack.client();
    expect((await client.post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    expect((await client.get('/api/account/export')).json.responsibleGambling).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: '2026-03-14T10:00:00.000Z',
      ageConfirmedAt: '2026-03-14T10:00:00.000Z',
      breakUntil: null,
      selfExcludedUntil: null,
    });
  });
});

describe('take a break', () => {
  it('hides probabilities, value flags, analytics and the ledger on the server until its end; it cannot be shortened', async () => {
    const client = await subscriber();
    const before = await premiumReads(client);
    expect(before.list).toMatchObject({ isLocked: false, homeWinProb: 61.2, isValueBet: true });
    expect(before.match.forecast).not.toBeNull();
    expect(before.analytics.status).toBe(200);

    const started = await client.post('/api/account/break', { duration: '24h' });
    expect(started.status).toBe(200);
    expect(started.json).toEqual({ breakUntil: '2026-03-15T10:00:00.000Z' });
    expect((await client.get('/api/auth/me')).json.user).toMatchObject({ subscriptionStatus: 'premium', breakUntil: '2026-03-15T10:00:00.000Z' });

    const during = await premiumReads(client);
    expect(during.list).toMatchObject({
      isLocked: true,
      homeWinProb: null,
      drawProb: null,
      awayWinProb: null,
      overUnder25: null,
      isValueBet: null,
      valueBets: null,
      picks: null,
    });
    expect(during.match).toMatchObject({ isLocked: true, forecast: null });
    expect(during.analytics.status).toBe(403);
    expect(during.analytics.json.message).toBe('You are taking a break until Sun, 15 Mar 2026, 10:00 UTC: performance analytics are hidden until then.');
    expect(during.ledger.status).toBe(403);

    const shorter = await client.post('/api/account/break', { duration: '24h' });
    expect(shorter.status).toBe(409);
    expect(shorter.json.message).toMatch(/^You are already taking a break until Sun, 15 Mar 2026, 10:00 UTC\. A break cannot be shortened/);
    expect((await client.post('/api/account/break', { duration: 'forever' })).status).toBe(400);
    expect((await stack.client().post('/api/account/break', { duration: '24h' })).status).toBe(401);

    clock.advance(24 * HOUR_MS);
    try {
      expect((await premiumReads(client)).list).toMatchObject({ isLocked: false, homeWinProb: 61.2 });
      expect((await client.get('/api/auth/me')).json.user.breakUntil).toBeNull();
    } finally {
      clock.set('2026-03-14T10:00:00Z');
    }
  });
});

describe('the account says what you pay', () => {
  it('plan, $29 a month from the provider, the renewal date, the card and the invoice with a working link; cancel shows the end date, Resume renews', async () => {
    const client = await subscriber();
    const overview = await client.get('/api/account/billing');
    expect(overview.status).toBe(200);
    const billing = BillingOverviewSchema.parse(overview.json);
    expect(billing).toMatchObject({
      plan: 'premium',
      status: 'renewing',
      price: { amountCents: 2900, currency: 'usd', interval: 'month' },
      endsAt: null,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(billing.renewsAt).toBe(clock.now().getTime() / 1000 + 30 * 86_400);
    expect(billing.invoices).toHaveLength(1);
    const invoice = await client.get(new URL(billing.invoices[0]!.url!).pathname);
    expect(invoice.status).toBe(200);
    expect(invoice.text).toContain('$29.00');

    expect((await client.post('/api/stripe/cancel-subscription')).status).toBe(200);
    expect((await client.get('/api/account/billing')).json).toMatchObject({ status: 'cancelling', renewsAt: null, endsAt: billing.renewsAt });
    const resumed = await client.post('/api/stripe/resume-subscription');
    expect(resumed.status).toBe(200);
    expect(resumed.json).toMatchObject({ status: 'renewing', renewsAt: billing.renewsAt, endsAt: null });
    expect((await client.get('/api/auth/me')).json.user.cancelAt).toBeNull();
    expect((await client.post('/api/stripe/resume-subscription')).status).toBe(409);

    const free = stack.client();
    await stack.signIn(free);
    expect((await free.get('/api/account/billing')).json).toEqual({
      plan: 'free',
      status: 'none',
      price: null,
      renewsAt: null,
      endsAt: null,
      card: null,
      invoices: [],
    });
    expect((await stack.client().get('/api/account/billing')).status).toBe(401);
  });
});

describe('self-exclusion', () => {
  it('asks for the password, ends the subscription with its period, signs every session out and refuses sign-in for six months', async () => {
    const client = await subscriber();
    const { email } = (await client.get('/api/auth/me')).json.user as { email: string };
    const wrong = await client.post('/api/account/self-exclusion', { password: 'not my password', confirm: true });
    expect(wrong.status).toBe(400);
    expect(wrong.json.issues).toEqual([{ path: 'password', message: 'Current password is incorrect' }]);
    expect((await client.post('/api/account/self-exclusion', { password: PASSWORD })).status).toBe(400);

    const excluded = await client.post('/api/account/self-exclusion', { password: PASSWORD, confirm: true });
    expect(excluded.status).toBe(200);
    expect(excluded.json).toEqual({ excludedUntil: '2026-09-14T10:00:00.000Z', subscriptionEndsAt: clock.now().getTime() / 1000 + 30 * 86_400 });
    expect((await client.get('/api/auth/me')).status).toBe(401);

    const again = stack.client();
    const login = await again.post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.json.message).toBe('This account is self-excluded until Mon, 14 Sep 2026, 10:00 UTC. It cannot be used before then.');
    const user = await (await stack.composition.userRepository()).getByEmail(email);
    expect(Object.values(user!.subscriptions)[0]).toMatchObject({ status: 'active', cancelAt: clock.now().getTime() / 1000 + 30 * 86_400 });
  });
});

describe('M1 (fifth audit): an address nobody has proved cannot be locked', () => {
  it("someone who signs up with the owner's address can take neither a self-exclusion nor a break (403 saying why); the owner's reset and login then work", async () => {
    const victim = uniqueEmail('victim');
    // The attack: sign up with the victim's address (201, signed in, unconfirmed), then lock it.
    const intruder = stack.client();
    expect((await intruder.post('/api/auth/register', { email: victim, password: 'the intruder picked this', ...TERMS })).status).toBe(201);
    const excluded = await intruder.post('/api/account/self-exclusion', { password: 'the intruder picked this', confirm: true });
    expect(excluded.status).toBe(403);
    expect(excluded.json.message).toBe(CONFIRM_ADDRESS_FIRST_MESSAGE);
    const rested = await intruder.post('/api/account/break', { duration: '30d' });
    expect(rested.status).toBe(403);
    expect(rested.json.message).toBe(CONFIRM_ADDRESS_FIRST_MESSAGE);
    expect((await intruder.get('/api/auth/me')).json.user).toMatchObject({ emailVerified: false, breakUntil: null });

    // The owner: sign-up says the address is taken, the reset through the inbox works, and so does login.
    expect((await stack.client().post('/api/auth/register', { email: victim, password: PASSWORD, ...TERMS })).status).toBe(409);
    expect((await stack.client().post('/api/auth/password-reset', { email: victim })).status).toBe(202);
    const token = tokenIn(
      (await stack.outbox()).find((m) => m.to === victim && m.text.includes('/reset-password?token='))!,
      '/reset-password',
    );
    expect((await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'the owner took it back' })).status).toBe(200);
    const owner = stack.client();
    const login = await owner.post('/api/auth/login', { email: victim, password: 'the owner took it back' });
    expect(login.status).toBe(200);
    expect(login.json.user).toMatchObject({ email: victim, emailVerified: true });
    expect((await intruder.get('/api/auth/me')).status).toBe(401);
    // Now proved, the owner can protect the account.
    expect((await owner.post('/api/account/break', { duration: '24h' })).status).toBe(200);
  });
});
