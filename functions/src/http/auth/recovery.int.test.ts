import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentEmail } from '@app/local/email/local-outbox';
import { PASSWORD_RESET_REQUESTED_MESSAGE, VERIFICATION_SENT_MESSAGE } from '@app/contracts/auth';
import { PASSWORD, TERMS, startHttpStack, tokenIn, uniqueEmail, type TestClient } from '../../../test/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
beforeAll(async () => {
  stack = await startHttpStack();
});
afterAll(() => stack.close());

/** The emails to `address` in the local outbox, newest first. */
async function inbox(address: string): Promise<SentEmail[]> {
  return (await stack.outbox()).filter((m) => m.to === address);
}

/** A confirmed account, signed in on `client`. */
const signUp = async (client: TestClient, email?: string) => (await stack.signIn(client, email)).email;

async function resetLink(email: string): Promise<string> {
  expect((await stack.client().post('/api/auth/password-reset', { email })).status).toBe(202);
  return stack.emailToken(email, '/reset-password');
}

describe('email verification', () => {
  it('sign-up sends one link; it confirms the address once (in any browser) and then is dead', async () => {
    const email = uniqueEmail();
    const client = stack.client();
    expect((await client.post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    expect((await client.get('/api/auth/me')).json.user.emailVerified).toBe(false);
    const mails = await inbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/confirm your email/i);
    const token = tokenIn(mails[0]!, '/verify-email');
    expect(mails[0]!.html).toContain('/verify-email?token=');

    expect((await stack.client().post('/api/auth/verify-email', { token })).status).toBe(200);
    expect((await client.get('/api/auth/me')).json.user.emailVerified).toBe(true);
    const again = await stack.client().post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.json)).toMatch(/invalid, already used or expired/);
  });

  it('Resend sends the signed-in, unconfirmed user a new link (the newest works), nothing once confirmed, and is capped per address', async () => {
    const email = uniqueEmail('resend');
    const client = stack.client();
    expect((await client.post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    const resent = await client.post('/api/auth/resend-verification');
    expect(resent.status).toBe(202);
    expect(resent.json).toEqual({ message: VERIFICATION_SENT_MESSAGE });
    expect((await inbox(email)).filter((m) => /confirm your email/i.test(m.subject))).toHaveLength(2);
    // 3 an hour per address: the fourth request waits.
    // Each link is delivered before the next is asked for, so the outbox's newest is the newest link.
    for (let i = 0; i < 2; i++) {
      expect((await client.post('/api/auth/resend-verification')).status).toBe(202);
      await inbox(email);
    }
    const capped = await client.post('/api/auth/resend-verification');
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await stack.client().post('/api/auth/resend-verification')).status).toBe(401);
    expect((await stack.client().post('/api/auth/verify-email', { token: await stack.emailToken(email, '/verify-email') })).status).toBe(200);
    expect((await client.get('/api/auth/me')).json.user.emailVerified).toBe(true);
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

    const token = await resetLink(email);
    const browser = stack.client();
    const done = await browser.post('/api/auth/password-reset/confirm', { token, password: 'a brand new secret' });
    expect(done.status).toBe(200);
    expect(done.json.endedSessions).toBe(2);

    expect((await first.get('/api/auth/me')).status).toBe(401);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await stack.client().post('/api/auth/login', { email, password: 'a brand new secret' })).status).toBe(200);

    const reused = await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'yet another secret' });
    expect(reused.status).toBe(400);
    expect((await stack.client().post('/api/auth/login', { email, password: 'a brand new secret' })).status).toBe(200);
  });

  it('M1: four login loops racing a reset over HTTP: not one of their sessions answers /me afterwards', async () => {
    const email = await signUp(stack.client());
    const token = await resetLink(email);
    const jars: TestClient[] = [];
    let resetDone = false;
    let firstSession!: () => void;
    const signedIn = new Promise<void>((r) => (firstSession = r));
    const loop = async () => {
      // Each login from a network of its own (the account's throttle is per network), one more after the reset.
      for (let after = 0; !resetDone || after < 1; after += resetDone ? 1 : 0) {
        const jar = stack.client();
        if ((await jar.post('/api/auth/login', { email, password: PASSWORD })).status === 200) {
          jars.push(jar);
          firstSession();
        }
      }
    };
    const loops = Array.from({ length: 4 }, loop);
    // The reset races loops that are already signing in: it starts once one of them holds a session.
    await signedIn;
    expect((await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'the owner took it back' })).status).toBe(200);
    resetDone = true;
    await Promise.all(loops);
    expect(jars.length).toBeGreaterThan(0);
    const answers = await Promise.all(jars.map(async (jar) => (await jar.get('/api/auth/me')).status));
    expect(answers.filter((status) => status !== 401)).toEqual([]);
  }, 120_000);

  it('M3: reset applies the one password policy (length, common list, not the current one) and keeps the link when it refuses', async () => {
    const email = await signUp(stack.client());
    const token = await resetLink(email);
    const refusals = [
      ['short', 'Password must be at least 8 characters long.'],
      ['Password1', 'This password is too common: choose one that is harder to guess.'],
      [PASSWORD, 'The new password must be different from the current one.'],
    ];
    for (const [password, message] of refusals) {
      const res = await stack.client().post('/api/auth/password-reset/confirm', { token, password });
      expect(res.status, password).toBe(400);
      expect(res.json.issues, password).toEqual([{ path: 'password', message }]);
    }
    expect((await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'long enough now' })).status).toBe(200);
  });

  it('a reset link dies when the password is changed another way', async () => {
    const client = stack.client();
    const email = await signUp(client);
    const token = await resetLink(email);
    expect((await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'changed while the link waited' })).status).toBe(200);
    const late = await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'an attacker picks this' });
    expect(late.status).toBe(400);
    expect(late.json.message).toMatch(/invalid, already used or expired/);
    expect((await stack.client().post('/api/auth/login', { email, password: 'changed while the link waited' })).status).toBe(200);
  });

  it('a reset confirms an address that was never confirmed (the link reached its inbox)', async () => {
    const email = uniqueEmail('lost-link');
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    const token = await resetLink(email);
    expect((await stack.client().post('/api/auth/password-reset/confirm', { token, password: 'chosen from the reset' })).status).toBe(200);
    const client = stack.client();
    expect((await client.post('/api/auth/login', { email, password: 'chosen from the reset' })).status).toBe(200);
    expect((await client.get('/api/auth/me')).json.user.emailVerified).toBe(true);
  });

  it("L2: at most 3 reset emails an hour reach one address, whatever the networks asking; the owner's login is not delayed", async () => {
    const email = await signUp(stack.client(), uniqueEmail('target'));
    const statuses: number[] = [];
    // Four networks, five requests each: before the cap, 20 emails reached the inbox.
    for (let i = 0; i < 20; i++) statuses.push((await stack.client().post('/api/auth/password-reset', { email })).status);
    expect(statuses.slice(0, 3)).toEqual([202, 202, 202]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    expect((await inbox(email)).filter((m) => /reset your/i.test(m.subject))).toHaveLength(3);
    // An unknown address is capped alike (the answer tells nothing).
    const nobody = uniqueEmail('nobody');
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) unknown.push((await stack.client().post('/api/auth/password-reset', { email: nobody })).status);
    expect(unknown).toEqual([202, 202, 202, 429]);
    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });
});
