import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpStack, uniqueEmail, type TestClient } from '../../../test/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
beforeAll(async () => {
  stack = await startHttpStack();
});
afterAll(() => stack.close());

/** A premium user through the local test-mode checkout. */
async function subscriber(): Promise<TestClient> {
  const client = stack.client();
  await stack.signIn(client, uniqueEmail('portal'));
  const checkout = new URL((await client.post('/api/stripe/create-checkout-session')).json.url);
  const paid = await client.request('POST', `${checkout.pathname}/pay`);
  expect(paid.status).toBe(303);
  expect((await client.get('/api/auth/me')).json.user.subscriptionStatus).toBe('premium');
  return client;
}

const form = (client: TestClient, path: string, fields: Record<string, string>) =>
  client.request('POST', path, { rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('self-service billing through the local test-mode portal', () => {
  it('refuses a user who never subscribed (no customer yet)', async () => {
    const client = stack.client();
    await stack.signIn(client, uniqueEmail());
    const res = await client.post('/api/stripe/portal-session');
    expect(res.status).toBe(409);
    expect((await stack.client().post('/api/stripe/portal-session')).status).toBe(401);
  });

  it('portal cancel and resume arrive through the webhook and update the subscription', async () => {
    const client = await subscriber();
    const session = await client.post('/api/stripe/portal-session');
    expect(session.status).toBe(200);
    const portal = new URL(session.json.url);
    expect(portal.pathname).toMatch(/^\/__local\/portal\/bps_local_/);

    const page = await client.get(portal.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Visa ending in 4242');
    expect(page.text).toMatch(/Renews on \d{4}-\d{2}-\d{2}/);
    expect(page.text).toContain('$29.00</td><td>paid');
    expect(page.text).toContain('href="http://localhost:3000/account"');
    const subscription = /name="subscription" value="([\w-]+)"/.exec(page.text)![1]!;

    const cancelled = await form(client, `${portal.pathname}/cancel`, { subscription });
    expect(cancelled.status).toBe(303);
    const me = (await client.get('/api/auth/me')).json.user;
    expect(me.subscriptionStatus).toBe('premium');
    expect(me.cancelAt).toEqual(expect.any(Number));
    expect((await client.get(portal.pathname)).text).toContain('Resume subscription');

    expect((await form(client, `${portal.pathname}/resume`, { subscription })).status).toBe(303);
    expect((await client.get('/api/auth/me')).json.user.cancelAt).toBeNull();
  });

  it('M3: a portal session opened before a break cannot resume the subscription after it (409); a new one opened later can', async () => {
    const client = await subscriber();
    const portal = new URL((await client.post('/api/stripe/portal-session')).json.url).pathname;
    const subscription = /name="subscription" value="([\w-]+)"/.exec((await client.get(portal)).text)![1]!;
    expect((await form(client, `${portal}/cancel`, { subscription })).status).toBe(303);
    expect((await client.post('/api/account/break', { duration: '24h' })).status).toBe(200);
    const resumed = await form(client, `${portal}/resume`, { subscription });
    expect(resumed.status).toBe(409);
    expect(resumed.text).toContain('This billing portal session has ended.');
    expect((await client.get(portal)).status).toBe(409);
    expect((await client.get('/api/auth/me')).json.user.cancelAt).toEqual(expect.any(Number));
  });

  it('updates the card; refuses bad input and a subscription of another customer', async () => {
    const client = await subscriber();
    const other = await subscriber();
    const portal = new URL((await client.post('/api/stripe/portal-session')).json.url).pathname;
    const otherPage = (await other.get(new URL((await other.post('/api/stripe/portal-session')).json.url).pathname)).text;
    const othersSubscription = /name="subscription" value="([\w-]+)"/.exec(otherPage)![1]!;

    expect((await form(client, `${portal}/card`, { number: '5555 5555 5555 4444' })).status).toBe(303);
    expect((await client.get(portal)).text).toContain('Mastercard ending in 4444');
    expect((await form(client, `${portal}/card`, { number: 'abcd' })).status).toBe(400);
    expect((await form(client, `${portal}/cancel`, { subscription: othersSubscription })).status).toBe(409);
    expect((await other.get('/api/auth/me')).json.user.cancelAt).toBeNull();
    expect((await client.get('/__local/portal/bps_local_missing')).status).toBe(404);
  });
});
