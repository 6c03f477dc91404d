import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import { InMemorySessions, InMemoryThrottle, InMemoryUsers, plainHasher, plainTokens, sequentialIds } from '../testing/in-memory.ts';
import { LOGIN_WINDOW_MS, makeAuthService } from './service.ts';

function setup(adminEmails: string[] = []) {
  const clock = fixedClock('2026-11-22T12:00:00Z');
  const users = new InMemoryUsers();
  const sessions = new InMemorySessions(users);
  const throttle = new InMemoryThrottle();
  const auth = makeAuthService({
    users, sessions, throttle, clock, hasher: plainHasher, tokens: plainTokens,
    ids: { user: sequentialIds('u'), session: sequentialIds('s') }, adminEmails,
  });
  return { auth, clock, users, sessions, throttle };
}

const creds = { email: 'ana@example.com', password: 'correct horse' };

describe('AuthService', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup(['boss@example.com']);
  });

  it('registers a free user with a session, and an admin from ADMIN_EMAILS', async () => {
    const issued = await t.auth.register(creds);
    expect(issued.user).toEqual({ id: 'u1', email: 'ana@example.com', subscriptionStatus: 'free', role: 'user', cancelAt: null });
    expect((await t.auth.resolve(issued.token))?.viewer.userId).toBe('u1');
    expect((await t.auth.register({ email: 'boss@example.com', password: 'x'.repeat(8) })).user.role).toBe('admin');
  });

  it('refuses a second account for the same email', async () => {
    await t.auth.register(creds);
    await expect(t.auth.register(creds)).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    await t.auth.register(creds);
    const wrong = t.auth.login({ ...creds, password: 'nope' }, { ip: '1.1.1.1' });
    const unknown = t.auth.login({ ...creds, email: 'who@example.com' }, { ip: '1.1.1.2' });
    await expect(wrong).rejects.toMatchObject({ kind: 'unauthorized', message: 'Invalid email or password' });
    await expect(unknown).rejects.toMatchObject({ kind: 'unauthorized', message: 'Invalid email or password' });
  });

  it('throttles the 6th failure within 15 minutes with a retry time, and forgets after the window', async () => {
    await t.auth.register(creds);
    for (let i = 0; i < 5; i++) {
      await expect(t.auth.login({ ...creds, password: 'nope' }, { ip: `10.0.0.${i}` })).rejects.toMatchObject({ kind: 'unauthorized' });
      t.clock.advance(60_000);
    }
    const sixth = t.auth.login(creds, { ip: '10.0.0.9' });
    await expect(sixth).rejects.toMatchObject({ kind: 'rate_limited' });
    await sixth.catch((e) => expect(e.retryAfterSeconds).toBeCloseTo((LOGIN_WINDOW_MS - 5 * 60_000) / 1000, 0));
    t.clock.advance(LOGIN_WINDOW_MS);
    await expect(t.auth.login(creds, { ip: '10.0.0.9' })).resolves.toMatchObject({ user: { email: creds.email } });
  });

  it('throttles per client IP across emails, and a success clears only the email counter', async () => {
    await t.auth.register(creds);
    for (let i = 0; i < 4; i++) await t.auth.login({ ...creds, password: 'nope' }, { ip: '9.9.9.9' }).catch(() => {});
    await t.auth.login(creds, { ip: '9.9.9.9' });
    expect(await t.throttle.failures('email:ana@example.com')).toEqual([]);
    await t.auth.login({ email: 'other@example.com', password: 'x' }, { ip: '9.9.9.9' }).catch(() => {});
    await expect(t.auth.login(creds, { ip: '9.9.9.9' })).rejects.toMatchObject({ kind: 'rate_limited' });
  });

  it('ends a session after 7 idle days and after 30 days in any case', async () => {
    const { token } = await t.auth.register(creds);
    t.clock.advance(6 * DAY_MS);
    expect(await t.auth.resolve(token)).not.toBeNull();
    t.clock.advance(7 * DAY_MS - 1);
    expect(await t.auth.resolve(token)).not.toBeNull();
    t.clock.advance(7 * DAY_MS);
    expect(await t.auth.resolve(token)).toBeNull();

    const fresh = await t.auth.login(creds, { ip: '1.1.1.1' });
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY_MS);
      expect(await t.auth.resolve(fresh.token)).not.toBeNull();
    }
    t.clock.advance(DAY_MS);
    expect(await t.auth.resolve(fresh.token)).toBeNull();
  });

  it('logout ends the session; a password change ends every other session', async () => {
    const a = await t.auth.register(creds);
    const b = await t.auth.login(creds, { ip: '1.1.1.1' });
    const c = await t.auth.login(creds, { ip: '1.1.1.1' });
    await t.auth.logout(await t.auth.resolve(c.token));
    expect(await t.auth.resolve(c.token)).toBeNull();

    const resolvedA = (await t.auth.resolve(a.token))!;
    await expect(t.auth.changePassword(resolvedA, { currentPassword: 'wrong', newPassword: 'new password' })).rejects.toMatchObject({
      message: 'Current password is incorrect',
    });
    expect(await t.auth.changePassword(resolvedA, { currentPassword: creds.password, newPassword: 'new password' })).toEqual({ endedSessions: 1 });
    expect(await t.auth.resolve(a.token)).not.toBeNull();
    expect(await t.auth.resolve(b.token)).toBeNull();
    await expect(t.auth.login(creds, { ip: '1.1.1.1' })).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(t.auth.login({ ...creds, password: 'new password' }, { ip: '1.1.1.1' })).resolves.toBeTruthy();
  });

  it('refuses a new password equal to the current one, naming the field', async () => {
    const a = await t.auth.register(creds);
    const resolved = (await t.auth.resolve(a.token))!;
    await expect(t.auth.changePassword(resolved, { currentPassword: creds.password, newPassword: creds.password })).rejects.toMatchObject({
      kind: 'validation',
      field: 'newPassword',
      message: 'The new password must be different from the current one.',
    });
    await expect(t.auth.login(creds, { ip: '1.1.1.1' })).resolves.toBeTruthy();
  });

  it('deletes the account so the email can register again', async () => {
    const a = await t.auth.register(creds);
    const cancelled: string[] = [];
    await t.auth.deleteAccount((await t.auth.resolve(a.token))!, async (u) => void cancelled.push(u.id));
    expect(cancelled).toEqual([]);
    expect(await t.auth.resolve(a.token)).toBeNull();
    await expect(t.auth.register(creds)).resolves.toBeTruthy();
  });

  it('grants the admin role later', async () => {
    const a = await t.auth.register(creds);
    await t.auth.grantAdmin(' ANA@example.com ');
    expect((await t.auth.resolve(a.token))?.viewer.role).toBe('admin');
    await expect(t.auth.grantAdmin('nobody@example.com')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
