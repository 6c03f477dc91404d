import { describe, expect, it } from 'vitest';
import { makeAuthService } from '../auth/service.ts';
import { DAY_MS, fixedClock } from '../clock.ts';
import type { SecurityEvent } from '../security/events.ts';
import { InMemoryAttempts, InMemorySessions, InMemoryUsers, plainHasher, plainTokens, sequentialIds, signedUp } from '../testing/in-memory.ts';
import { seesPremiumContent } from '../account/viewer.ts';
import { makeResponsibleGamblingService } from './service.ts';
import { CONFIRM_ADDRESS_FIRST_MESSAGE } from '@app/contracts/responsible-gambling';
import type { NewPassword } from '../auth/password-policy.ts';

async function setup() {
  const clock = fixedClock('2026-03-14T10:00:00Z');
  const users = new InMemoryUsers();
  const sessions = new InMemorySessions(users);
  const events: SecurityEvent[] = [];
  const auth = makeAuthService({
    users,
    sessions,
    attempts: new InMemoryAttempts(),
    clock,
    hasher: plainHasher,
    tokens: plainTokens,
    ids: { user: sequentialIds('u'), session: sequentialIds('s') },
    security: (e) => void events.push(e),
  });
  const rg = makeResponsibleGamblingService({ users, sessions, confirmPassword: auth.confirmPassword, clock, security: (e) => void events.push(e) });
  const creds = { email: 'ana@example.com', password: 'correct horse' };
  let { token } = await signedUp(auth, users, creds);
  // Premium, as a paid subscription makes it.
  users.byId.get('u1')!.subscriptions = {
    sub_A: { id: 'sub_A', status: 'active', cancelAt: null, currentPeriodEnd: Date.parse('2026-05-01T00:00:00Z') / 1000, syncedAt: '2026-03-01T00:00:00Z' },
  };
  /** The user's session; signs in again once the test's clock has outlived the last one. */
  const resolved = async () => (await auth.resolve(token)) ?? (await auth.resolve((token = (await auth.login(creds, { ip: '1.1.1.1' })).token)))!;
  /** What the billing side was asked, in order. */
  const stops: string[] = [];
  const billing = {
    endPaymentSessions: async (user: { id: string }, reason: string) => void stops.push(`end sessions (${reason}): ${user.id}`),
    cancelAtPeriodEnd: async (user: { id: string }) => (stops.push(`cancel at period end: ${user.id}`), Date.parse('2026-04-01T00:00:00Z') / 1000),
  };
  return { auth, rg, clock, users, sessions, events, creds, resolved, token: () => token, billing, stops };
}

