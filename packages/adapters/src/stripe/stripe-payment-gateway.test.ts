import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION, StripePaymentGateway } from './stripe-payment-gateway.ts';
import { FakeStripeServer } from './testing/fake-stripe-server.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: FakeStripeServer;
let gateway: StripePaymentGateway;

beforeAll(async () => {
  fake = await new FakeStripeServer().start();
  gateway = new StripePaymentGateway({ secretKey: 'sk_test_123', webhookSecret: WEBHOOK_SECRET, priceId: 'price_premium_monthly', host: '127.0.0.1', port: fake.port, protocol: 'http' });
});
afterAll(() => fake.stop());

describe('StripePaymentGateway against recorded Stripe payloads', () => {
  it('creates the customer with an idempotency key and the pinned API version', async () => {
    const id = await gateway.createCustomer({ id: 'u1', email: 'ana@example.com' });
    expect(id).toMatch(/^cus_/);
    const req = fake.requests.at(-1)!;
    expect(req.headers['idempotency-key']).toBe('customer:u1');
    expect(req.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(req.form.get('metadata[userId]')).toBe('u1');
  });

  it('creates a subscription Checkout session for the user and the configured price', async () => {
    const session = await gateway.createCheckoutSession({
      customerId: 'cus_1', userId: 'u1', successUrl: 'http://localhost:3000/subscription/success?session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'http://localhost:3000/pricing', idempotencyKey: 'checkout:u1:after:none',
    });
    expect(fake.requests.at(-1)!.headers['idempotency-key']).toBe('checkout:u1:after:none');
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const form = fake.requests.at(-1)!.form;
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'subscription', customer: 'cus_1', client_reference_id: 'u1', 'line_items[0][price]': 'price_premium_monthly',
      'subscription_data[metadata][userId]': 'u1', success_url: 'http://localhost:3000/subscription/success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(await gateway.retrieveCheckoutSession(session.id)).toMatchObject({ id: session.id, clientReferenceId: 'u1', status: 'open', subscriptionId: null });
    await gateway.expireCheckoutSession(session.id);
    expect(await gateway.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'expired' });
    // Expiring again (or an unknown session) is a no-op, not an error.
    await expect(gateway.expireCheckoutSession(session.id)).resolves.toBeUndefined();
    await expect(gateway.expireCheckoutSession('cs_missing')).resolves.toBeUndefined();
  });

  it('opens a customer portal session for the customer, returning to the account page', async () => {
    const { url } = await gateway.createPortalSession({ customerId: 'cus_1', returnUrl: 'http://localhost:3000/account' });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/v1/billing_portal/sessions');
    expect(Object.fromEntries(req.form)).toEqual({ customer: 'cus_1', return_url: 'http://localhost:3000/account' });
  });

  it('lists the live subscriptions, of one customer or all', async () => {
    fake.setSubscription({ id: 'sub_l1', customer: 'cus_l1', metadata: { userId: 'u1' } });
    fake.setSubscription({ id: 'sub_l2', customer: 'cus_l2', metadata: {} });
    fake.setSubscription({ id: 'sub_l3', customer: 'cus_l1', metadata: {}, status: 'canceled' });
    expect((await gateway.listLiveSubscriptions('cus_l1')).map((s) => s.id)).toEqual(['sub_l1']);
    expect((await gateway.listLiveSubscriptions()).map((s) => s.id)).toEqual(expect.arrayContaining(['sub_l1', 'sub_l2']));
  });

  it('reads the period end from the subscription items and maps a pending cancellation', async () => {
    const sub = fake.setSubscription({ id: 'sub_1', customer: 'cus_1', metadata: { userId: 'u1' } });
    expect(await gateway.retrieveSubscription('sub_1')).toEqual({
      id: 'sub_1', customerId: 'cus_1', status: 'active', cancelAtPeriodEnd: false, cancelAt: null,
      currentPeriodEnd: sub.current_period_end, priceId: 'price_premium_monthly', userId: 'u1',
    });
    const cancelled = await gateway.cancelAtPeriodEnd('sub_1');
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, cancelAt: sub.current_period_end, status: 'active' });
    expect(fake.requests.at(-1)!.headers['idempotency-key']).toBe('cancel:sub_1');
  });

  it('answers null for a subscription or session Stripe does not know', async () => {
    expect(await gateway.retrieveSubscription('sub_missing')).toBeNull();
    expect(await gateway.retrieveCheckoutSession('cs_missing')).toBeNull();
    await expect(gateway.cancelNow('sub_missing')).resolves.toBeUndefined();
  });

  it('verifies webhook signatures over the raw bytes', async () => {
    const stripe = new Stripe('sk_test_123');
    const payload = JSON.stringify({
      id: 'evt_1', object: 'event', type: 'invoice.paid', api_version: STRIPE_API_VERSION, created: 1,
      data: { object: { id: 'in_1', object: 'invoice', customer: 'cus_1', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } } } },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await gateway.parseWebhook(Buffer.from(payload), header)).toEqual({ id: 'evt_1', type: 'invoice.paid', subscriptionId: 'sub_1', customerId: 'cus_1', clientReferenceId: null, created: 1 });
    await expect(gateway.parseWebhook(Buffer.from(payload.replace('cus_1', 'cus_2')), header)).rejects.toMatchObject({ name: 'InvalidSignatureError' });
    await expect(gateway.parseWebhook(Buffer.from(payload), undefined)).rejects.toMatchObject({ name: 'InvalidSignatureError' });
  });
});
