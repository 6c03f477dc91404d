import { describe, expect, it } from 'vitest';
import { makeAuthService } from '../auth/service.ts';
import { DAY_MS, fixedClock } from '../clock.ts';
import {
  InMemoryAttempts,
  InMemorySessions,
  InMemorySubscriptions,
  InMemoryUsers,
  plainHasher,
  plainTokens,
  sequentialIds,
  signedUp,
} from '../testing/in-memory.ts';
import { RENEWAL_GRACE_SECONDS } from '../account/entitlement.ts';
import type { BillingEvent, CheckoutSessionSnapshot, PaymentGateway, SubscriptionSnapshot } from './ports.ts';
import { makeBillingService } from './service.ts';

/** A provider whose sessions and subscriptions the test moves by hand. */
function fakeGateway() {
  const subs = new Map<string, SubscriptionSnapshot>();
  const sessions = new Map<string, CheckoutSessionSnapshot & { url: string }>();
  const nextSession = sequentialIds('cs_');
  const cancelledNow: string[] = [];
  const gateway = {
    subs,
    sessions,
    cancelledNow,
    createCustomer: async (u) => `cus_${u.id}`,
    cancelUrls: [] as string[],
    createCheckoutSession: async ({ userId, customerId, cancelUrl }) => {
      gateway.cancelUrls.push(cancelUrl);
      const id = nextSession();
      sessions.set(id, { id, customerId, clientReferenceId: userId, subscriptionId: null, status: 'open', url: `https://pay.example/${id}` });
      return { id, url: `https://pay.example/${id}` };
    },
    retrieveCheckoutSession: async (id) => {
      const s = sessions.get(id);
      return s ? { id: s.id, customerId: s.customerId, clientReferenceId: s.clientReferenceId, subscriptionId: s.subscriptionId, status: s.status } : null;
    },
    expireCheckoutSession: async (id) => {
      const s = sessions.get(id);
      if (s?.status === 'open') s.status = 'expired';
    },
    expirePaymentSessions: async (customerId) => {
      for (const session of sessions.values()) if (session.customerId === customerId && session.status === 'open') session.status = 'expired';
    },
    listLiveSubscriptions: async (customerId) => [...subs.values()].filter((s) => s.status !== 'canceled' && s.customerId === customerId),
    listLiveSubscriptionsPage: async ({ cursor, limit }) => {
      const live = [...subs.values()]
        .filter((s) => s.status !== 'canceled')
        .sort((a, b) => a.id.localeCompare(b.id))
        .filter((s) => !cursor || s.id > cursor);
      const page = live.slice(0, limit);
      return { subscriptions: page, ...(live.length > limit ? { cursor: page.at(-1)!.id } : {}) };
    },
    retrieveSubscription: async (id) => (subs.has(id) ? { ...subs.get(id)! } : null),
    cancelAtPeriodEnd: async (id) => {
      const s = subs.get(id)!;
      s.cancelAtPeriodEnd = true;
      return { ...s };
    },
    resumeSubscription: async (id) => {
      const s = subs.get(id)!;
      Object.assign(s, { cancelAtPeriodEnd: false, cancelAt: null });
      return { ...s };
    },
    paymentDetails: async (customerId, limit) =>
      customerId === 'cus_u1'
        ? {
            card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
            invoices: Array.from({ length: 8 }, (_, i) => ({
              id: `in_${8 - i}`,
              number: null,
              date: 1_790_000_000 - i * 2_592_000,
              amountCents: 2900,
              currency: 'usd',
              status: 'paid',
              url: `https://invoice.example/${8 - i}`,
            })).slice(0, limit),
          }
        : { card: null, invoices: [] },
    cancelNow: async (id) => {
      subs.get(id)!.status = 'canceled';
      cancelledNow.push(id);
    },
    createPortalSession: async ({ customerId, returnUrl }) => ({ url: `https://portal.example/${customerId}?return=${encodeURIComponent(returnUrl)}` }),
    parseWebhook: async () => {
      throw new Error('unused');
    },
  } satisfies PaymentGateway & Record<string, unknown>;
  /** The customer pays the session: a subscription starts with one month paid. */
  const pay = (sessionId: string, subscriptionId: string, now: Date) => {
    const s = sessions.get(sessionId)!;
    if (s.status !== 'open') throw new Error(`session ${sessionId} is ${s.status}`);
    s.status = 'complete';
    s.subscriptionId = subscriptionId;
    subs.set(subscriptionId, {
      id: subscriptionId,
      customerId: s.customerId!,
      status: 'active',
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: now.getTime() / 1000 + 30 * 86_400,
      userId: s.clientReferenceId!,
      price: { amountCents: 2900, currency: 'usd', interval: 'month' },
    });
  };
  return { gateway, pay };
}

