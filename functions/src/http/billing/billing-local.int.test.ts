import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DAY_MS, fixedClock, HOUR_MS } from '@app/core/clock';
import { PASSWORD, startHttpStack, uniqueEmail } from '../../../test/http-harness.ts';

// The app, its test-mode provider and its webhook signatures all run on this clock.
const clock = fixedClock('2026-11-20T12:00:00Z');
let stack: Awaited<ReturnType<typeof startHttpStack>>;
beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const kickoff = new Date(clock.now().getTime() + 2 * HOUR_MS).toISOString();
  await new DynamoPredictionRepository(stack.table.doc, stack.table.tableName).save({
    id: 'fx1',
    fixtureId: 'fx1',
    leagueId: 'DL1',
    leagueName: 'Demo League',
    homeTeam: 'Rovers',
    awayTeam: 'United',
    kickoff,
    probabilities: { home: 0.612, draw: 0.231, away: 0.157 },
    overUnder25: { over: 0.547, under: 0.453 },
    valueBets: [{ market: 'home', odds: 1.85, edge: 0.132 }],
    modelVersion: 'test',
    generatedAt: clock.now().toISOString(),
  });
});
afterAll(() => stack.close());

describe('local test-mode checkout, full loop over HTTP', () => {
  it('free -> checkout -> success page -> premium -> probabilities -> cancel -> still premium -> period end -> free', async () => {
    const client = stack.client();
    await stack.signIn(client, uniqueEmail('buyer'));
    expect((await client.get('/api/auth/me')).json.user.subscriptionStatus).toBe('free');

    const locked = await client.get('/api/predictions');
    expect(locked.json[0]).toMatchObject({ isLocked: true, homeWinProb: null, overUnder25: null, isValueBet: null });

    // The body's userId/email are ignored: the session's user is the customer.
    const checkout = await client.post('/api/stripe/create-checkout-session', { userId: 'someone-else', email: 'x@example.com' });
    expect(checkout.json).toEqual({ url: expect.any(String) });
    expect(checkout.status).toBe(200);
    const url = new URL(checkout.json.url);
    expect(url.pathname).toMatch(/^\/__local\/checkout\/cs_local_/);

    const page = await client.get(url.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Pay $29 (test mode)');
    expect(page.text).toContain('Cancel');

    const paid = await client.request('POST', `${url.pathname}/pay`);
    expect(paid.status).toBe(303);
    const success = new URL(paid.headers.get('location')!);
    expect(success.pathname).toBe('/subscription/success');
    const sessionId = success.searchParams.get('session_id')!;

    const verified = await client.post('/api/stripe/verify-session', { sessionId });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({ success: true, user: { subscriptionStatus: 'premium', cancelAt: null } });
    expect((await client.get('/api/auth/me')).json.user.subscriptionStatus).toBe('premium');

    const open = await client.get('/api/predictions');
    expect(open.json[0]).toMatchObject({
      isLocked: false,
      isPremium: true,
      homeWinProb: 61.2,
      drawProb: 23.1,
      awayWinProb: 15.7,
      overUnder25: 54.7,
      isValueBet: true,
    });
    expect((await stack.client().get('/api/predictions')).json[0]).toMatchObject({ isLocked: true, homeWinProb: null });

    const again = await client.post('/api/stripe/create-checkout-session', {});
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Already subscribed');

    const cancel = await client.post('/api/stripe/cancel-subscription');
    expect(cancel.status).toBe(200);
    const cancelAt: number = cancel.json.cancel_at;
    expect(cancelAt * 1000).toBe(clock.now().getTime() + 30 * DAY_MS);
    const me = (await client.get('/api/auth/me')).json.user;
    expect(me).toMatchObject({ subscriptionStatus: 'premium', cancelAt });

    const advanced = await client.request('POST', '/__local/billing/advance', { body: { seconds: 31 * 86_400 } });
    expect(advanced.status).toBe(200);
    expect(advanced.json.delivered).toHaveLength(1);
    expect(advanced.json.delivered[0].status).toBe(200);
    expect((await client.get('/api/auth/me')).json.user).toMatchObject({ subscriptionStatus: 'free', cancelAt: null });
    expect((await client.get('/api/predictions')).json[0].isLocked).toBe(true);
  });

  it("refuses to verify someone else's checkout session", async () => {
    const owner = stack.client();
    await stack.signIn(owner, uniqueEmail('owner'));
    const { url } = (await owner.post('/api/stripe/create-checkout-session')).json;
    const sessionId = new URL(url).pathname.split('/').pop();
    const thief = stack.client();
    await stack.signIn(thief, uniqueEmail('thief'));
    const res = await thief.post('/api/stripe/verify-session', { sessionId });
    expect(res.status).toBe(403);
  });

  it('needs a session for every billing call', async () => {
    const anon = stack.client();
    for (const path of ['/api/stripe/create-checkout-session', '/api/stripe/verify-session', '/api/stripe/cancel-subscription']) {
      expect((await anon.post(path, { sessionId: 'cs_x' })).status).toBe(401);
    }
  });

  it('deleting a premium account cancels its subscription at once', async () => {
    const client = stack.client();
    await stack.signIn(client, uniqueEmail('leaver'));
    const { url } = (await client.post('/api/stripe/create-checkout-session')).json;
    const path = new URL(url).pathname;
    await client.request('POST', `${path}/pay`);
    await client.post('/api/stripe/verify-session', { sessionId: path.split('/').pop() });
    const gateway = await stack.composition.paymentGateway();
    const subscriptionId = (await gateway.retrieveCheckoutSession(path.split('/').pop()!))!.subscriptionId!;
    expect((await gateway.retrieveSubscription(subscriptionId))!.status).toBe('active');
    expect((await client.post('/api/auth/delete-account', { password: PASSWORD })).status).toBe(200);
    expect((await gateway.retrieveSubscription(subscriptionId))!.status).toBe('canceled');
  });

  it('the daily reconciliation task cancels a subscription whose user is gone and keeps the others', async () => {
    const gateway = await stack.composition.paymentGateway();
    const subscribe = async (name: string) => {
      const client = stack.client();
      const userId = (await stack.signIn(client, uniqueEmail(name))).userId;
      const path = new URL((await client.post('/api/stripe/create-checkout-session')).json.url).pathname;
      await client.request('POST', `${path}/pay`);
      return { userId, subscriptionId: (await gateway.retrieveCheckoutSession(path.split('/').pop()!))!.subscriptionId! };
    };
    const kept = await subscribe('kept');
    const orphan = await subscribe('orphan');
    // The user disappears without the deletion path (a lost cancellation).
    await (await stack.composition.userRepository()).delete((await (await stack.composition.userRepository()).get(orphan.userId))!);
    // The scheduled function's own handler (routes.ts `scheduled`), as EventBridge Scheduler invokes it: it queues the first page,
    // whose consumer reconciles it (and would queue the next).
    const { handler: task } = await import('../../scheduled/reconcile-billing.ts');
    const handler = task.on(stack.base);
    expect(await handler()).toMatchObject({ type: 'billing.reconcile-page', page: 1 });
    expect(stack.queue.depth('billing-reconciliation')).toBe(1);
    await stack.queue.drain();
    expect(stack.queue.depth('billing-reconciliation')).toBe(0);
    expect(stack.queue.deadLetters('billing-reconciliation')).toEqual([]);
    expect((await gateway.retrieveSubscription(orphan.subscriptionId))!.status).toBe('canceled');
    expect((await gateway.retrieveSubscription(kept.subscriptionId))!.status).toBe('active');
    expect(Object.keys((await (await stack.composition.userRepository()).get(kept.userId))!.subscriptions)).toEqual([kept.subscriptionId]);
  });

  it('an expired checkout session cannot be paid', async () => {
    const client = stack.client();
    await stack.signIn(client, uniqueEmail('late'));
    const path = new URL((await client.post('/api/stripe/create-checkout-session')).json.url).pathname;
    await (await stack.composition.paymentGateway()).expireCheckoutSession(path.split('/').pop()!);
    expect((await client.request('POST', `${path}/pay`)).status).toBe(409);
    expect((await client.get('/api/auth/me')).json.user.subscriptionStatus).toBe('free');
  });

  it('M3: a checkout opened before a self-exclusion cannot be paid after it: a clear 409, no subscription', async () => {
    const client = stack.client();
    const { userId } = await stack.signIn(client, uniqueEmail('excluding'));
    const path = new URL((await client.post('/api/stripe/create-checkout-session')).json.url).pathname;
    expect((await client.post('/api/account/self-exclusion', { password: PASSWORD, confirm: true })).status).toBe(200);
    const pay = await stack.client().request('POST', `${path}/pay`);
    expect(pay.status).toBe(409);
    expect(pay.text).toContain('This checkout session has expired and can no longer be paid: nothing was charged.');
    const gateway = await stack.composition.paymentGateway();
    expect((await gateway.retrieveCheckoutSession(path.split('/').pop()!))?.status).toBe('expired');
    expect((await gateway.listLiveSubscriptionsPage({ limit: 1000 })).subscriptions.filter((s) => s.userId === userId)).toEqual([]);
  });

  it('M3: when the provider starts a subscription for an excluded user anyway, the webhook cancels it at once', async () => {
    const client = stack.client();
    const { userId } = await stack.signIn(client, uniqueEmail('excluded-payer'));
    // A checkout first, so the user has a customer at the provider.
    await client.post('/api/stripe/create-checkout-session');
    expect((await client.post('/api/account/self-exclusion', { password: PASSWORD, confirm: true })).status).toBe(200);
    const gateway = await stack.composition.paymentGateway();
    const customerId = (await (await stack.composition.userRepository()).get(userId))!.stripeCustomerId!;
    // A session the exclusion could not reach (as a Stripe portal or a hosted page may be), paid after it.
    const late = await gateway.createCheckoutSession({
      customerId,
      userId,
      successUrl: 'http://localhost:3000/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/pricing',
      idempotencyKey: 'late',
    });
    expect((await stack.client().request('POST', `${new URL(late.url).pathname}/pay`)).status).toBe(303);
    const [subscription] = Object.values((await (await stack.composition.userRepository()).get(userId))!.subscriptions);
    expect(subscription?.status).toBe('canceled');
    expect(await gateway.listLiveSubscriptions(customerId)).toEqual([]);
  });

  it('M3: a break ends the open checkout too; after the break a new one is opened and can be paid', async () => {
    const client = stack.client();
    await stack.signIn(client, uniqueEmail('breaking'));
    const first = new URL((await client.post('/api/stripe/create-checkout-session')).json.url).pathname;
    expect((await client.post('/api/account/break', { duration: '24h' })).status).toBe(200);
    expect((await stack.client().request('POST', `${first}/pay`)).status).toBe(409);
    clock.advance(DAY_MS + 1000);
    try {
      const second = new URL((await client.post('/api/stripe/create-checkout-session')).json.url).pathname;
      expect(second).not.toBe(first);
      expect((await client.request('POST', `${second}/pay`)).status).toBe(303);
      expect((await client.get('/api/auth/me')).json.user.subscriptionStatus).toBe('premium');
    } finally {
      clock.set('2026-11-20T12:00:00Z');
    }
  });

  it('L3: five concurrent Pays of one checkout make one subscription', async () => {
    const client = stack.client();
    const { userId } = await stack.signIn(client, uniqueEmail('five-pays'));
    const path = new URL((await client.post('/api/stripe/create-checkout-session')).json.url).pathname;
    const pays = await Promise.all(Array.from({ length: 5 }, () => stack.client().request('POST', `${path}/pay`)));
    expect(pays.map((p) => p.status)).toEqual([303, 303, 303, 303, 303]);
    const gateway = await stack.composition.paymentGateway();
    expect((await gateway.listLiveSubscriptionsPage({ limit: 1000 })).subscriptions.filter((s) => s.userId === userId)).toHaveLength(1);
  });
});