describe('ResponsibleGamblingService', () => {
  it('a break hides premium content from the server side until its end, and cannot be shortened', async () => {
    const t = await setup();
    expect(seesPremiumContent((await t.resolved()).viewer)).toBe(true);
    expect(await t.rg.takeBreak(await t.resolved(), { duration: '7d' }, { ip: '1.1.1.1' }, t.billing)).toEqual({ breakUntil: '2026-03-21T10:00:00.000Z' });
    const viewer = (await t.resolved()).viewer;
    expect(viewer).toMatchObject({ subscriptionStatus: 'premium', breakUntil: '2026-03-21T10:00:00.000Z' });
    expect(seesPremiumContent(viewer)).toBe(false);
    expect(t.auth.me(await t.resolved())).toMatchObject({ subscriptionStatus: 'premium', breakUntil: '2026-03-21T10:00:00.000Z' });

    await expect(t.rg.takeBreak(await t.resolved(), { duration: '24h' }, { ip: '1.1.1.1' }, t.billing)).rejects.toMatchObject({
      name: 'BreakCannotBeShortenedError',
      kind: 'conflict',
      message: 'You are already taking a break until Sat, 21 Mar 2026, 10:00 UTC. A break cannot be shortened; you can only choose a longer one.',
    });
    expect(await t.rg.takeBreak(await t.resolved(), { duration: '30d' }, { ip: '1.1.1.1' }, t.billing)).toEqual({ breakUntil: '2026-04-13T10:00:00.000Z' });
    expect(t.events.filter((e) => e.type === 'break_started').map((e) => e.detail?.duration)).toEqual(['7d', '30d']);
    // M3: each break ended the payment sessions opened before it (the refused one did nothing).
    expect(t.stops).toEqual(['end sessions (break): u1', 'end sessions (break): u1']);

    t.clock.set('2026-04-13T09:59:59Z');
    expect(seesPremiumContent((await t.resolved()).viewer)).toBe(false);
    t.clock.set('2026-04-13T10:00:00Z');
    expect(seesPremiumContent((await t.resolved()).viewer)).toBe(true);
    expect(t.auth.me(await t.resolved()).breakUntil).toBeNull();
  });

  it('the repository refuses a shorter break too, so two requests cannot race past the check', async () => {
    const t = await setup();
    await t.rg.takeBreak(await t.resolved(), { duration: '30d' }, { ip: '1.1.1.1' }, t.billing);
    await expect(t.users.startBreak('u1', t.clock.now().toISOString(), new Date(t.clock.now().getTime() + DAY_MS).toISOString())).rejects.toMatchObject({
      name: 'BreakCannotBeShortenedError',
    });
  });

  it('self-exclusion asks for the password, cancels at the period end, ends every session and locks sign-in for six months', async () => {
    const t = await setup();
    await expect(t.rg.selfExclude(await t.resolved(), { password: 'wrong one', confirm: true }, { ip: '1.1.1.1' }, t.billing)).rejects.toMatchObject({
      kind: 'validation',
      field: 'password',
    });
    expect(t.stops).toEqual([]);
    expect(t.events.map((e) => e.type)).toContain('self_exclusion_failed');

    expect(await t.rg.selfExclude(await t.resolved(), { password: t.creds.password, confirm: true }, { ip: '1.1.1.1' }, t.billing)).toEqual({
      excludedUntil: '2026-09-14T10:00:00.000Z',
      subscriptionEndsAt: Date.parse('2026-04-01T00:00:00Z') / 1000,
    });
    // M3: the payment sessions end before the subscription is set to end.
    expect(t.stops).toEqual(['end sessions (self_exclusion): u1', 'cancel at period end: u1']);
    expect(await t.auth.resolve(t.token())).toBeNull();
    expect(t.sessions.items.size).toBe(0);
    await expect(t.auth.login(t.creds, { ip: '1.1.1.1' })).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await t.users.get('u1')).toMatchObject({ selfExcludedAt: '2026-03-14T10:00:00.000Z', selfExcludedUntil: '2026-09-14T10:00:00.000Z' });
  });

  it('M1: an unconfirmed address can take neither a break nor a self-exclusion (403 saying why); nothing is recorded, nothing of billing is touched', async () => {
    const t = await setup();
    const intruder = await t.auth.register(
      { email: 'victim@example.com', password: 'intruder chose this' as NewPassword, acceptTerms: true, confirmAge: true },
      { ip: '6.6.6.6' },
    );
    const session = (await t.auth.resolve(intruder.token))!;
    expect(session.user.emailVerifiedAt).toBeUndefined();
    const refused = { name: 'AddressNotConfirmedError', kind: 'forbidden', message: CONFIRM_ADDRESS_FIRST_MESSAGE };
    await expect(t.rg.takeBreak(session, { duration: '30d' }, { ip: '6.6.6.6' }, t.billing)).rejects.toMatchObject(refused);
    await expect(t.rg.selfExclude(session, { password: 'intruder chose this', confirm: true }, { ip: '6.6.6.6' }, t.billing)).rejects.toMatchObject(refused);
    const stored = await t.users.get(intruder.user.id);
    expect(stored?.breakUntil).toBeUndefined();
    expect(stored?.selfExcludedUntil).toBeUndefined();
    expect(t.stops).toEqual([]);
    expect(t.events.filter((e) => e.type === 'break_started' || e.type === 'self_excluded')).toEqual([]);
    // Once the address is proved (the emailed link), both work.
    await t.users.markEmailVerified(intruder.user.id, '2026-03-14T10:00:00.000Z');
    expect(await t.rg.takeBreak((await t.auth.resolve(intruder.token))!, { duration: '24h' }, { ip: '6.6.6.6' }, t.billing)).toEqual({
      breakUntil: '2026-03-15T10:00:00.000Z',
    });
  });
});
