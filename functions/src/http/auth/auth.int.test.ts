import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { EMAIL_TAKEN_MESSAGE } from '@app/core/auth/errors';
import { INVALID_CREDENTIALS } from '@app/core/auth/service';
import { PASSWORD, TERMS, startHttpStack, uniqueEmail } from '../../../test/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
const LISTED = uniqueEmail('boss');

beforeAll(async () => {
  // The old allow-list variable is set, and must change nothing.
  stack = await startHttpStack({ ADMIN_EMAILS: LISTED });
});
afterAll(() => stack.close());

describe('accounts and sessions over HTTP', () => {
  it('sign-up -> 201 with the user and a cookie -> /me; logout -> 401, and the old cookie no longer works', async () => {
    const client = stack.client();
    const typed = uniqueEmail('Mixed');
    const email = typed.toLowerCase();
    const signUp = await client.post('/api/auth/register', { email: `  ${typed.toUpperCase()} `, password: PASSWORD, ...TERMS });
    expect(signUp.status).toBe(201);
    expect(signUp.json.user).toMatchObject({ email, emailVerified: false, subscriptionStatus: 'free', role: 'user', cancelAt: null, breakUntil: null });
    expect([...client.cookies.keys()]).toEqual(['sid']);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.user.id).toBe(signUp.json.user.id);
    expect((await stack.outbox()).filter((m) => m.to === email).map((m) => m.subject)).toEqual(['Confirm your email for AI Football Predictions']);
    // The unconfirmed account logs in like any other.
    const other = stack.client();
    expect((await other.post('/api/auth/login', { email, password: PASSWORD })).json.user).toMatchObject({ email, emailVerified: false });
    const stolen = client.cookies.get('sid')!;
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^sid=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const replay = stack.client();
    replay.cookies.set('sid', stolen);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('a taken address answers 409 with a message offering login and reset, no cookie; the account is unchanged and its inbox hears of it', async () => {
    const { email } = await stack.signIn(stack.client());
    const client = stack.client();
    const taken = await client.post('/api/auth/register', { email, password: 'someone else entirely', ...TERMS });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ error: 'conflict', message: EMAIL_TAKEN_MESSAGE });
    expect(client.cookies.size).toBe(0);
    expect((await stack.outbox()).filter((m) => m.to === email).map((m) => m.subject)).toEqual(['Your AI Football Predictions account']);
    expect((await stack.client().post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await stack.client().post('/api/auth/login', { email, password: 'someone else entirely' })).status).toBe(401);
  });

  it('a wrong password and an unknown email get one answer', async () => {
    const { email } = await stack.signIn(stack.client());
    const wrong = await stack.client().post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await stack.client().post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'not the password' });
    expect([wrong.status, wrong.text]).toEqual([401, JSON.stringify({ error: 'unauthorized', message: INVALID_CREDENTIALS })]);
    expect([unknown.status, unknown.text]).toEqual([wrong.status, wrong.text]);
  });

  it('sign-up has its own throttle: a fourth sign-up for one address waits, whatever the network', async () => {
    const email = uniqueEmail('flood');
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status);
    expect(statuses).toEqual([201, 409, 409]);
    const fourth = await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an address listed in ADMIN_EMAILS gets role user; only the operator grant makes an admin', async () => {
    const client = stack.client();
    await stack.signIn(client, LISTED);
    expect((await client.get('/api/auth/me')).json.user.role).toBe('user');
    expect((await client.get('/api/admin/winning-predictions')).status).toBe(403);
    await stack.grantAdmin(LISTED);
    expect((await client.get('/api/auth/me')).json.user.role).toBe('admin');
    expect((await client.get('/api/admin/winning-predictions')).status).toBe(200);
  });

  it('M5: a role change is recorded in the stage’s own table (who, whom, when, from where) and listed for admins only; an unconfirmed account is refused', async () => {
    const member = stack.client();
    const { email, userId } = await stack.signIn(member);
    expect((await member.get('/api/admin/role-changes')).status).toBe(403);
    await stack.grantAdmin(email);
    const listed = await member.get('/api/admin/role-changes');
    expect(listed.status).toBe(200);
    expect(listed.json.changes[0]).toMatchObject({
      type: 'role_granted',
      userId,
      email,
      actor: 'test',
      origin: 'http-harness',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const unconfirmed = uniqueEmail('unconfirmed');
    expect((await stack.client().post('/api/auth/register', { email: unconfirmed, password: PASSWORD, ...TERMS })).status).toBe(201);
    await expect(stack.grantAdmin(unconfirmed)).rejects.toThrow(/has not confirmed its email address/);
    expect((await member.get('/api/admin/role-changes')).json.changes.some((c: { email: string }) => c.email === unconfirmed)).toBe(false);
  });

  it('refuses common, one-character and unchanged new passwords with 400 and the field in issues', async () => {
    const client = stack.client();
    const common = await client.post('/api/auth/register', { email: uniqueEmail(), password: 'Password1', ...TERMS });
    expect(common.status).toBe(400);
    expect(common.json.issues).toEqual([{ path: 'password', message: 'This password is too common: choose one that is harder to guess.' }]);
    const spaces = await client.post('/api/auth/register', { email: uniqueEmail(), password: '        ', ...TERMS });
    expect(spaces.status).toBe(400);
    expect(spaces.json.issues[0]).toMatchObject({ path: 'password', message: 'Password must not be one character repeated (such as eight spaces).' });
    await stack.signIn(client);
    const same = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.status).toBe(400);
    expect(same.json.issues).toEqual([{ path: 'newPassword', message: 'The new password must be different from the current one.' }]);
    const commonNew = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'football' });
    expect(commonNew.status).toBe(400);
    expect(commonNew.json.issues[0].path).toBe('newPassword');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const client = stack.client();
    const { email } = await stack.signIn(client);
    const res = await stack.client().post('/api/auth/login', { email, password: PASSWORD });
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^sid=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=259(1[89]\d\d|2000); HttpOnly; SameSite=Lax$/);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const a = stack.client();
    const { email } = await stack.signIn(a);
    const b = stack.client();
    expect((await b.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);

    const wrong = await a.post('/api/auth/change-password', { currentPassword: 'not it at all', newPassword: 'a new password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Current password is incorrect');
    const short = await a.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.json.issues[0].message).toBe('Password must be at least 8 characters long.');

    const ok = await a.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(ok.status).toBe(200);
    expect(ok.json.endedSessions).toBe(1);
    expect((await a.get('/api/auth/me')).status).toBe(200);
    expect((await b.get('/api/auth/me')).status).toBe(401);
    expect((await stack.client().post('/api/auth/login', { email, password: 'a new password' })).status).toBe(200);
  });

  it('account deletion asks for the password: refused without it or with a wrong one; then login fails and the email can sign up again', async () => {
    const client = stack.client();
    const { email } = await stack.signIn(client);
    expect((await client.post('/api/auth/delete-account')).status).toBe(400);
    const wrong = await client.post('/api/auth/delete-account', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.issues).toEqual([{ path: 'password', message: 'Current password is incorrect' }]);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const del = await client.post('/api/auth/delete-account', { password: PASSWORD });
    expect(del.status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const login = await stack.client().post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(login.json.message).toBe(INVALID_CREDENTIALS);
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })).status).toBe(201);
    expect((await stack.outbox()).find((m) => m.to === email)?.subject).toBe('Confirm your email for AI Football Predictions');
  });

  it('50 concurrent sign-ups of one address make exactly one account and one verification email; the rest are 409 or wait (429)', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(Array.from({ length: 50 }, () => stack.client().post('/api/auth/register', { email, password: PASSWORD, ...TERMS })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(3);
    const mails = (await stack.outbox()).filter((m) => m.to === email);
    expect(mails.filter((m) => m.subject.startsWith('Confirm'))).toHaveLength(1);
  }, 120_000);

  it('refuses a tampered, expired or alg:none cookie with 401', async () => {
    const client = stack.client();
    const { userId } = await stack.signIn(client);
    const token = client.cookies.get('sid')!;
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = [
      `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url')}.${s}`,
      new UnsecuredJWT({ sid: payload.sid }).setSubject(userId).setIssuer(payload.iss).setAudience(payload.aud).setExpirationTime('1h').encode(),
      await new SignJWT({ sid: payload.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'session+jwt' })
        .setSubject(userId)
        .setIssuer(payload.iss)
        .setAudience(payload.aud)
        .setIssuedAt(1_600_000_000)
        .setExpirationTime(1_600_000_600)
        .sign(new TextEncoder().encode(process.env.SESSION_SECRET!)),
      'not.a.token',
    ];
    for (const cookie of forged) {
      const attacker = stack.client();
      attacker.cookies.set('sid', cookie);
      expect((await attacker.get('/api/auth/me')).status).toBe(401);
    }
  });

  it('refuses a state-changing request from a foreign origin with 403', async () => {
    const client = stack.client();
    await stack.signIn(client);
    const res = await client.post('/api/auth/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const crossSite = await client.request('POST', '/api/auth/logout', { origin: null, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });

  it("CSRF: a body-less POST from our own origin is accepted, as the product's client sends logout, cancel and the admin jobs; a missing origin is refused", async () => {
    const client = stack.client();
    await stack.signIn(client);
    // No body, no Content-Type, no extra header: only the browser's Origin.
    const cancel = await client.request('POST', '/api/stripe/cancel-subscription');
    expect(cancel.status).not.toBe(403);
    expect(cancel.status).toBeLessThan(500);
    const admin = await stack.adminClient();
    expect((await admin.request('POST', '/api/admin/fetch-match-results')).status).toBe(202);
    // Without an Origin (or a browser's same-origin mark), the same request is refused.
    const bare = await client.request('POST', '/api/auth/logout', { origin: null });
    expect(bare.status).toBe(403);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    // A body that is not JSON stays 415.
    expect(
      (await client.request('POST', '/api/auth/logout', { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status,
    ).toBe(415);
    expect((await client.request('POST', '/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('CSRF: Origin: null (a sandboxed or opaque page) is refused on every state-changing request, an empty body included', async () => {
    const client = stack.client();
    await stack.signIn(client);
    for (const [path, body] of [
      ['/api/auth/logout', undefined],
      ['/api/auth/delete-account', { password: PASSWORD }],
      ['/api/contact', { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }],
    ] as const) {
      const res = await client.post(path, body, { origin: 'null' });
      expect(res.status, path).toBe(403);
    }
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await stack.client().request('POST', '/api/auth/login', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'malformed_json', message: 'Request body is not valid JSON' });
  });

  it('20 parallel logins, the right password 18th: at most 5 are evaluated, the right one after the limit gets 429', async () => {
    const { email } = await stack.signIn(stack.client());
    const attacker = stack.client();
    const passwords = Array.from({ length: 20 }, (_, i) => (i === 17 ? PASSWORD : `wrong password ${i}`));
    const results = await Promise.all(passwords.map((password) => attacker.post('/api/auth/login', { email, password })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses[17]).toBe(429);
    expect(Number(results[17]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(results[17]!.json).toEqual({ error: 'rate_limited', message: 'Too many attempts. Try again later.' });
  }, 60_000);

  it('while an attacker is throttled on an account, its owner from a fresh network still signs in', async () => {
    const { email } = await stack.signIn(stack.client());
    const attacker = stack.client();
    for (let i = 0; i < 5; i++) expect((await attacker.post('/api/auth/login', { email, password: 'wrong password' })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attacker.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
    const owner = stack.client();
    expect((await owner.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    // The attacker's own wait is not reset by the owner's success.
    expect((await attacker.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
  });

  it('M2: a storm of bad logins against one account does not lock the other accounts behind the same address', async () => {
    const { email: target } = await stack.signIn(stack.client());
    const { email: colleague } = await stack.signIn(stack.client());
    const office = stack.client();
    const storm = [];
    for (let i = 0; i < 40; i++) storm.push((await office.post('/api/auth/login', { email: target, password: `guess ${i}` })).status);
    expect(storm.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(storm.slice(5).every((s) => s === 429)).toBe(true);
    const fromSameAddress = stack.client(office.ip);
    expect((await fromSameAddress.post('/api/auth/login', { email: colleague, password: PASSWORD })).status).toBe(200);
  }, 60_000);

  it('change-password is throttled: a stolen session cannot guess the current password', async () => {
    const client = stack.client();
    await stack.signIn(client);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/change-password', { currentPassword: `guess number ${i}`, newPassword: 'a new password' })).status).toBe(400);
    }
    const right = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
