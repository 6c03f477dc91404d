import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import { InMemoryAttempts, InMemorySessions, InMemoryUsers, plainHasher, plainTokens, sequentialIds } from '../testing/in-memory.ts';
import type { SecurityEvent } from '../security/events.ts';
import { changeRole } from './admin-role.ts';
import { ACCOUNT_POLICY } from './attempts.ts';
import { makeAuthService } from './service.ts';

function setup() {
  const clock = fixedClock('2026-11-22T12:00:00Z');
  const users = new InMemoryUsers();
  const sessions = new InMemorySessions(users);
  const attempts = new InMemoryAttempts();
  const events: SecurityEvent[] = [];
  const auth = makeAuthService({
    users, sessions, attempts, clock, hasher: plainHasher, tokens: plainTokens,
    ids: { user: sequentialIds('u'), session: sequentialIds('s') }, security: (e) => void events.push(e),
  });
  return { auth, clock, users, sessions, attempts, events };
}

const creds = { email: 'ana@example.com', password: 'correct horse' };

describe('AuthService', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('registers a free user with a session, never an admin', async () => {
    const issued = await t.auth.register(creds);
    expect(issued.user).toEqual({ id: 'u1', email: 'ana@example.com', emailVerified: false, subscriptionStatus: 'free', role: 'user', cancelAt: null });
    expect((await t.auth.resolve(issued.token))?.viewer.userId).toBe('u1');
    expect((await t.auth.register({ email: 'boss@example.com', password: 'x'.repeat(8) })).user.role).toBe('user');
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

  it('lets 5 attempts through at once, then one per doubling delay; refused attempts do not lengthen the wait', async () => {
    await t.auth.register(creds);
    const ip = { ip: '10.0.0.1' };
    for (let i = 0; i < 5; i++) await expect(t.auth.login({ ...creds, password: 'nope' }, ip)).rejects.toMatchObject({ kind: 'unauthorized' });
    const sixth = t.auth.login(creds, ip);
    await expect(sixth).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: ACCOUNT_POLICY.baseDelayMs / 1000 });
    // Hammering while refused changes nothing.
    t.clock.advance(30_000);
    await expect(t.auth.login(creds, ip)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 30 });
    t.clock.advance(30_000);
    await expect(t.auth.login({ ...creds, password: 'nope' }, ip)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(t.auth.login(creds, ip)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 2 * ACCOUNT_POLICY.baseDelayMs / 1000 });
    t.clock.advance(2 * ACCOUNT_POLICY.baseDelayMs);
    await expect(t.auth.login(creds, ip)).resolves.toMatchObject({ user: { email: creds.email } });
    expect(t.events.filter((e) => e.type === 'login_throttled')).toHaveLength(3);
    expect(t.events.filter((e) => e.type === 'login_failed').every((e) => e.userId === 'u1' && e.network === '10.0.0.1')).toBe(true);
  });

  it("an attacker's failures never slow down the owner on another network, and a success clears only that account's counter", async () => {
    await t.auth.register(creds);
    for (let i = 0; i < 12; i++) await t.auth.login({ ...creds, password: 'nope' }, { ip: '2001:db8:1:2::1' }).catch(() => {});
    // Rotating addresses inside the /64 does not escape.
    await expect(t.auth.login(creds, { ip: '2001:db8:1:2:ffff::9' })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(t.auth.login(creds, { ip: '2001:db8:1:3::1' })).resolves.toMatchObject({ user: { email: creds.email } });
  });

  it('throttles one network across accounts', async () => {
    for (let i = 0; i < 20; i++) await t.auth.login({ email: `who${i}@example.com`, password: 'x' }, { ip: '9.9.9.9' }).catch(() => {});
    await expect(t.auth.login({ email: 'who99@example.com', password: 'x' }, { ip: '9.9.9.9' })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(t.auth.login({ email: 'who99@example.com', password: 'x' }, { ip: '9.9.9.10' })).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('change-password is counted by the same limiter', async () => {
    const { token } = await t.auth.register(creds);
    const resolved = (await t.auth.resolve(token))!;
    for (let i = 0; i < 5; i++) {
      await expect(t.auth.changePassword(resolved, { currentPassword: `guess ${i}`, newPassword: 'new password' }, { ip: '8.8.8.8' })).rejects.toMatchObject({ kind: 'validation' });
    }
    await expect(t.auth.changePassword(resolved, { currentPassword: creds.password, newPassword: 'new password' }, { ip: '8.8.8.8' })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(t.auth.login(creds, { ip: '8.8.8.8' })).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(t.events.map((e) => e.type)).toContain('password_change_throttled');
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
    await expect(t.auth.changePassword(resolvedA, { currentPassword: 'wrong', newPassword: 'new password' }, { ip: '1.1.1.1' })).rejects.toMatchObject({
      message: 'Current password is incorrect',
    });
    expect(await t.auth.changePassword(resolvedA, { currentPassword: creds.password, newPassword: 'new password' }, { ip: '1.1.1.1' })).toEqual({ endedSessions: 1 });
    expect(await t.auth.resolve(a.token)).not.toBeNull();
    expect(await t.auth.resolve(b.token)).toBeNull();
    await expect(t.auth.login(creds, { ip: '1.1.1.1' })).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(t.auth.login({ ...creds, password: 'new password' }, { ip: '1.1.1.1' })).resolves.toBeTruthy();
  });

  it('refuses a new password equal to the current one, naming the field', async () => {
    const a = await t.auth.register(creds);
    const resolved = (await t.auth.resolve(a.token))!;
    await expect(t.auth.changePassword(resolved, { currentPassword: creds.password, newPassword: creds.password }, { ip: '1.1.1.1' })).rejects.toMatchObject({
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

  it('grants and revokes the admin role through the operator path only, and logs both', async () => {
    const a = await t.auth.register(creds);
    const events: SecurityEvent[] = [];
    const options = { log: (e: SecurityEvent) => void events.push(e), actor: 'cli' };
    await changeRole(t.users, ' ANA@example.com ', 'admin', options);
    expect((await t.auth.resolve(a.token))?.viewer.role).toBe('admin');
    await changeRole(t.users, 'ana@example.com', 'user', options);
    expect((await t.auth.resolve(a.token))?.viewer.role).toBe('user');
    expect(events.map((e) => [e.type, e.userId, e.actor])).toEqual([['role_granted', 'u1', 'cli'], ['role_revoked', 'u1', 'cli']]);
    await expect(changeRole(t.users, 'nobody@example.com', 'admin', options)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
