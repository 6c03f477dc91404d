import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentEmail } from '@app/adapters/email/local-outbox';
import { PASSWORD_RESET_REQUESTED_MESSAGE } from '@app/contracts/auth';
import { PASSWORD, startHttpStack, uniqueEmail, type TestClient } from '../../testing/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
beforeAll(async () => {
  stack = await startHttpStack();
});
afterAll(() => stack.close());

/** The emails to `address` in the local outbox, newest first. */
async function inbox(address: string): Promise<SentEmail[]> {
  return (await stack.outbox()).filter((m) => m.to === address);
}

const tokenIn = (mail: SentEmail, path: string) => {
  const match = new RegExp(`${path}\\?token=([\\w.%-]+)`).exec(mail.text);
  expect(match, `a ${path} link in "${mail.text}"`).not.toBeNull();
  return decodeURIComponent(match![1]!);
};

async function signUp(client: TestClient, email = uniqueEmail()) {
  const res = await client.post('/api/auth/register', { email, password: PASSWORD });
  expect(res.status).toBe(201);
  return email;
}

describe('email verification', () => {
  it('sign-up sends one link; it verifies the address once and then is dead', async () => {
    const client = stack.client();
    const email = await signUp(client);
    expect((await client.get('/api/auth/me')).json.user.emailVerified).toBe(false);
    const mails = await inbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/confirm your email/i);
    const token = tokenIn(mails[0]!, '/verify-email');
    expect(mails[0]!.html).toContain('/verify-email?token=');

    // The link may be opened in another browser, without the session.
    expect((await stack.client().post('/api/auth/verify-email', { token })).status).toBe(200);
    expect((await client.get('/api/auth/me')).json.user.emailVerified).toBe(true);
    const again = await stack.client().post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.json)).toMatch(/invalid, already used or expired/);
  });

  it('Resend replaces the earlier link; the first one no longer works', async () => {
    const client = stack.client();
    const email = await signUp(client);
    const first = tokenIn((await inbox(email))[0]!, '/verify-email');
    expect((await client.post('/api/auth/resend-verification')).status).toBe(202);
    const mails = await inbox(email);
    expect(mails).toHaveLength(2);
    // Two emails sent within one millisecond may list in either order: find the new link.
    const second = mails.map((m) => tokenIn(m, '/verify-email')).find((t) => t !== first)!;
    expect(second).toBeDefined();
    expect((await client.post('/api/auth/verify-email', { token: first })).status).toBe(400);
    expect((await client.post('/api/auth/verify-email', { token: second })).status).toBe(200);
  });

  it('refuses forged and malformed tokens with a 400', async () => {
    const client = stack.client();
    for (const token of ['', 'x', '01ARZ3NDEKTSV4RRFFQ69G5FAV.' + 'A'.repeat(43), 'a'.repeat(201)]) {
      const res = await client.post('/api/auth/verify-email', { token });
      expect(res.status, token).toBe(400);
    }
  });
});

describe('password reset', () => {
  it('answers a known and an unknown email with the same status and body, and mails only the account', async () => {
    const email = await signUp(stack.client());
    await inbox(email); // the verification email
    const unknown = uniqueEmail('nobody');
    const known = await stack.client().post('/api/auth/password-reset', { email });
    const missing = await stack.client().post('/api/auth/password-reset', { email: unknown });
    expect(known.status).toBe(202);
    expect(missing.status).toBe(202);
    expect(missing.text).toBe(known.text);
    expect(known.json).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    expect((await inbox(email)).some((m) => /reset your/i.test(m.subject))).toBe(true);
    expect(await inbox(unknown)).toEqual([]);
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const first = stack.client();
    const email = await signUp(first);
    const second = stack.client();
    expect((await second.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);

    expect((await stack.client().post('/api/auth/password-reset', { email })).status).toBe(202);
    const token = tokenIn((await inbox(email)).find((m) => m.text.includes('/reset-password'))!, '/reset-password');
    const browser = stack.client();
    const done = await browser.post('/api/auth/password-reset/confirm', { token, password: 'a brand new secret' });
    expect(done.status).toBe(200);
    expect(done.json.endedSessions).toBe(2);

    expect((await first.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    const fresh = stack.client();
    expect((await fresh.post('/api/auth/login', { email, password: 'a brand new secret' })).status).toBe(200);
    // Reading the reset email proved the address too.
    expect((await fresh.get('/api/auth/me')).json.user.emailVerified).toBe(true);

    const reused = await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'yet another secret' });
    expect(reused.status).toBe(400);
    expect((await stack.client().post('/api/auth/login', { email, password: 'a brand new secret' })).status).toBe(200);
  });

  it('applies the sign-up password rules and keeps the token when they fail', async () => {
    const email = await signUp(stack.client());
    await stack.client().post('/api/auth/password-reset', { email });
    const token = tokenIn((await inbox(email)).find((m) => m.text.includes('/reset-password'))!, '/reset-password');
    const short = await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.json)).toMatch(/at least 8 characters/);
    expect((await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'long enough now' })).status).toBe(200);
  });

  it("is throttled like login: the same client asking again and again gets 429, and the owner's login is not delayed", async () => {
    const client = stack.client();
    const email = await signUp(stack.client(), uniqueEmail('target'));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await client.post('/api/auth/password-reset', { email })).status);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses).toContain(429);
    expect((await client.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });
});
