import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FakeProviderServer, manualTimers, recordingSleep } from '../http/testing/fake-provider-server.ts';
import { encodeForm, isMissing, StripeClient } from './stripe-client.ts';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await new FakeProviderServer().start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

const Thing = z.object({ id: z.string() });
const client = (extra: Partial<ConstructorParameters<typeof StripeClient>[0]> = {}) => {
  const { sleep, waits } = recordingSleep();
  return { waits, stripe: new StripeClient({ secretKey: 'sk_test_1', apiBase: `${server.url}/`, http: { sleep, random: () => 0.5 }, ...extra }) };
};

describe('encodeForm', () => {
  it('encodes nested objects and arrays the way Stripe reads them, and leaves undefined out', () => {
    const form = encodeForm({
      mode: 'subscription',
      quantity: 1,
      flag: false,
      skip: undefined,
      line_items: [{ price: 'p_1', quantity: 2 }],
      metadata: { userId: 'u 1&x' },
      expand: ['a', 'b'],
    });
    expect(decodeURIComponent(form)).toBe(
      'mode=subscription&quantity=1&flag=false&line_items[0][price]=p_1&line_items[0][quantity]=2&metadata[userId]=u+1&x&expand[0]=a&expand[1]=b',
    );
    expect(new URLSearchParams(form).get('metadata[userId]')).toBe('u 1&x');
  });
});

describe('StripeClient', () => {
  it('sends GET parameters in the query string, with no body and no idempotency key', async () => {
    server.handle = () => ({ body: { id: 'sub_1' } });
    await client().stripe.request('GET', '/v1/subscriptions/{id}', Thing, { id: 'sub_1', params: { expand: ['customer'] } });
    const [req] = server.requests;
    expect(req).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_1' });
    expect(req!.query.get('expand[0]')).toBe('customer');
    expect(req!.headers['idempotency-key']).toBeUndefined();
    expect(req!.headers['content-type']).toBeUndefined();
  });

  it('bounds each attempt by a timeout and retries it, then gives up as unavailable', async () => {
    // The provider has each attempt's request and hangs; only then does that attempt's timer run out.
    const timers = manualTimers();
    server.handle = () => (timers.fire(), { hang: true });
    const { stripe, waits } = client({ http: { timeoutMs: 50, startTimer: timers.startTimer, sleep: async (ms) => void waits.push(ms), random: () => 0.5 } });
    const failure = stripe.request('POST', '/v1/customers', Thing, { params: { email: 'a@example.com' } });
    await expect(failure).rejects.toMatchObject({
      name: 'ProviderUnavailableError',
      message: expect.stringMatching(/timed out after 50 ms after 3 attempts \(POST /),
    });
    expect(server.requests).toHaveLength(3);
    expect(timers.started).toEqual([50, 50, 50]);
    expect(new Set(server.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('retries a network error', async () => {
    const { stripe } = client({ apiBase: 'http://127.0.0.1:1' });
    await expect(stripe.request('GET', '/v1/customers/{id}', Thing, { id: 'cus_1' })).rejects.toMatchObject({
      name: 'ProviderUnavailableError',
      message: expect.stringMatching(/network error: .* after 3 attempts/),
    });
  });

  it('retries a 409 (a concurrent request with the same key) and waits what a 429 asks', async () => {
    server.sequence([
      { status: 409, body: { error: { type: 'idempotency_error', message: 'in flight' } } },
      { status: 429, headers: { 'retry-after': '2' } },
      { body: { id: 'cus_1' } },
    ]);
    const { stripe, waits } = client();
    expect(await stripe.request('POST', '/v1/customers', Thing, { idempotencyKey: 'k1' })).toEqual({ id: 'cus_1' });
    expect(waits).toEqual([375, 2000]);
  });

  it('maps resource_missing to the "missing" error the gateway answers null for', async () => {
    server.handle = () => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such subscription: 'sub_x'" } },
    });
    const error = await client()
      .stripe.request('GET', '/v1/subscriptions/{id}', Thing, { id: 'sub_x' })
      .catch((e: unknown) => e);
    expect(isMissing(error)).toBe(true);
    server.handle = () => ({ status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } });
    expect(
      isMissing(
        await client()
          .stripe.request('GET', '/v1/nothing', Thing)
          .catch((e: unknown) => e),
      ),
    ).toBe(false);
  });
});
