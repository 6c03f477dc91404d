import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import type { EmailRequest } from '../email/ports.ts';
import { InMemoryAttempts, InMemorySessions, InMemoryUsers, plainHasher, plainTokens, sequentialIds, signedUp } from '../testing/in-memory.ts';
import { makeOneTimeTokens, type OneTimeTokenRepository, type StoredToken } from './one-time-tokens.ts';
import type { SessionRepository } from './ports.ts';
import { makeRecoveryService } from './recovery.ts';
import type { SecurityEvent } from '../security/events.ts';
import { changeRole } from './admin-role.ts';
import { ACCOUNT_POLICY, MAIL_NETWORK_POLICY, NETWORK_POLICY, SIGNUP_ADDRESS_POLICY } from '../security/attempts.ts';
import type { NewPassword } from './password-policy.ts';
import { EMAIL_TAKEN_MESSAGE } from './errors.ts';
import { INVALID_CREDENTIALS, makeAuthService } from './service.ts';
import { TERMS_VERSION } from '@app/contracts/responsible-gambling';

/** The session store's methods, bound to it (a spread of a class instance copies none). */
function bindAll<T extends object>(object: T): SessionRepository {
  const proto = Object.getPrototypeOf(object) as Record<string, unknown>;
  const methods = Object.getOwnPropertyNames(proto).filter((name) => name !== 'constructor' && typeof proto[name] === 'function');
  return Object.fromEntries(methods.map((name) => [name, (proto[name] as (...args: unknown[]) => unknown).bind(object)])) as unknown as SessionRepository;
}

/** One-time tokens kept in a map (the DynamoDB store has its own tests). */
class InMemoryTokenRepository implements OneTimeTokenRepository {
  readonly items = new Map<string, StoredToken>();
  async put(token: StoredToken) {
    this.items.set(`${token.userId}/${token.purpose}`, token);
  }
  async consume(userId: string, purpose: StoredToken['purpose'], secretHash: string, now: number) {
    const live = await this.isLive(userId, purpose, secretHash, now);
    if (live) this.items.delete(`${userId}/${purpose}`);
    return live;
  }
  async isLive(userId: string, purpose: StoredToken['purpose'], secretHash: string, now: number) {
    const item = this.items.get(`${userId}/${purpose}`);
    return item !== undefined && item.secretHash === secretHash && item.expiresAt > now;
  }
}

function setup() {
  const clock = fixedClock('2026-11-22T12:00:00Z');
  const users = new InMemoryUsers();
  const sessions = new InMemorySessions(users);
  const attempts = new InMemoryAttempts();
  const events: SecurityEvent[] = [];
  const mail: EmailRequest[] = [];
  /** How many password checks were made: the work a login's answer costs (what its time shows). */
  const checks = { count: 0 };
  const auth = makeAuthService({
    users,
    sessions,
    attempts,
    clock,
    hasher: { ...plainHasher, verify: (p, stored) => ((checks.count += 1), plainHasher.verify(p, stored)) },
    tokens: plainTokens,
    ids: { user: sequentialIds('u'), session: sequentialIds('s') },
    security: (e) => void events.push(e),
    requestEmail: async (request) => void mail.push(request),
  });
  return { auth, clock, users, sessions, attempts, events, mail, checks, signedUp: (c = creds, ip = '1.1.1.1') => signedUp(auth, users, c, ip) };
}

/** A sign-up body with both boxes ticked; core tests skip the policy's list (the handlers apply it; password-policy.test.ts tests it). */
const withPolicy = <T extends { password: string }>(body: T) => ({
  ...body,
  password: body.password as NewPassword,
  acceptTerms: true as const,
  confirmAge: true as const,
});
const newPassword = (p: string) => p as NewPassword;
const creds = { email: 'ana@example.com', password: 'correct horse' };

