import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@app/core/clock';
import { StripeApiError } from './stripe-client.ts';
import { STRIPE_API_VERSION, StripePaymentGateway } from './stripe-payment-gateway.ts';
import { FakeStripeServer } from './testing/fake-stripe-server.ts';
import { paymentGatewayContract } from './testing/payment-gateway.contract.ts';
import { stripeSignedHeader } from './testing/sdk-signature.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const clock = fixedClock('2026-11-20T12:00:00Z');
const nowMs = () => clock.now().getTime();
let fake: FakeStripeServer;
const waits: number[] = [];
let gateway: StripePaymentGateway;

beforeAll(async () => {
  fake = await new FakeStripeServer(nowMs).start();
  // Backoff waits are recorded instead of slept.
  gateway = new StripePaymentGateway({
    secretKey: 'sk_test_123',
    webhookSecret: WEBHOOK_SECRET,
    priceId: 'price_premium_monthly',
    apiBase: fake.url,
    now: nowMs,
    http: { sleep: async (ms) => void waits.push(ms), random: () => 0.5 },
  });
});
afterAll(() => fake.stop());
beforeEach(() => {
  waits.length = 0;
  fake.failures.length = 0;
});

describe('StripePaymentGateway against recorded Stripe payloads', () => {
  it('creates the customer with the secret key, an idempotency key and the pinned API version', async () => {
    const id = await gateway.createCustomer({ id: 'u1', email: 'ana@example.com' });
    expect(id).toMatch(/^cus_/);
    const req = fake.requests.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(req.headers).toMatchObject({
      authorization: 'Bearer sk_test_123',
      'idempotency-key': 'customer:u1',
      'stripe-version': STRIPE_API_VERSION,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(req.form)).toEqual({ email: 'ana@example.com', 'metadata[userId]': 'u1' });
  });

  it('creates a subscription Checkout session for the user and the configured price', async () => {
    const session = await gateway.createCheckoutSession({
      customerId: 'cus_1',
      userId: 'u1',
      successUrl: 'http://localhost:3000/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/pricing',
      idempotencyKey: 'checkout:u1:after:none',
    });
    expect(fake.requests.at(-1)!.headers['idempotency-key']).toBe('checkout:u1:after:none');
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const form = fake.requests.at(-1)!.form;
    expect(Object.fromEntries(form)).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: 'u1',
      'line_items[0][price]': 'price_premium_monthly',
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][userId]': 'u1',
      success_url: 'http://localhost:3000/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pricing',
    });
    expect(await gateway.retrieveCheckoutSession(session.id)).toMatchObject({ id: session.id, clientReferenceId: 'u1', status: 'open', subscriptionId: null });
    await gateway.expireCheckoutSession(session.id);
    expect(fake.requests.at(-2)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${session.id}` });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${session.id}/expire` });
    expect(await gateway.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'expired' });
    // Expiring again (or an unknown session) is a no-op, not an error.
    const before = fake.requests.length;
    await expect(gateway.expireCheckoutSession(session.id)).resolves.toBeUndefined();
    expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
  });

  it('opens a customer portal session for the customer, returning to the account page', async () => {
    const { url } = await gateway.createPortalSession({ customerId: 'cus_1', returnUrl: 'http://localhost:3000/account' });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/v1/billing_portal/sessions');
    expect(Object.fromEntries(req.form)).toEqual({ customer: 'cus_1', return_url: 'http://localhost:3000/account' });
    // No key from the caller: one is generated, so a retried POST cannot open a second session.
    expect(req.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists the live subscriptions of one customer, and of all one page at a time from a cursor', async () => {
    fake.setSubscription({ id: 'sub_l1', customer: 'cus_l1', metadata: { userId: 'u1' } });
    fake.setSubscription({ id: 'sub_l2', customer: 'cus_l2', metadata: {} });
    fake.setSubscription({ id: 'sub_l3', customer: 'cus_l1', metadata: {}, status: 'canceled' });
    expect((await gateway.listLiveSubscriptions('cus_l1')).map((s) => s.id)).toEqual(['sub_l1']);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/subscriptions' });
    expect(Object.fromEntries(fake.requests.at(-1)!.form)).toEqual({ limit: '100', customer: 'cus_l1' });
    const first = await gateway.listLiveSubscriptionsPage({ limit: 1 });
    expect(Object.fromEntries(fake.requests.at(-1)!.form)).toEqual({ limit: '1' });
    expect(first.subscriptions).toHaveLength(1);
    const next = await gateway.listLiveSubscriptionsPage({ cursor: first.cursor!, limit: 1 });
    expect(Object.fromEntries(fake.requests.at(-1)!.form)).toEqual({ limit: '1', starting_after: first.subscriptions[0]!.id });
    expect(next.subscriptions[0]!.id).not.toBe(first.subscriptions[0]!.id);
  });

  it('reads every page of a long list (has_more, starting_after)', async () => {
    const ids = Array.from({ length: 205 }, (_, i) => `sub_page_${String(i).padStart(3, '0')}`);
    for (const id of ids) fake.setSubscription({ id, customer: 'cus_pages' });
    const before = fake.requests.length;
    expect((await gateway.listLiveSubscriptions('cus_pages')).map((s) => s.id)).toEqual(ids);
    expect(fake.requests.slice(before).map((r) => r.form.get('starting_after'))).toEqual([null, 'sub_page_099', 'sub_page_199']);
  });

  it('reads the period end from the subscription items and maps a pending cancellation', async () => {
    const sub = fake.setSubscription({ id: 'sub_1', customer: 'cus_1', metadata: { userId: 'u1' } });
    expect(sub.current_period_end).toBe(nowMs() / 1000 + 30 * 86_400);
    expect(await gateway.retrieveSubscription('sub_1')).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: sub.current_period_end,
      priceId: 'price_premium_monthly',
      userId: 'u1',
      price: { amountCents: 2900, currency: 'usd', interval: 'month' },
    });
    const cancelled = await gateway.cancelAtPeriodEnd('sub_1');
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, cancelAt: sub.current_period_end, status: 'active' });
    // A key of its own per call (kept across that call's retries): a fixed one would replay this answer to a cancel after a resume.
    expect(fake.requests.at(-1)!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.fromEntries(fake.requests.at(-1)!.form)).toEqual({ cancel_at_period_end: 'true' });
    expect(await gateway.resumeSubscription('sub_1')).toMatchObject({ cancelAtPeriodEnd: false, cancelAt: null });
    expect(Object.fromEntries(fake.requests.at(-1)!.form)).toEqual({ cancel_at_period_end: 'false' });
  });

  it('reads the card from the subscription Checkout set it on, else the customer default, and the latest invoices', async () => {
    const customerId = await gateway.createCustomer({ id: 'u_card', email: 'card@example.com' });
    expect(await gateway.paymentDetails(customerId, 6)).toEqual({ card: null, invoices: [] });
    // The portal's card (the customer's default for invoices) when no subscription names one.
    fake.customers.get(customerId)!.invoice_settings.default_payment_method = fake.addCard({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 3,
      exp_year: 2029,
    });
    expect((await gateway.paymentDetails(customerId, 6)).card).toEqual({ brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2029 });
    const sub = fake.setSubscription({
      id: 'sub_card',
      customer: customerId,
      default_payment_method: fake.addCard({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }),
    });
    for (let month = 0; month < 8; month++) fake.addInvoice(sub, sub.current_period_start + month * 30 * 86_400);
    const details = await gateway.paymentDetails(customerId, 6);
    expect(details.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(details.invoices.map((i) => i.date)).toEqual(Array.from({ length: 6 }, (_, i) => sub.current_period_start + (7 - i) * 30 * 86_400));
    expect(details.invoices[0]).toMatchObject({
      amountCents: 2900,
      currency: 'usd',
      status: 'paid',
      number: 'INV-8',
      url: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
    });
    const [customerRead, invoicesRead, subscriptionsRead] = fake.requests.slice(-3).sort((a, b) => a.path.localeCompare(b.path));
    expect(customerRead).toMatchObject({ method: 'GET', path: `/v1/customers/${customerId}` });
    expect(customerRead!.form.get('expand[0]')).toBe('invoice_settings.default_payment_method');
    expect(invoicesRead!.form.get('limit')).toBe('6');
    expect(subscriptionsRead!.form.get('expand[0]')).toBe('data.default_payment_method');
  });

  it('cancels a subscription now with DELETE', async () => {
    fake.setSubscription({ id: 'sub_now', customer: 'cus_1' });
    await gateway.cancelNow('sub_now');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_now' });
    expect(fake.subscriptions.get('sub_now')).toMatchObject({ status: 'canceled', canceled_at: nowMs() / 1000 });
  });

  it('encodes ids into the path, so an id cannot reach another endpoint', async () => {
    await expect(gateway.retrieveSubscription('sub_1/../../v1/customers')).rejects.toMatchObject({ name: 'StripeApiError', status: 404 });
    expect(fake.requests.at(-1)!.path).toBe('/v1/subscriptions/sub_1%2F..%2F..%2Fv1%2Fcustomers');
  });
});

