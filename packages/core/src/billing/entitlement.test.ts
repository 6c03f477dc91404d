import { describe, expect, it } from 'vitest';
import { isEntitled, type SubscriptionState, type SubscriptionStatus } from './entitlement.ts';

const now = new Date('2026-11-22T12:00:00Z');
const nowS = now.getTime() / 1000;
const sub = (status: SubscriptionStatus, cancelAt: number | null = null): SubscriptionState => ({
  id: 'sub_1', status, cancelAt, currentPeriodEnd: nowS + 86_400, syncedAt: now.toISOString(),
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
});