async function setup() {
  const clock = fixedClock('2026-11-22T12:00:00Z');
  const users = new InMemoryUsers();
  const auth = makeAuthService({
    users,
    sessions: new InMemorySessions(users),
    attempts: new InMemoryAttempts(),
    clock,
    hasher: plainHasher,
    tokens: plainTokens,
    ids: { user: sequentialIds('u'), session: sequentialIds('s') },
  });
  const { gateway, pay } = fakeGateway();
  const orphans: string[] = [];
  const events: string[] = [];
  const billing = makeBillingService({
    gateway,
    users,
    subscriptions: new InMemorySubscriptions(users),
    clock,
    appOrigin: 'http://localhost:3000',
    security: (e) => {
      events.push(e.type);
      if (e.type === 'subscription_orphan_cancelled') orphans.push(String(e.detail?.subscriptionId));
    },
  });
  const creds = { email: 'ana@example.com', password: 'correct horse' };
  let { token } = await signedUp(auth, users, creds);
  /** The user's session; signs in again once the test's clock has outlived the last one. */
  const resolved = async () => (await auth.resolve(token)) ?? (await auth.resolve((token = (await auth.login(creds, { ip: '1.1.1.1' })).token)))!;
  const status = async () => (await resolved()).viewer.subscriptionStatus;
  const checkoutId = async () => new URL((await billing.createCheckout(await resolved())).url).pathname.slice(1);
  const event = (id: string, subscriptionId: string, created: number): BillingEvent => ({
    id,
    type: 'customer.subscription.updated',
    subscriptionId,
    customerId: 'cus_u1',
    clientReferenceId: null,
    created,
  });
  const exclude = () => users.selfExclude('u1', clock.now().toISOString(), '2027-05-22T12:00:00.000Z');
  return { auth, billing, gateway, pay, resolved, status, checkoutId, event, clock, users, orphans, events, exclude };
}

