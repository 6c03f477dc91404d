import { describe, expect, it } from 'vitest';
import { entitlementOf, isEntitled, RENEWAL_GRACE_SECONDS, type SubscriptionState, type SubscriptionStatus } from './entitlement.ts';

const now = new Date('2026-11-22T12:00:00Z');
const nowS = now.getTime() / 1000;
const sub = (status: SubscriptionStatus, cancelAt: number | null = null, currentPeriodEnd = nowS + 86_400, id = 'sub_1'): SubscriptionState => ({
  id,
  status,
  cancelAt,
  currentPeriodEnd,
  syncedAt: now.toISOString(),
});

describe('entitlement', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['past_due', true],
    ['canceled', false],
    ['unpaid', false],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['paused', false],
  ] as const)('%s -> premium %s', (status, expected) => {
    expect(isEntitled(sub(status), now)).toBe(expected);
  });

  it('keeps a pending cancellation premium until its date, and not after', () => {
    expect(isEntitled(sub('active', nowS + 1), now)).toBe(true);
    expect(isEntitled(sub('active', nowS), now)).toBe(false);
  });

  it('honours the paid period: an active subscription with no news past its period end and the grace is free', () => {
    expect(isEntitled(sub('active', null, nowS - RENEWAL_GRACE_SECONDS + 1), now)).toBe(true);
    expect(isEntitled(sub('active', null, nowS - RENEWAL_GRACE_SECONDS), now)).toBe(false);
  });

  it('derives the user from all subscriptions: any entitling one makes premium; cancelAt only when none renews', () => {
    const old = sub('canceled', null, nowS - 40 * 86_400, 'sub_A');
    const current = sub('active', null, nowS + 86_400, 'sub_B');
    const ending = sub('active', nowS + 3_600, nowS + 3_600, 'sub_C');
    expect(entitlementOf([old], now)).toMatchObject({ premium: false, cancelAt: null });
    expect(entitlementOf([old, current], now)).toMatchObject({ premium: true, cancelAt: null });
    expect(entitlementOf([old, ending], now)).toMatchObject({ premium: true, cancelAt: nowS + 3_600 });
    expect(entitlementOf([ending, current], now)).toMatchObject({ premium: true, cancelAt: null });
  });
});