describe('StripePaymentGateway when Stripe fails', () => {
  it('retries a 5xx with the same idempotency key, so the retry cannot create a second customer', async () => {
    fake.failures.push({ status: 500 }, { status: 503 });
    const before = fake.requests.length;
    expect(await gateway.createCustomer({ id: 'u_retry', email: 'r@example.com' })).toMatch(/^cus_/);
    const attempts = fake.requests.slice(before);
    expect(attempts.map((r) => r.headers['idempotency-key'])).toEqual(['customer:u_retry', 'customer:u_retry', 'customer:u_retry']);
    expect(waits).toEqual([375, 750]);
  });

  it('keeps a generated idempotency key across the retries of one call, and uses a new one for the next call', async () => {
    fake.failures.push({ status: 429 });
    const before = fake.requests.length;
    await gateway.createPortalSession({ customerId: 'cus_1', returnUrl: 'http://localhost:3000/account' });
    await gateway.createPortalSession({ customerId: 'cus_1', returnUrl: 'http://localhost:3000/account' });
    const [first, retry, next] = fake.requests.slice(before).map((r) => r.headers['idempotency-key']);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('gives up after two retries', async () => {
    fake.failures.push({ status: 503 }, { status: 503 }, { status: 503 });
    const before = fake.requests.length;
    await expect(gateway.retrieveSubscription('sub_1')).rejects.toMatchObject({
      name: 'ProviderUnavailableError',
      message: expect.stringMatching(/^stripe: .* after 3 attempts/),
    });
    expect(fake.requests.length - before).toBe(3);
  });

  it('follows Stripe-Should-Retry: no retry when Stripe says false, a retry of a 4xx when it says true', async () => {
    fake.failures.push({ status: 503, headers: { 'stripe-should-retry': 'false' }, body: { error: { type: 'api_error', message: 'Do not retry' } } });
    const before = fake.requests.length;
    await expect(gateway.retrieveSubscription('sub_1')).rejects.toMatchObject({
      name: 'StripeApiError',
      status: 503,
      message: expect.stringMatching(/Do not retry \(req_\d+\)/),
    });
    expect(fake.requests.length - before).toBe(1);
    fake.failures.push({ status: 400, headers: { 'stripe-should-retry': 'true' }, body: { error: { type: 'invalid_request_error', message: 'Try again' } } });
    expect(await gateway.retrieveSubscription('sub_1')).toMatchObject({ id: 'sub_1' });
  });

  it('does not retry a 4xx, and keeps its Stripe error code', async () => {
    fake.failures.push({ status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_invalid_empty', message: 'Missing customer' } } });
    const error = await gateway.createPortalSession({ customerId: '', returnUrl: 'http://localhost:3000/account' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeApiError);
    expect(error).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      code: 'parameter_invalid_empty',
      message: expect.stringMatching(/^stripe: HTTP 400 parameter_invalid_empty: Missing customer/),
    });
  });

  it('refuses an answer without the fields the product reads', async () => {
    fake.failures.push({ status: 200, body: { id: 'sub_1', object: 'subscription', status: 'active' } });
    await expect(gateway.retrieveSubscription('sub_1')).rejects.toMatchObject({
      name: 'ProviderRejectedError',
      message: expect.stringMatching(/unexpected answer to GET \/v1\/subscriptions\/\{id\}: customer: /),
    });
    fake.failures.push({ status: 200, body: { id: 'sub_1', customer: 'cus_1', status: 'on_holiday', cancel_at_period_end: false, items: { data: [] } } });
    await expect(gateway.retrieveSubscription('sub_1')).rejects.toThrow(/status: /);
  });
});

describe('StripePaymentGateway webhook events', () => {
  const parse = (event: object) => {
    const payload = JSON.stringify({ object: 'event', api_version: STRIPE_API_VERSION, created: 1_763_640_000, ...event });
    return gateway.parseWebhook(Buffer.from(payload), stripeSignedHeader(payload, WEBHOOK_SECRET, nowMs() / 1000));
  };

  it("reads an invoice's subscription from its parent, or from the pre-2025 field", async () => {
    const parent = { parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } } };
    expect(await parse({ id: 'evt_1', type: 'invoice.paid', data: { object: { id: 'in_1', object: 'invoice', customer: 'cus_1', ...parent } } })).toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      clientReferenceId: null,
      created: 1_763_640_000,
    });
    expect(
      await parse({ id: 'evt_2', type: 'invoice.payment_failed', data: { object: { id: 'in_2', customer: { id: 'cus_2' }, subscription: 'sub_2' } } }),
    ).toMatchObject({ subscriptionId: 'sub_2', customerId: 'cus_2' });
  });

  it('reads a subscription event by the subscription id, and passes other types on by id and type', async () => {
    expect(
      await parse({ id: 'evt_3', type: 'customer.subscription.deleted', data: { object: { id: 'sub_3', object: 'subscription', customer: 'cus_3' } } }),
    ).toMatchObject({ subscriptionId: 'sub_3', customerId: 'cus_3' });
    expect(await parse({ id: 'evt_4', type: 'charge.refunded', data: { object: { id: 'ch_1', customer: 42 } } })).toEqual({
      id: 'evt_4',
      type: 'charge.refunded',
      subscriptionId: null,
      customerId: null,
      clientReferenceId: null,
      created: 1_763_640_000,
    });
  });

  it('refuses an event of a type the sync reads whose object has the wrong shape', async () => {
    await expect(parse({ id: 'evt_5', type: 'customer.subscription.updated', data: { object: { customer: 'cus_5' } } })).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringMatching(/^Stripe event evt_5 \(customer\.subscription\.updated\) has an unexpected object: id: /),
    });
  });
});

paymentGatewayContract('Stripe adapter on recorded payloads', ({ webhookSecret, now }) => {
  const contractGateway = new StripePaymentGateway({ secretKey: 'sk_test_123', webhookSecret, priceId: 'price_premium_monthly', apiBase: fake.url, now });
  return {
    gateway: contractGateway,
    // What Stripe holds after a Checkout paid with the test card: the customer, the subscription with its card, the first invoice.
    paidCustomer: async () => {
      const customerId = await contractGateway.createCustomer({ id: `u_${fake.customers.size}`, email: 'paid@example.com' });
      const card = fake.addCard({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
      const subscription = fake.setSubscription({ id: `sub_contract_${fake.customers.size}`, customer: customerId, default_payment_method: card });
      fake.addInvoice(subscription, subscription.current_period_start);
      return { customerId, subscriptionId: subscription.id };
    },
  };
});
