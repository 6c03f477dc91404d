import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { PASSWORD, startHttpStack, uniqueEmail, type TestClient } from '../../testing/http-harness.ts';

let stack: Awaited<ReturnType<typeof startHttpStack>>;
const LISTED = uniqueEmail('boss');
beforeAll(async () => {
  // The old allow-list variable is set, and must change nothing.
  stack = await startHttpStack({ ADMIN_EMAILS: LISTED });
});
afterAll(() => stack.close());

async function registered(client: TestClient, email = uniqueEmail()) {
  const res = await client.post('/api/auth/register', { email, password: PASSWORD });
  expect(res.status).toBe(201);
  return { email, user: res.json.user };
}

describe('accounts and sessions over HTTP', () => {
  it('register -> cookie -> /me; logout -> 401, and the old cookie no longer works', async () => {
    const client = stack.client();
    const { email, user } = await registered(client, `  ${uniqueEmail('Mixed').toUpperCase()} `);
    expect(user).toMatchObject({ email: email.trim().toLowerCase(), subscriptionStatus: 'free', role: 'user', cancelAt: null });
    expect([...client.cookies.keys()]).toEqual(['sid']);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.user.id).toBe(user.id);

    const stolen = client.cookies.get('sid')!;
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^sid=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const replay = stack.client();
    replay.cookies.set('sid', stolen);
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  it('registering an address listed in ADMIN_EMAILS gives role user; only the operator grant makes an admin', async () => {
    const client = stack.client();
    const { user } = await registered(client, LISTED);
    expect(user.role).toBe('user');
    expect((await client.get('/api/admin/winning-predictions')).status).toBe(403);
    await stack.grantAdmin(LISTED);
    expect((await client.get('/api/auth/me')).json.user.role).toBe('admin');
    expect((await client.get('/api/admin/winning-predictions')).status).toBe(200);
  });

  it('refuses common, one-character and unchanged new passwords with 400 and the field in issues', async () => {
    const client = stack.client();
    const common = await client.post('/api/auth/register', { email: uniqueEmail(), password: 'Password1' });
    expect(common.status).toBe(400);
    expect(common.json.issues).toEqual([{ path: 'password', message: 'This password is too common: choose one that is harder to guess.' }]);
    const spaces = await client.post('/api/auth/register', { email: uniqueEmail(), password: '        ' });
    expect(spaces.status).toBe(400);
    expect(spaces.json.issues[0]).toMatchObject({ path: 'password', message: 'Password must not be one character repeated (such as eight spaces).' });

    await registered(client);
    const same = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.status).toBe(400);
    expect(same.json.issues).toEqual([{ path: 'newPassword', message: 'The new password must be different from the current one.' }]);
    const commonNew = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'football' });
    expect(commonNew.status).toBe(400);
    expect(commonNew.json.issues[0].path).toBe('newPassword');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const client = stack.client();
    const res = await client.post('/api/auth/register', { email: uniqueEmail(), password: PASSWORD });
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^sid=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=259(1[89]\d\d|2000); HttpOnly; SameSite=Lax$/);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const a = stack.client();
    const { email } = await registered(a);
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

  it('delete account -> login fails, and the email can register again', async () => {
    const client = stack.client();
    const { email } = await registered(client);
    const del = await client.post('/api/auth/delete-account');
    expect(del.status).toBe(200);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const login = await stack.client().post('/api/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(401);
    expect(login.json.message).toBe('Invalid email or password');
    expect((await stack.client().post('/api/auth/register', { email, password: PASSWORD })).status).toBe(201);
  });

  it('50 concurrent registrations of one email make exactly one account; the rest get 409', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(Array.from({ length: 50 }, () => stack.client().post('/api/auth/register', { email, password: PASSWORD })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(results.find((r) => r.status === 409)?.json.message).toBe('An account with this email already exists');
  }, 120_000);

  it('refuses a tampered, expired or alg:none cookie with 401', async () => {
    const client = stack.client();
    const { user } = await registered(client);
    const token = client.cookies.get('sid')!;
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = [
      `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url')}.${s}`,
      new UnsecuredJWT({ sid: payload.sid }).setSubject(user.id).setIssuer(payload.iss).setAudience(payload.aud).setExpirationTime('1h').encode(),
      await new SignJWT({ sid: payload.sid }).setProtectedHeader({ alg: 'HS256', typ: 'session+jwt' }).setSubject(user.id).setIssuer(payload.iss)
        .setAudience(payload.aud).setIssuedAt(1_600_000_000).setExpirationTime(1_600_000_600).sign(new TextEncoder().encode(process.env.SESSION_SECRET!)),
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
    await registered(client);
    const res = await client.post('/api/auth/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    const crossSite = await client.request('POST', '/api/auth/logout', { origin: null, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await stack.client().request('POST', '/api/auth/login', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'malformed_json', message: 'Request body is not valid JSON' });
  });
  it('20 parallel logins, the right password 18th: at most 5 are evaluated, the right one after the limit gets 429', async () => {
    const email = uniqueEmail('race');
    await registered(stack.client(), email);
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
    const email = uniqueEmail('victim');
    await registered(stack.client(), email);
    const attacker = stack.client();
    for (let i = 0; i < 5; i++) expect((await attacker.post('/api/auth/login', { email, password: 'wrong password' })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attacker.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
    const owner = stack.client();
    expect((await owner.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    // The attacker's own wait is not reset by the owner's success.
    expect((await attacker.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(429);
  });

  it('change-password is throttled: a stolen session cannot guess the current password', async () => {
    const client = stack.client();
    await registered(client);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/change-password', { currentPassword: `guess number ${i}`, newPassword: 'a new password' })).status).toBe(400);
    }
    const right = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('throttles one client network that tries many emails', async () => {
    const ip = stack.client();
    for (let i = 0; i < 20; i++) {
      expect((await ip.post('/api/auth/login', { email: uniqueEmail('spray'), password: 'guess guess' })).status).toBe(401);
    }
    expect((await ip.post('/api/auth/login', { email: uniqueEmail('spray'), password: 'guess guess' })).status).toBe(429);
  }, 60_000);
});
