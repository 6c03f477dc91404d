import { describe, expect, it } from 'vitest';
import { makeAuthService } from '../auth/service.ts';
import { fixedClock } from '../clock.ts';
import { InMemorySessions, InMemorySubscriptions, InMemoryThrottle, InMemoryUsers, plainHasher, plainTokens, sequentialIds } from '../testing/in-memory.ts';
import type { PaymentGateway, SubscriptionSnapshot } from './ports.ts';
import { makeBillingService } from './service.ts';

/** A provider whose subscription state the test moves by hand. */
function fakeGateway() {
  const subs = new Map<string, SubscriptionSnapshot>();
  const gateway: PaymentGateway & { subs: typeof subs } = {
    subs,
    createCustomer: async (u) => `cus_${u.id}`,
    createCheckoutSession: async ({ userId }) => ({ id: `cs_${userId}`, url: `https://pay.example/cs_${userId}` }),
    retrieveCheckoutSession: async (id) =>
      id.startsWith('cs_') ? { id, customerId: `cus_${id.slice(3)}`, clientReferenceId: id.slice(3), subscriptionId: `sub_${id.slice(3)}`, status: 'complete' } : null,
    retrieveSubscription: async (id) => subs.get(id) ?? null,
    cancelAtPeriodEnd: async (id) => {
      const s = subs.get(id)!;
      s.cancelAtPeriodEnd = true;
      return { ...s };
    },
    cancelNow: async (id) => {
      subs.get(id)!.status = 'canceled';
    },
    parseWebhook: async () => {
      throw new Error('unused');
    },
  };
  return gateway;
}

async function setup() {
  const clock = fixedClock('2026-11-22T12:00:00Z');
  const users = new InMemoryUsers();
  const auth = makeAuthService({
    users, sessions: new InMemorySessions(users), throttle: new InMemoryThrottle(), clock, hasher: plainHasher, tokens: plainTokens,
    ids: { user: sequentialIds('u'), session: sequentialIds('s') },
  });
  const gateway = fakeGateway();
  const billing = makeBillingService({ gateway, users, subscriptions: new InMemorySubscriptions(users), clock, appOrigin: 'http://localhost:3000' });
  const { token } = await auth.register({ email: 'ana@example.com', password: 'correct horse' });
  const resolved = async () => (await auth.resolve(token))!;
  const periodEnd = Date.parse('2026-12-22T12:00:00Z') / 1000;
  const activate = () =>
    gateway.subs.set('sub_u1', { id: 'sub_u1', customerId: 'cus_u1', status: 'active', cancelAtPeriodEnd: false, cancelAt: null, currentPeriodEnd: periodEnd, userId: 'u1' });
  return { auth, billing, gateway, resolved, clock, periodEnd, activate };
}

describe('BillingService', () => {
  it('checks out, verifies the return and then refuses a second checkout', async () => {
    const t = await setup();
    expect(await t.billing.createCheckout(await t.resolved())).toEqual({ url: 'https://pay.example/cs_u1' });
    t.activate();
    const verified = await t.billing.verifySession(await t.resolved(), 'cs_u1');
    expect(verified).toMatchObject({ success: true, user: { subscriptionStatus: 'premium', cancelAt: null } });
    await expect(t.billing.createCheckout(await t.resolved())).rejects.toMatchObject({ kind: 'conflict', message: 'Already subscribed' });
  });

  it("refuses to verify another user's checkout session", async () => {
    const t = await setup();
    await expect(t.billing.verifySession(await t.resolved(), 'cs_u999')).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('applies the current state whatever the event order, and ignores a duplicate event', async () => {
    const t = await setup();
    t.activate();
    await t.billing.createCheckout(await t.resolved());
    // The 'deleted' event arrives first, but the provider already says active: the user is premium.
    expect(await t.billing.handleWebhook({ id: 'evt_2', type: 'customer.subscription.deleted', subscriptionId: 'sub_u1', customerId: 'cus_u1', clientReferenceId: null })).toBe('processed');
    expect((await t.resolved()).viewer.subscriptionStatus).toBe('premium');
    t.gateway.subs.get('sub_u1')!.status = 'canceled';
    expect(await t.billing.handleWebhook({ id: 'evt_2', type: 'customer.subscription.deleted', subscriptionId: 'sub_u1', customerId: 'cus_u1', clientReferenceId: null })).toBe('duplicate');
    expect((await t.resolved()).viewer.subscriptionStatus).toBe('premium');
    expect(await t.billing.handleWebhook({ id: 'evt_3', type: 'customer.subscription.deleted', subscriptionId: 'sub_u1', customerId: 'cus_u1', clientReferenceId: null })).toBe('processed');
    expect((await t.resolved()).viewer.subscriptionStatus).toBe('free');
    expect(await t.billing.handleWebhook({ id: 'evt_4', type: 'charge.refunded', subscriptionId: null, customerId: null, clientReferenceId: null })).toBe('ignored');
  });

  it('cancels at the period end: still premium until then, free after', async () => {
    const t = await setup();
    t.activate();
    await t.billing.sync('sub_u1');
    expect(await t.billing.cancel(await t.resolved())).toEqual({ cancel_at: t.periodEnd });
    expect((await t.resolved()).viewer.subscriptionStatus).toBe('premium');
    expect(t.auth.me(await t.resolved()).cancelAt).toBe(t.periodEnd);
    t.clock.set(new Date(t.periodEnd * 1000 + 1000));
    const again = await t.auth.login({ email: 'ana@example.com', password: 'correct horse' }, { ip: '1.1.1.1' });
    const resolved = (await t.auth.resolve(again.token))!;
    expect(resolved.viewer.subscriptionStatus).toBe('free');
    await expect(t.billing.cancel(resolved)).rejects.toMatchObject({ kind: 'conflict' });
  });
});
