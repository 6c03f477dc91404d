import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripeServer } from '@app/adapters/stripe/testing/fake-stripe-server';
import { stripeSignedHeader } from '@app/adapters/stripe/testing/sdk-signature';
import { fixedClock } from '@app/core/clock';
import { PASSWORD, startHttpStack, uniqueEmail, type TestClient } from '../../../test/http-harness.ts';

const SECRET = 'whsec_test_webhook_secret';
// One clock for the app (its webhook verification included), the Stripe stand-in and the deliveries.
const clock = fixedClock('2026-11-20T12:00:00Z');
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
let fake: FakeStripeServer;
let stack: Awaited<ReturnType<typeof startHttpStack>>;

beforeAll(async () => {
  fake = await new FakeStripeServer(() => clock.now().getTime()).start();
  stack = await startHttpStack(
    {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_ID: 'price_premium_monthly',
      STRIPE_API_BASE: fake.url,
    },
    { clock },
  );
});
afterAll(async () => {
  await stack.close();
  await fake.stop();
});

let n = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${++n}`) {
  return JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: nowSeconds(), livemode: false, data: { object } });
}

async function deliver(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const header = stripeSignedHeader(payload, options.secret ?? SECRET, options.timestamp ?? nowSeconds());
  // Stripe sends no cookies and no Origin: the webhook is exempt from CSRF, protected by its signature.
  return stack
    .client()
    .request('POST', '/api/stripe/webhook', { rawBody: payload, origin: null, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}

async function subscriber(): Promise<{ client: TestClient; userId: string; customerId: string; subscriptionId: string }> {
  const client = stack.client();
  const userId = (await stack.signIn(client, uniqueEmail('stripe'))).userId;
  const checkout = await client.post('/api/stripe/create-checkout-session', { userId: 'ignored', email: 'ignored@example.com' });
  expect(checkout.json.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  const session = [...fake.sessions.values()].at(-1)!;
  expect(session.client_reference_id).toBe(userId);
  const customerId = String(session.customer);
  const subscriptionId = `sub_${userId}`;
  fake.setSubscription({ id: subscriptionId, customer: customerId, metadata: { userId } });
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscriptionId });
  return { client, userId, customerId, subscriptionId };
}

const status = async (client: TestClient) => (await client.get('/api/auth/me')).json.user.subscriptionStatus;

describe('Stripe webhook, signed by the real SDK', () => {
  it('a valid checkout.session.completed makes the user premium', async () => {
    const s = await subscriber();
    const res = await deliver(
      event('checkout.session.completed', {
        id: 'cs_1',
        object: 'checkout.session',
        customer: s.customerId,
        subscription: s.subscriptionId,
        client_reference_id: s.userId,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true, outcome: 'processed' });
    expect(await status(s.client)).toBe('premium');
  });

  it('refuses a bad signature or a stale timestamp with 400 and changes nothing', async () => {
    const s = await subscriber();
    const payload = event('customer.subscription.created', { id: s.subscriptionId, object: 'subscription', customer: s.customerId });
    const forged = await deliver(payload, { secret: 'whsec_attacker' });
    expect(forged.status).toBe(400);
    expect(forged.json.message).toMatch(/No signature .* matches/);
    const stale = await deliver(payload, { timestamp: nowSeconds() - 301 });
    expect(stale.json.message).toMatch(/outside the 300 s tolerance/);
    expect(stale.status).toBe(400);
    const missing = await stack
      .client()
      .request('POST', '/api/stripe/webhook', { rawBody: payload, origin: null, headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(400);
    expect(await status(s.client)).toBe('free');
  });

  it('ignores a duplicate delivery of an event it already applied', async () => {
    const s = await subscriber();
    const payload = event('customer.subscription.created', { id: s.subscriptionId, object: 'subscription', customer: s.customerId });
    expect((await deliver(payload)).json.outcome).toBe('processed');
    fake.setSubscription({ id: s.subscriptionId, customer: s.customerId, status: 'canceled' });
    expect((await deliver(payload)).json.outcome).toBe('duplicate');
    expect(await status(s.client)).toBe('premium');
  });

  it('is safe in any arrival order: it applies the subscription as Stripe has it now', async () => {
    const s = await subscriber();
    // 'deleted' overtakes 'created' while the subscription is in fact active.
    expect((await deliver(event('customer.subscription.deleted', { id: s.subscriptionId, object: 'subscription', customer: s.customerId }))).status).toBe(200);
    expect(await status(s.client)).toBe('premium');
    expect((await deliver(event('customer.subscription.created', { id: s.subscriptionId, object: 'subscription', customer: s.customerId }))).status).toBe(200);
    expect(await status(s.client)).toBe('premium');
    fake.setSubscription({ id: s.subscriptionId, customer: s.customerId, status: 'past_due' });
    await deliver(
      event('invoice.payment_failed', {
        id: 'in_1',
        object: 'invoice',
        customer: s.customerId,
        parent: { type: 'subscription_details', subscription_details: { subscription: s.subscriptionId } },
      }),
    );
    expect(await status(s.client)).toBe('premium');
    fake.setSubscription({ id: s.subscriptionId, customer: s.customerId, status: 'canceled' });
    await deliver(event('customer.subscription.deleted', { id: s.subscriptionId, object: 'subscription', customer: s.customerId }));
    expect(await status(s.client)).toBe('free');
  });

  it('answers 200 to an event type it does not handle, and ignores it', async () => {
    const res = await deliver(event('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(res.status).toBe(200);
    expect(res.json.outcome).toBe('ignored');
  });

  it('verify-session runs the same sync when the browser returns before the webhook', async () => {
    const s = await subscriber();
    const session = [...fake.sessions.values()].at(-1)!;
    const res = await s.client.post('/api/stripe/verify-session', { sessionId: session.id });
    expect(res.json).toMatchObject({ success: true, user: { subscriptionStatus: 'premium' } });
    const cancel = await s.client.post('/api/stripe/cancel-subscription');
    expect(cancel.json.cancel_at).toBe(fake.subscriptions.get(s.subscriptionId)!.current_period_end);
    expect(await status(s.client)).toBe('premium');
  });
});

describe('subscriptions keyed by Stripe subscription id', () => {
  const subscriptionEvent = (type: string, subscriptionId: string, customerId: string, created: number, id?: string) =>
    JSON.stringify({
      id: id ?? `evt_${++n}`,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created,
      livemode: false,
      data: { object: { id: subscriptionId, object: 'subscription', customer: customerId } },
    });

  it('A paid, cancelled and lapsed, then B paid: the old session id, a late A event and a replay keep B premium', async () => {
    const a = await subscriber();
    const sessionA = [...fake.sessions.values()].at(-1)!;
    const t0 = nowSeconds();
    const firstA = subscriptionEvent('customer.subscription.created', a.subscriptionId, a.customerId, t0 - 100);
    expect((await deliver(firstA)).json.outcome).toBe('processed');
    expect(await status(a.client)).toBe('premium');
    expect((await a.client.post('/api/stripe/cancel-subscription')).status).toBe(200);
    // A lapses: Stripe ends it and tells us.
    fake.setSubscription({ id: a.subscriptionId, customer: a.customerId, status: 'canceled' });
    expect((await deliver(subscriptionEvent('customer.subscription.deleted', a.subscriptionId, a.customerId, t0 - 50))).json.outcome).toBe('processed');
    expect(await status(a.client)).toBe('free');

    // B: a new Checkout session (A's is complete), paid.
    const checkoutB = await a.client.post('/api/stripe/create-checkout-session');
    expect(checkoutB.status).toBe(200);
    const sessionB = [...fake.sessions.values()].at(-1)!;
    expect(sessionB.id).not.toBe(sessionA.id);
    const subB = `${a.subscriptionId}_B`;
    fake.setSubscription({ id: subB, customer: a.customerId, metadata: { userId: a.userId } });
    Object.assign(sessionB, { status: 'complete', subscription: subB });
    expect((await deliver(subscriptionEvent('customer.subscription.created', subB, a.customerId, t0))).json.outcome).toBe('processed');
    expect(await status(a.client)).toBe('premium');

    // The old success URL / session id, a late retry of an A event, and a replay of A's first event.
    expect((await a.client.post('/api/stripe/verify-session', { sessionId: sessionA.id })).json.user.subscriptionStatus).toBe('premium');
    expect((await deliver(subscriptionEvent('customer.subscription.updated', a.subscriptionId, a.customerId, t0 - 80))).json.outcome).toBe('stale');
    expect((await deliver(firstA)).json.outcome).toBe('duplicate');
    expect(await status(a.client)).toBe('premium');

    // Deleting the account cancels every subscription of the user (B, and an unsynced C).
    fake.setSubscription({ id: `${a.subscriptionId}_C`, customer: a.customerId, metadata: { userId: a.userId } });
    expect((await a.client.post('/api/auth/delete-account', { password: PASSWORD })).status).toBe(200);
    expect(fake.subscriptions.get(subB)!.status).toBe('canceled');
    expect(fake.subscriptions.get(`${a.subscriptionId}_C`)!.status).toBe('canceled');
  });

  it('a replayed older event of a subscription changes nothing', async () => {
    const s = await subscriber();
    const now = nowSeconds();
    expect((await deliver(subscriptionEvent('customer.subscription.updated', s.subscriptionId, s.customerId, now))).json.outcome).toBe('processed');
    expect(await status(s.client)).toBe('premium');
    fake.setSubscription({ id: s.subscriptionId, customer: s.customerId, status: 'canceled' });
    const older = await deliver(subscriptionEvent('customer.subscription.deleted', s.subscriptionId, s.customerId, now - 3600));
    expect(older.status).toBe(200);
    expect(older.json.outcome).toBe('stale');
    expect(await status(s.client)).toBe('premium');
  });

  it('double checkout is impossible: repeated and concurrent requests get the one open session', async () => {
    const client = stack.client();
    await stack.signIn(client, uniqueEmail('twice'));
    const first = (await client.post('/api/stripe/create-checkout-session')).json.url;
    expect((await client.post('/api/stripe/create-checkout-session')).json.url).toBe(first);
    const customer = [...fake.sessions.values()].at(-1)!.customer;
    // The first one expires; five tabs ask at once.
    [...fake.sessions.values()].find((s) => s.url === first)!.status = 'expired';
    const urls = await Promise.all(Array.from({ length: 5 }, async () => (await client.post('/api/stripe/create-checkout-session')).json.url as string));
    expect(new Set(urls).size).toBe(1);
    const open = [...fake.sessions.values()].filter((s) => s.customer === customer && s.status === 'open');
    expect(open.map((s) => s.url)).toEqual([urls[0]]);
  });

  it('a paid period that lapsed without any webhook makes the user free', async () => {
    const s = await subscriber();
    await s.client.post('/api/stripe/verify-session', { sessionId: [...fake.sessions.values()].at(-1)!.id });
    expect(await status(s.client)).toBe('premium');
    // The state as last synced, long ago: the period ended 3 days back and no news came since.
    const { DynamoSubscriptionRepository } = await import('@app/adapters/dynamodb/subscription-repository');
    const periodEnd = nowSeconds() - 3 * 86_400;
    await new DynamoSubscriptionRepository(stack.table.doc, stack.table.tableName).saveSubscription(s.userId, {
      id: s.subscriptionId,
      status: 'active',
      cancelAt: null,
      currentPeriodEnd: periodEnd,
      syncedAt: new Date(periodEnd * 1000 - 30 * 86_400_000).toISOString(),
    });
    expect(await status(s.client)).toBe('free');
  });
});