describe('AuthService', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('signs up a free, unconfirmed user, signed in at once, and sends the verification link; never an admin', async () => {
    const issued = await t.auth.register(withPolicy(creds), { ip: '1.1.1.1' });
    expect(issued.user).toEqual({
      id: 'u1',
      email: creds.email,
      emailVerified: false,
      subscriptionStatus: 'free',
      role: 'user',
      cancelAt: null,
      breakUntil: null,
    });
    expect((await t.auth.resolve(issued.token))?.viewer).toMatchObject({ userId: 'u1', role: 'user', subscriptionStatus: 'free' });
    expect((await t.users.getByEmail(creds.email))?.emailVerifiedAt).toBeUndefined();
    expect(t.mail).toEqual([{ template: 'verify-email', userId: 'u1' }]);
  });

  it('stores what the sign-up accepted: the Terms version and when the terms and the age were confirmed', async () => {
    await t.auth.register(withPolicy(creds), { ip: '1.1.1.1' });
    expect(await t.users.getByEmail(creds.email)).toMatchObject({
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: '2026-11-22T12:00:00.000Z',
      ageConfirmedAt: '2026-11-22T12:00:00.000Z',
    });
  });

  it('a self-excluded account: a right password is told until when, a wrong one looks like any other; its sessions open nothing', async () => {
    const { token } = await t.signedUp();
    await t.users.selfExclude('u1', '2026-11-22T12:00:00.000Z', '2027-05-22T12:00:00.000Z');
    expect(await t.auth.resolve(token)).toBeNull();
    await expect(t.auth.login(creds, { ip: '1.1.1.1' })).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'This account is self-excluded until Sat, 22 May 2027, 12:00 UTC. It cannot be used before then.',
    });
    await expect(t.auth.login({ ...creds, password: 'nope' }, { ip: '1.1.1.1' })).rejects.toMatchObject({ kind: 'unauthorized', message: INVALID_CREDENTIALS });
    expect(t.events.filter((e) => e.type === 'login_refused_self_excluded')).toHaveLength(1);
    t.clock.set('2027-05-22T12:00:01Z');
    expect((await t.auth.login(creds, { ip: '1.1.1.1' })).user.email).toBe(creds.email);
  });

  it('sign-up: a taken address is a 409 that offers login and reset, changes nothing, and the owner hears of it', async () => {
    await t.auth.register(withPolicy(creds), { ip: '1.1.1.1' });
    await expect(t.auth.register(withPolicy({ ...creds, password: 'another password' }), { ip: '1.1.1.2' })).rejects.toMatchObject({
      kind: 'conflict',
      message: EMAIL_TAKEN_MESSAGE,
    });
    expect(EMAIL_TAKEN_MESSAGE).toMatch(/Log in, or choose a new password with "Forgot password\?"/);
    expect(t.mail).toEqual([
      { template: 'verify-email', userId: 'u1' },
      { template: 'account-exists', email: creds.email },
    ]);
    expect((await t.users.getByEmail(creds.email))?.passwordHash).toBe('plain$correct horse');
    expect(t.events.filter((e) => e.type === 'signup_requested').map((e) => e.detail?.taken)).toEqual([false, true]);
  });

  it('sign-up: two sign-ups racing for one address make one account; the loser gets the 409', async () => {
    const both = await Promise.allSettled([t.auth.register(withPolicy(creds), { ip: '1.1.1.1' }), t.auth.register(withPolicy(creds), { ip: '1.1.1.2' })]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(both.find((r) => r.status === 'rejected')).toMatchObject({ reason: { kind: 'conflict' } });
    expect(t.users.byId.size).toBe(1);
  });

  it('sign-up has a throttle of its own: per address from anywhere, per network across addresses', async () => {
    // The first creates the account, the next two are 409s (a taken address counts like a new one), the fourth waits.
    await t.auth.register(withPolicy(creds), { ip: '7.7.7.0' });
    for (let i = 1; i < SIGNUP_ADDRESS_POLICY.freeAttempts; i++)
      await expect(t.auth.register(withPolicy(creds), { ip: `7.7.7.${i}` })).rejects.toMatchObject({ kind: 'conflict' });
    await expect(t.auth.register(withPolicy(creds), { ip: '7.7.8.1' })).rejects.toMatchObject({ kind: 'rate_limited' });
    for (let i = 0; i < MAIL_NETWORK_POLICY.freeAttempts; i++) await t.auth.register(withPolicy({ ...creds, email: `n${i}@example.com` }), { ip: '6.6.6.6' });
    await expect(t.auth.register(withPolicy({ ...creds, email: 'last@example.com' }), { ip: '6.6.6.6' })).rejects.toMatchObject({ kind: 'rate_limited' });
    await t.auth.register(withPolicy({ ...creds, email: 'last@example.com' }), { ip: '6.6.6.7' });
    expect(t.events.filter((e) => e.type === 'signup_throttled')).toHaveLength(2);
  });

  it('L3 (fifth audit): sign-ups for one address, tried every 10 minutes from anywhere for a day, reach its inbox 3 times', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 144; i++) {
      statuses.push(
        await t.auth.register(withPolicy(creds), { ip: `7.8.${i % 250}.1` }).then(
          () => 'created',
          (e: { kind: string }) => e.kind,
        ),
      );
      t.clock.advance(10 * 60_000);
    }
    expect(statuses.slice(0, 3)).toEqual(['created', 'conflict', 'conflict']);
    expect(statuses.slice(3).every((s) => s === 'rate_limited')).toBe(true);
    expect(t.mail).toHaveLength(3);
    // A day after the third, the address may try again.
    t.clock.advance(30 * 60_000);
    await expect(t.auth.register(withPolicy(creds), { ip: '7.9.0.1' })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('an unconfirmed account signs in with its password; a wrong one is answered like an unknown email', async () => {
    await t.auth.register(withPolicy(creds), { ip: '1.1.1.1' });
    expect((await t.auth.login(creds, { ip: '1.1.1.1' })).user).toMatchObject({ email: creds.email, emailVerified: false });
    await expect(t.auth.login({ ...creds, password: 'nope' }, { ip: '1.1.1.1' })).rejects.toMatchObject({ kind: 'unauthorized', message: INVALID_CREDENTIALS });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    await t.signedUp();
    const wrong = t.auth.login({ ...creds, password: 'nope' }, { ip: '1.1.1.1' });
    const unknown = t.auth.login({ ...creds, email: 'who@example.com' }, { ip: '1.1.1.2' });
    await expect(wrong).rejects.toMatchObject({ kind: 'unauthorized', message: INVALID_CREDENTIALS });
    await expect(unknown).rejects.toMatchObject({ kind: 'unauthorized', message: INVALID_CREDENTIALS });
  });

  it('lets 5 attempts through at once, then one per doubling delay; refused attempts do not lengthen the wait', async () => {
    await t.signedUp();
    const ip = { ip: '10.0.0.1' };
    for (let i = 0; i < 5; i++) await expect(t.auth.login({ ...creds, password: 'nope' }, ip)).rejects.toMatchObject({ kind: 'unauthorized' });
    const sixth = t.auth.login(creds, ip);
    await expect(sixth).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: ACCOUNT_POLICY.baseDelayMs / 1000 });
    // Hammering while refused changes nothing.
    t.clock.advance(30_000);
    await expect(t.auth.login(creds, ip)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 30 });
    t.clock.advance(30_000);
    await expect(t.auth.login({ ...creds, password: 'nope' }, ip)).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(t.auth.login(creds, ip)).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: (2 * ACCOUNT_POLICY.baseDelayMs) / 1000 });
    t.clock.advance(2 * ACCOUNT_POLICY.baseDelayMs);
    await expect(t.auth.login(creds, ip)).resolves.toMatchObject({ user: { email: creds.email } });
    expect(t.events.filter((e) => e.type === 'login_throttled')).toHaveLength(3);
    expect(t.events.filter((e) => e.type === 'login_failed').every((e) => e.userId === 'u1' && e.network === '10.0.0.1')).toBe(true);
  });

  it("an attacker's failures never slow down the owner on another network, and a success clears only that account's counter", async () => {
    await t.signedUp();
    for (let i = 0; i < 12; i++) await t.auth.login({ ...creds, password: 'nope' }, { ip: '2001:db8:1:2::1' }).catch(() => {});
    // Rotating addresses inside the /64 does not escape.
    await expect(t.auth.login(creds, { ip: '2001:db8:1:2:ffff::9' })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(t.auth.login(creds, { ip: '2001:db8:1:3::1' })).resolves.toMatchObject({ user: { email: creds.email } });
  });

  it("M2: one account's failures never lock its network: refused attempts are not charged to the address", async () => {
    await t.signedUp();
    await t.signedUp({ email: 'bo@example.com', password: 'bo password' });
    // A storm against Ana from the office: 5 checks, then 200 refused attempts.
    for (let i = 0; i < 205; i++) await t.auth.login({ ...creds, password: `guess ${i}` }, { ip: '10.1.1.1' }).catch(() => {});
    expect(t.events.filter((e) => e.type === 'login_failed' && e.network === '10.1.1.1')).toHaveLength(5);
    // Bo, behind the same address, signs in at once.
    await expect(t.auth.login({ email: 'bo@example.com', password: 'bo password' }, { ip: '10.1.1.1' })).resolves.toMatchObject({
      user: { email: 'bo@example.com' },
    });
  });

  it('charges the network for failed checks, never for a success, and lets an office fail 100 times first', async () => {
    await t.signedUp();
    await t.signedUp({ email: 'bo@example.com', password: 'correct horse' });
    // Successes cost the network nothing.
    for (let i = 0; i < 150; i++) await t.auth.login(creds, { ip: '9.9.9.9' });
    for (let i = 0; i < NETWORK_POLICY.freeAttempts; i++) {
      // Two each against Ana's and Bo's accounts, then one each against other existing accounts.
      const email = i % 2 ? creds.email : 'bo@example.com';
      await t.users.create({
        id: `n${i}`,
        email: `n${i}@example.com`,
        passwordHash: 'plain$secret words',
        role: 'user',
        createdAt: '2026-01-01T00:00:00.000Z',
        subscriptions: {},
      });
      await expect(t.auth.login({ email: i < 4 ? email : `n${i}@example.com`, password: 'x' }, { ip: '9.9.9.9' })).rejects.toMatchObject({
        kind: 'unauthorized',
      });
    }
    await expect(t.auth.login(creds, { ip: '9.9.9.9' })).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(t.auth.login(creds, { ip: '9.9.9.10' })).resolves.toBeTruthy();
    // An hour later the leak has made room again.
    t.clock.advance(60 * 60_000);
    await expect(t.auth.login(creds, { ip: '9.9.9.9' })).resolves.toBeTruthy();
  });

  it("L1: guesses at made-up addresses never lock a real user's right password on that network; they have a budget of their own", async () => {
    await t.signedUp();
    const office = { ip: '9.9.8.1' };
    // 22 unknown addresses x 5 wrong passwords (the audit's storm): 110 guesses.
    const statuses: string[] = [];
    for (let a = 0; a < 22; a++) {
      for (let g = 0; g < 5; g++)
        statuses.push(
          await t.auth.login({ email: `nobody${a}@example.com`, password: `guess ${g}` }, office).then(
            () => 'ok',
            (e: { kind: string }) => e.kind,
          ),
        );
    }
    expect(statuses.slice(0, NETWORK_POLICY.freeAttempts).every((s) => s === 'unauthorized')).toBe(true);
    expect(statuses.slice(NETWORK_POLICY.freeAttempts)).toContain('rate_limited');
    // The owner behind the same address signs in, and the per-account rule still holds for a known account
    // (its wrong passwords answered as an unknown address's are while that budget refuses: M2).
    await expect(t.auth.login(creds, office)).resolves.toMatchObject({ user: { email: creds.email } });
    for (let g = 0; g < ACCOUNT_POLICY.freeAttempts; g++)
      await expect(t.auth.login({ ...creds, password: `wrong ${g}` }, office)).rejects.toMatchObject({ kind: 'rate_limited' });
    const checked = t.checks.count;
    await expect(t.auth.login(creds, office)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(t.checks.count, 'the account rule refuses before any check').toBe(checked);
  });

  describe('M2 (fifth audit): once a network budget refuses, a known and an unknown address get one answer for the same work', () => {
    /** What a login shows a client: its answer and how many password checks it cost. */
    const outcome = async (email: string, ip: string) => {
      const before = t.checks.count;
      const answer = await t.auth.login({ email, password: 'a guess' }, { ip }).then(
        () => ({ kind: 'ok' }) as Record<string, unknown>,
        (e: { kind: string; message: string; retryAfterSeconds?: number }) => ({ kind: e.kind, message: e.message, retryAfterSeconds: e.retryAfterSeconds }),
      );
      return { ...answer, checks: t.checks.count - before };
    };

    it('the unknown-address budget spent (about 100 misses on made-up addresses): known and unknown alike, each checked; the owner still signs in', async () => {
      await t.signedUp();
      const office = '9.9.7.1';
      for (let i = 0; i < NETWORK_POLICY.freeAttempts + 1; i++)
        await t.auth.login({ email: `made-up${i}@example.com`, password: 'x' }, { ip: office }).catch(() => undefined);
      const known = await outcome(creds.email, office);
      const unknown = await outcome('never-signed-up@example.com', office);
      expect(unknown).toMatchObject({ kind: 'rate_limited', message: 'Too many attempts. Try again later.', checks: 1 });
      expect(known).toEqual(unknown);
      // 16 more candidates, half of them real: not one told apart.
      for (let i = 0; i < 8; i++) await t.signedUp({ email: `real${i}@example.com`, password: 'correct horse' }, '8.8.8.8');
      const answers = new Set<string>();
      for (let i = 0; i < 8; i++) {
        answers.add(JSON.stringify(await outcome(`real${i}@example.com`, office)));
        answers.add(JSON.stringify(await outcome(`ghost${i}@example.com`, office)));
      }
      expect([...answers]).toEqual([JSON.stringify(unknown)]);
      // L1 holds: the owner's right password behind the same address.
      await expect(t.auth.login(creds, { ip: office })).resolves.toMatchObject({ user: { email: creds.email } });
    });

    it('the known-accounts budget spent (100 failures against real accounts): known and unknown alike, refused before any check', async () => {
      const office = '9.9.7.2';
      for (let i = 0; i < NETWORK_POLICY.freeAttempts / ACCOUNT_POLICY.freeAttempts + 1; i++) {
        await t.signedUp({ email: `staff${i}@example.com`, password: 'correct horse' }, '8.8.8.8');
        for (let g = 0; g < ACCOUNT_POLICY.freeAttempts; g++)
          await t.auth.login({ email: `staff${i}@example.com`, password: `wrong ${g}` }, { ip: office }).catch(() => undefined);
      }
      const known = await outcome('staff0@example.com', office);
      const fresh = await outcome(`staff${NETWORK_POLICY.freeAttempts / ACCOUNT_POLICY.freeAttempts}@example.com`, office);
      const unknown = await outcome('never-signed-up@example.com', office);
      expect(unknown).toMatchObject({ kind: 'rate_limited', message: 'Too many attempts. Try again later.', checks: 0 });
      expect(known).toEqual(unknown);
      expect(fresh).toEqual(unknown);
    });
  });

  it('change-password is counted by the same limiter', async () => {
    const { token } = await t.signedUp(creds, '8.8.8.8');
    const resolved = (await t.auth.resolve(token))!;
    for (let i = 0; i < 5; i++) {
      await expect(
        t.auth.changePassword(resolved, { currentPassword: `guess ${i}`, newPassword: newPassword('new password') }, { ip: '8.8.8.8' }),
      ).rejects.toMatchObject({ kind: 'validation' });
    }
    await expect(
      t.auth.changePassword(resolved, { currentPassword: creds.password, newPassword: newPassword('new password') }, { ip: '8.8.8.8' }),
    ).rejects.toMatchObject({ kind: 'rate_limited' });
    await expect(t.auth.login(creds, { ip: '8.8.8.8' })).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(t.events.map((e) => e.type)).toContain('password_change_throttled');
  });

  it('ends a session after 7 idle days and after 30 days in any case', async () => {
    const { token } = await t.signedUp();
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
    const a = await t.signedUp();
    const b = await t.auth.login(creds, { ip: '1.1.1.1' });
    const c = await t.auth.login(creds, { ip: '1.1.1.1' });
    await t.auth.logout(await t.auth.resolve(c.token));
    expect(await t.auth.resolve(c.token)).toBeNull();

    const resolvedA = (await t.auth.resolve(a.token))!;
    await expect(
      t.auth.changePassword(resolvedA, { currentPassword: 'wrong', newPassword: newPassword('new password') }, { ip: '1.1.1.1' }),
    ).rejects.toMatchObject({
      message: 'Current password is incorrect',
    });
    expect(await t.auth.changePassword(resolvedA, { currentPassword: creds.password, newPassword: newPassword('new password') }, { ip: '1.1.1.1' })).toEqual({
      endedSessions: 1,
    });
    expect(await t.auth.resolve(a.token)).not.toBeNull();
    expect(await t.auth.resolve(b.token)).toBeNull();
    await expect(t.auth.login(creds, { ip: '1.1.1.1' })).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(t.auth.login({ ...creds, password: 'new password' }, { ip: '1.1.1.1' })).resolves.toBeTruthy();
  });

  describe('M1: a session is bound to the password it was issued under', () => {
    /** An auth service over the same stores whose session writes wait at a gate: a login caught between its password check and its write. */
    function withHeldSessionWrites() {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const held: Array<() => void> = [];
      const reached = () => new Promise<void>((resolve) => held.push(resolve));
      let arrived = reached();
      const sessions = {
        ...bindAll(t.sessions),
        create: async (session: Parameters<typeof t.sessions.create>[0]) => {
          held.shift()?.();
          arrived = reached();
          await gate;
          return t.sessions.create(session);
        },
      };
      const racing = makeAuthService({
        users: t.users,
        sessions,
        attempts: t.attempts,
        clock: t.clock,
        hasher: plainHasher,
        tokens: plainTokens,
        ids: { user: sequentialIds('x'), session: sequentialIds('r') },
      });
      return { racing, release, arrived: () => arrived };
    }

    function recoveryOver() {
      const store = new InMemoryTokenRepository();
      const recovery = makeRecoveryService({
        users: t.users,
        sessions: t.sessions,
        hasher: plainHasher,
        attempts: t.attempts,
        tokens: store,
        requestEmail: async () => {},
        clock: t.clock,
      });
      const links = makeOneTimeTokens(store, () => t.clock.now().getTime());
      return { recovery, resetLink: (userId: string) => links.issue(userId, 'password-reset') };
    }

    it('a login that checked the old password before a reset and writes its session after it never resolves', async () => {
      await t.signedUp();
      const { racing, release, arrived } = withHeldSessionWrites();
      const { recovery, resetLink } = recoveryOver();
      const waiting = arrived();
      const login = racing.login(creds, { ip: '1.1.1.9' });
      await waiting;
      await recovery.confirmPasswordReset({ token: await resetLink('u1'), password: newPassword('the owner took it back') }, { ip: '1.1.1.1' });
      release();
      const late = await login;
      expect(await t.auth.resolve(late.token)).toBeNull();
      expect((await t.auth.login({ ...creds, password: 'the owner took it back' }, { ip: '1.1.1.1' })).user.email).toBe(creds.email);
    });

    it('logins racing a reset from four loops: not one session survives it', async () => {
      const before = await t.signedUp();
      const { recovery, resetLink } = recoveryOver();
      // Session writes land a turn of the event loop after the password check, as over a network.
      const sessions = {
        ...bindAll(t.sessions),
        create: async (s: Parameters<typeof t.sessions.create>[0]) => (await new Promise((r) => setImmediate(r)), t.sessions.create(s)),
      };
      const loops = makeAuthService({
        users: t.users,
        sessions,
        attempts: t.attempts,
        clock: t.clock,
        hasher: plainHasher,
        tokens: plainTokens,
        ids: { user: sequentialIds('x'), session: sequentialIds('l') },
      });
      const issued: string[] = [before.token];
      let resetDone = false;
      const loop = async (ip: string) => {
        while (!resetDone) issued.push((await loops.login(creds, { ip }).catch(() => undefined))?.token ?? '');
        // The logins that had checked the old password before the reset finish after it.
        for (let i = 0; i < 3; i++) issued.push((await loops.login(creds, { ip }).catch(() => undefined))?.token ?? '');
      };
      const running = ['2.2.2.1', '2.2.2.2', '2.2.2.3', '2.2.2.4'].map(loop);
      await new Promise((r) => setImmediate(r));
      await recovery.confirmPasswordReset({ token: await resetLink('u1'), password: newPassword('the owner took it back') }, { ip: '1.1.1.1' });
      resetDone = true;
      await Promise.all(running);
      const tokens = issued.filter(Boolean);
      expect(tokens.length).toBeGreaterThan(4);
      const surviving = [];
      for (const token of tokens) if (await t.auth.resolve(token)) surviving.push(token);
      expect(surviving).toEqual([]);
    });

    it('a password change: the changing session lives on, a login in flight with the old password does not', async () => {
      const mine = await t.signedUp();
      const { racing, release, arrived } = withHeldSessionWrites();
      const waiting = arrived();
      const login = racing.login(creds, { ip: '1.1.1.9' });
      await waiting;
      await t.auth.changePassword(
        (await t.auth.resolve(mine.token))!,
        { currentPassword: creds.password, newPassword: newPassword('a changed password') },
        { ip: '1.1.1.1' },
      );
      release();
      expect(await t.auth.resolve((await login).token)).toBeNull();
      expect(await t.auth.resolve(mine.token)).not.toBeNull();
    });

    it('two password changes at once: one wins, the other is refused and changes nothing', async () => {
      const mine = await t.signedUp();
      const resolved = (await t.auth.resolve(mine.token))!;
      await t.auth.changePassword(resolved, { currentPassword: creds.password, newPassword: newPassword('first change') }, { ip: '1.1.1.1' });
      // The same resolved session, read before the first change: refused.
      await expect(
        t.auth.changePassword(resolved, { currentPassword: creds.password, newPassword: newPassword('second change') }, { ip: '1.1.1.1' }),
      ).rejects.toMatchObject({
        name: 'PasswordChangedMeanwhileError',
        kind: 'conflict',
      });
      expect((await t.users.get('u1'))?.passwordHash).toBe('plain$first change');
    });

    it('self-exclusion moves the epoch on: a session from before does not come back when the exclusion ends', async () => {
      const { token } = await t.signedUp();
      await t.users.selfExclude('u1', '2026-11-22T12:00:00.000Z', '2026-11-23T12:00:00.000Z');
      t.clock.set('2026-11-23T12:00:01Z');
      expect(await t.auth.resolve(token)).toBeNull();
      expect((await t.users.get('u1'))?.passwordEpoch).toBe(1);
    });
  });

  it('refuses a new password equal to the current one, naming the field', async () => {
    const a = await t.signedUp();
    const resolved = (await t.auth.resolve(a.token))!;
    await expect(
      t.auth.changePassword(resolved, { currentPassword: creds.password, newPassword: newPassword(creds.password) }, { ip: '1.1.1.1' }),
    ).rejects.toMatchObject({
      kind: 'validation',
      field: 'newPassword',
      message: 'The new password must be different from the current one.',
    });
    await expect(t.auth.login(creds, { ip: '1.1.1.1' })).resolves.toBeTruthy();
  });

  it('deletes the account only with its password, so the email can sign up again', async () => {
    const a = await t.signedUp();
    const cancelled: string[] = [];
    const resolved = (await t.auth.resolve(a.token))!;
    await expect(t.auth.deleteAccount(resolved, { password: 'not it' }, { ip: '1.1.1.1' }, async (u) => void cancelled.push(u.id))).rejects.toMatchObject({
      kind: 'validation',
      field: 'password',
    });
    expect(await t.auth.resolve(a.token)).not.toBeNull();
    expect(t.events.map((e) => e.type)).toContain('account_delete_failed');
    await t.auth.deleteAccount(resolved, { password: creds.password }, { ip: '1.1.1.1' }, async (u) => void cancelled.push(u.id));
    expect(cancelled).toEqual([]);
    expect(await t.auth.resolve(a.token)).toBeNull();
    await t.auth.register(withPolicy(creds), { ip: '1.1.1.1' });
    expect(t.mail.at(-1)).toEqual({ template: 'verify-email', userId: 'u2' });
  });

  it('grants and revokes the admin role through the operator path only, and logs both', async () => {
    const a = await t.signedUp();
    const events: SecurityEvent[] = [];
    const options = {
      log: (e: SecurityEvent) => void events.push(e),
      actor: 'ops',
      origin: 'laptop (npm run admin)',
      clock: t.clock,
      newId: sequentialIds('rc'),
    };
    await changeRole(t.users, ' ANA@example.com ', 'admin', options);
    expect((await t.auth.resolve(a.token))?.viewer.role).toBe('admin');
    await changeRole(t.users, 'ana@example.com', 'user', options);
    expect((await t.auth.resolve(a.token))?.viewer.role).toBe('user');
    expect(events.map((e) => [e.type, e.userId, e.actor])).toEqual([
      ['role_granted', 'u1', 'ops'],
      ['role_revoked', 'u1', 'ops'],
    ]);
    // Each change is written with the role (who, whom, when, from where).
    expect(t.users.roleChanges).toEqual([
      {
        id: 'rc1',
        at: '2026-11-22T12:00:00.000Z',
        type: 'role_granted',
        userId: 'u1',
        email: 'ana@example.com',
        actor: 'ops',
        origin: 'laptop (npm run admin)',
      },
      {
        id: 'rc2',
        at: '2026-11-22T12:00:00.000Z',
        type: 'role_revoked',
        userId: 'u1',
        email: 'ana@example.com',
        actor: 'ops',
        origin: 'laptop (npm run admin)',
      },
    ]);
    await expect(changeRole(t.users, 'nobody@example.com', 'admin', options)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('M5: the admin role goes only to a confirmed address; revoking works on any account', async () => {
    await t.auth.register(withPolicy(creds), { ip: '1.1.1.1' });
    const options = { log: () => {}, actor: 'ops', origin: 'laptop', clock: t.clock, newId: sequentialIds('rc') };
    await expect(changeRole(t.users, creds.email, 'admin', options)).rejects.toMatchObject({ kind: 'forbidden', name: 'UnconfirmedAccountError' });
    expect((await t.users.getByEmail(creds.email))?.role).toBe('user');
    expect(t.users.roleChanges).toEqual([]);
    await changeRole(t.users, creds.email, 'user', options);
    expect(t.users.roleChanges.map((c) => c.type)).toEqual(['role_revoked']);
  });
});