describe('BillingService', () => {
  it('checks out, verifies the return and then refuses a second checkout', async () => {
    const t = await setup();
    const id = await t.checkoutId();
    t.pay(id, 'sub_A', t.clock.now());
    expect(await t.billing.verifySession(await t.resolved(), id)).toMatchObject({ success: true, user: { subscriptionStatus: 'premium', cancelAt: null } });
    await expect(t.billing.createCheckout(await t.resolved())).rejects.toMatchObject({ kind: 'conflict', message: 'Already subscribed' });
  });

  it("opens the portal for the caller's own customer only, returning to /account; never before a first checkout", async () => {
    const t = await setup();
    await expect(t.billing.createPortalSession(await t.resolved())).rejects.toMatchObject({ kind: 'conflict' });
    const id = await t.checkoutId();
    t.pay(id, 'sub_A', t.clock.now());
    const { url } = await t.billing.createPortalSession(await t.resolved());
    expect(url).toBe(`https://portal.example/cus_u1?return=${encodeURIComponent('http://localhost:3000/account')}`);
  });

  it("refuses to verify another user's checkout session", async () => {
    const t = await setup();
    t.gateway.sessions.set('cs_x', { id: 'cs_x', customerId: 'cus_u9', clientReferenceId: 'u9', subscriptionId: null, status: 'open', url: '' });
    await expect(t.billing.verifySession(await t.resolved(), 'cs_x')).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('reuses the open Checkout session instead of opening a second one; a lost race expires its own', async () => {
    const t = await setup();
    const first = await t.checkoutId();
    t.clock.advance(60_000);
    expect(await t.checkoutId()).toBe(first);
    // Five at once while the first one expires: exactly one new session stays open.
    t.gateway.sessions.get(first)!.status = 'expired';
    const urls = await Promise.all(Array.from({ length: 5 }, async () => (await t.billing.createCheckout(await t.resolved())).url));
    expect(new Set(urls).size).toBe(1);
    expect([...t.gateway.sessions.values()].filter((s) => s.status === 'open').map((s) => s.url)).toEqual([urls[0]]);
  });

  it('A paid, cancelled, lapsed; B paid: the old session id, a late A event or a replay never make the user free', async () => {
    const t = await setup();
    const a = await t.checkoutId();
    t.pay(a, 'sub_A', t.clock.now());
    await t.billing.handleWebhook(t.event('evt_A1', 'sub_A', 100));
    await t.billing.cancel(await t.resolved());
    t.clock.advance(31 * DAY_MS);
    t.gateway.subs.get('sub_A')!.status = 'canceled';
    expect(await t.status()).toBe('free');
    const b = await t.checkoutId();
    expect(b).not.toBe(a);
    t.pay(b, 'sub_B', t.clock.now());
    expect(await t.billing.handleWebhook(t.event('evt_B1', 'sub_B', 300))).toBe('processed');
    expect(await t.status()).toBe('premium');

    expect(await t.billing.verifySession(await t.resolved(), a)).toMatchObject({ success: true, user: { subscriptionStatus: 'premium' } });
    expect(await t.billing.handleWebhook({ ...t.event('evt_A2', 'sub_A', 200), type: 'customer.subscription.deleted' })).toBe('processed');
    expect(await t.billing.handleWebhook(t.event('evt_A1', 'sub_A', 100))).toBe('duplicate');
    expect(await t.status()).toBe('premium');
    // An event older than the newest applied one for that subscription changes nothing.
    expect(await t.billing.handleWebhook(t.event('evt_B0', 'sub_B', 250))).toBe('stale');
  });

  it('cancels at the period end: premium until then, free after, and free without any webhook once the period lapsed', async () => {
    const t = await setup();
    const id = await t.checkoutId();
    t.pay(id, 'sub_A', t.clock.now());
    await t.billing.sync('sub_A');
    const periodEnd = t.gateway.subs.get('sub_A')!.currentPeriodEnd;
    expect(await t.billing.cancel(await t.resolved())).toEqual({ cancel_at: periodEnd });
    expect(t.auth.me(await t.resolved())).toMatchObject({ subscriptionStatus: 'premium', cancelAt: periodEnd });
    t.clock.set(new Date(periodEnd * 1000 + 1000));
    expect(await t.status()).toBe('free');
    await expect(t.billing.cancel(await t.resolved())).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('a renewing subscription whose renewal news never comes lapses after the grace', async () => {
    const t = await setup();
    const id = await t.checkoutId();
    t.pay(id, 'sub_A', t.clock.now());
    await t.billing.sync('sub_A');
    const periodEnd = t.gateway.subs.get('sub_A')!.currentPeriodEnd;
    t.clock.set(new Date((periodEnd + RENEWAL_GRACE_SECONDS - 1) * 1000));
    expect(await t.status()).toBe('premium');
    t.clock.set(new Date((periodEnd + RENEWAL_GRACE_SECONDS) * 1000));
    expect(await t.status()).toBe('free');
  });

  it('reconciles: repairs a lost webhook and cancels orphans; deletion cancels every subscription', async () => {
    const t = await setup();
    const id = await t.checkoutId();
    t.pay(id, 'sub_A', t.clock.now());
    t.gateway.subs.set('sub_orphan', {
      id: 'sub_orphan',
      customerId: 'cus_gone',
      status: 'active',
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: 2e9,
      userId: 'u_gone',
    });
    // An unsynced second subscription of the user's (e.g. paid in another tab before this fix).
    t.gateway.subs.set('sub_C', {
      id: 'sub_C',
      customerId: 'cus_u1',
      status: 'active',
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: 2e9,
      userId: 'u1',
    });
    expect(await t.status()).toBe('free');
    // Page by page, each from the cursor of the one before: no call reads every subscription.
    const first = await t.billing.reconcile({ limit: 2 });
    expect(first).toEqual({ seen: 2, synced: 2, orphansCancelled: [], excludedCancelled: [], cursor: 'sub_C' });
    expect(await t.billing.reconcile({ cursor: first.cursor!, limit: 2 })).toEqual({
      seen: 1,
      synced: 0,
      orphansCancelled: ['sub_orphan'],
      excludedCancelled: [],
    });
    expect(t.orphans).toEqual(['sub_orphan']);
    expect(await t.status()).toBe('premium');
    t.gateway.subs.set('sub_D', {
      id: 'sub_D',
      customerId: 'cus_u1',
      status: 'active',
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: 2e9,
      userId: 'u1',
    });
    await t.auth.deleteAccount(await t.resolved(), { password: 'correct horse' }, { ip: '1.1.1.1' }, (u) => t.billing.cancelNow(u));
    expect(t.gateway.cancelledNow.sort()).toEqual(['sub_A', 'sub_C', 'sub_D', 'sub_orphan']);
  });

  it('says what the user pays: price from the provider, renewal date, card and the latest six invoices; after cancelling the end date, and Resume renews again', async () => {
    const t = await setup();
    expect(await t.billing.overview(await t.resolved())).toEqual({
      plan: 'free',
      status: 'none',
      price: null,
      renewsAt: null,
      endsAt: null,
      card: null,
      invoices: [],
    });
    const id = await t.checkoutId();
    t.pay(id, 'sub_A', t.clock.now());
    await t.billing.sync('sub_A');
    const periodEnd = t.gateway.subs.get('sub_A')!.currentPeriodEnd;
    const renewing = await t.billing.overview(await t.resolved());
    expect(renewing).toMatchObject({
      plan: 'premium',
      status: 'renewing',
      price: { amountCents: 2900, currency: 'usd', interval: 'month' },
      renewsAt: periodEnd,
      endsAt: null,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(renewing.invoices.map((i) => i.id)).toEqual(['in_8', 'in_7', 'in_6', 'in_5', 'in_4', 'in_3']);

    await t.billing.cancel(await t.resolved());
    expect(await t.billing.overview(await t.resolved())).toMatchObject({ status: 'cancelling', renewsAt: null, endsAt: periodEnd });
    expect(await t.billing.resume(await t.resolved())).toMatchObject({ status: 'renewing', renewsAt: periodEnd, endsAt: null });
    expect(t.auth.me(await t.resolved())).toMatchObject({ subscriptionStatus: 'premium', cancelAt: null });
    await expect(t.billing.resume(await t.resolved())).rejects.toMatchObject({ kind: 'conflict', message: 'No cancelled subscription to resume' });
  });

  it('sends a cancelled Checkout back to /pricing?checkout=cancelled, and opens none during a break', async () => {
    const t = await setup();
    await t.checkoutId();
    expect(t.gateway.cancelUrls).toEqual(['http://localhost:3000/pricing?checkout=cancelled']);
    const user = (await t.users.getByEmail('ana@example.com'))!;
    await t.users.startBreak(user.id, t.clock.now().toISOString(), new Date(t.clock.now().getTime() + DAY_MS).toISOString());
    await expect(t.billing.createCheckout(await t.resolved())).rejects.toMatchObject({
      kind: 'conflict',
      message: 'You are taking a break until Mon, 23 Nov 2026, 12:00 UTC: subscribing waits until then.',
    });
  });

  it("reconciliation sets a self-excluded user's renewing subscription to end with its period (an exclusion whose cancellation failed)", async () => {
    const t = await setup();
    const id = await t.checkoutId();
    t.pay(id, 'sub_A', t.clock.now());
    await t.billing.sync('sub_A');
    await t.users.selfExclude('u1', t.clock.now().toISOString(), '2027-05-22T12:00:00.000Z');
    expect(await t.billing.reconcile()).toMatchObject({ synced: 1, excludedCancelled: ['sub_A'] });
    expect(t.gateway.subs.get('sub_A')).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(await t.billing.reconcile()).toMatchObject({ excludedCancelled: [] });
  });

  describe('M3: an exclusion stops every payment', () => {
    it('a break or an exclusion ends the open checkout: paying it afterwards fails, and it is never handed out again', async () => {
      const t = await setup();
      const id = await t.checkoutId();
      await t.billing.endPaymentSessions((await t.users.get('u1'))!, 'break');
      expect(() => t.pay(id, 'sub_A', t.clock.now())).toThrow(/expired/);
      expect(t.events).toContain('billing_sessions_expired');
      // The expired session is never handed out again.
      expect(await t.checkoutId()).not.toBe(id);
    });

    it('the webhook cancels at once a subscription that started during the exclusion (a checkout paid anyway)', async () => {
      const t = await setup();
      const id = await t.checkoutId();
      await t.exclude();
      t.pay(id, 'sub_A', t.clock.now());
      expect(await t.billing.handleWebhook({ ...t.event('evt_1', 'sub_A', t.clock.now().getTime() / 1000), type: 'customer.subscription.created' })).toBe(
        'processed',
      );
      expect(t.gateway.cancelledNow).toEqual(['sub_A']);
      expect((await t.users.get('u1'))?.subscriptions.sub_A?.status).toBe('canceled');
      expect(t.events).toContain('subscription_excluded_cancelled');
    });

    it('the webhook sets back a subscription resumed during the exclusion (a portal session from before) to end with its period', async () => {
      const t = await setup();
      const id = await t.checkoutId();
      t.pay(id, 'sub_A', t.clock.now());
      await t.billing.sync('sub_A');
      await t.billing.cancelAtPeriodEnd((await t.users.get('u1'))!);
      await t.exclude();
      await t.gateway.resumeSubscription('sub_A');
      await t.billing.handleWebhook(t.event('evt_2', 'sub_A', t.clock.now().getTime() / 1000));
      expect(t.gateway.subs.get('sub_A')).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      expect(t.gateway.cancelledNow).toEqual([]);
      expect((await t.users.get('u1'))?.subscriptions.sub_A?.cancelAt).not.toBeNull();
    });

    it('a user who is not excluded resumes and subscribes as before', async () => {
      const t = await setup();
      const id = await t.checkoutId();
      t.pay(id, 'sub_A', t.clock.now());
      await t.billing.handleWebhook({ ...t.event('evt_3', 'sub_A', t.clock.now().getTime() / 1000), type: 'customer.subscription.created' });
      expect(t.gateway.cancelledNow).toEqual([]);
      expect(await t.status()).toBe('premium');
    });
  });

  it('L1: a checkout asked for by a session from before the exclusion is refused, and one made while the exclusion lands is ended', async () => {
    const t = await setup();
    const before = await t.resolved();
    await t.exclude();
    await expect(t.billing.createCheckout(before)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This account is self-excluded until Sat, 22 May 2027, 12:00 UTC: subscribing waits until then.',
    });
    expect(t.gateway.sessions.size).toBe(0);

    // The exclusion lands while the provider makes the session (after the first check): that session is ended, never handed out.
    const racing = await setup();
    const session = await racing.resolved();
    const create = racing.gateway.createCheckoutSession;
    racing.gateway.createCheckoutSession = async (request) => {
      await racing.exclude();
      return create(request);
    };
    await expect(racing.billing.createCheckout(session)).rejects.toMatchObject({ kind: 'conflict', message: /self-excluded/ });
    expect([...racing.gateway.sessions.values()].map((s) => s.status)).toEqual(['expired']);
  });

  it('L2: a break refuses resuming a subscription and a new portal session, as it refuses subscribing', async () => {
    const t = await setup();
    const id = await t.checkoutId();
    t.pay(id, 'sub_A', t.clock.now());
    await t.billing.sync('sub_A');
    await t.billing.cancel(await t.resolved());
    await t.users.startBreak('u1', t.clock.now().toISOString(), new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString());
    await expect(t.billing.resume(await t.resolved())).rejects.toMatchObject({
      kind: 'conflict',
      message: 'You are taking a break until Sun, 29 Nov 2026, 12:00 UTC: resuming the subscription waits until then.',
    });
    expect(t.gateway.subs.get('sub_A')).toMatchObject({ cancelAtPeriodEnd: true });
    await expect(t.billing.createPortalSession(await t.resolved())).rejects.toMatchObject({
      kind: 'conflict',
      message: 'You are taking a break until Sun, 29 Nov 2026, 12:00 UTC: the billing portal waits until then.',
    });
    // After the break both work again.
    t.clock.advance(7 * DAY_MS + 1);
    await expect(t.billing.createPortalSession(await t.resolved())).resolves.toMatchObject({ url: expect.stringContaining('portal.example') });
    await expect(t.billing.resume(await t.resolved())).resolves.toMatchObject({ status: 'renewing' });
  });
});
