import type { User as PublicUser } from '@app/contracts/auth';
import type { Clock } from '../clock.ts';
import { entitlementOf, type SubscriptionState } from './entitlement.ts';
import { activeBreakUntil, type Protections } from './protection.ts';
import type { Viewer } from './viewer.ts';

export type Role = 'user' | 'admin';

/** The Checkout session a user was last sent to; reused until it expires or is paid. */
export interface OpenCheckout {
  id: string;
  url: string;
}

/**
 * A user as stored. Every subscription's state is kept on the profile, keyed by the provider's
 * subscription id, so one read decides access.
 */
export interface UserRecord extends Protections {
  id: string;
  email: string;
  passwordHash: string;
  role: Role;
  createdAt: string;
  /**
   * Moves on by one with every password change, reset and self-exclusion; a session carries the
   * epoch it was issued under and dies when they differ (absent: 0).
   */
  passwordEpoch?: number;
  /** ISO-8601 UTC; set when the owner opened the verification link (or a password-reset link). */
  emailVerifiedAt?: string;
  stripeCustomerId?: string;
  subscriptions: Record<string, SubscriptionState>;
  openCheckout?: OpenCheckout;
  /** What the sign-up accepted (docs/responsible-gambling.md): the Terms' version, and when (ISO-8601 UTC). */
  termsVersion?: string;
  termsAcceptedAt?: string;
  /** When the person confirmed being 18 or older. */
  ageConfirmedAt?: string;
  /** When the latest break was taken; `breakUntil` (Protections) is when it ends. */
  breakStartedAt?: string;
  /** When the self-exclusion was requested; `selfExcludedUntil` (Protections) is when it ends. */
  selfExcludedAt?: string;
}

/** The user's password epoch (0 for a record written before epochs). */
export const passwordEpochOf = (user: Pick<UserRecord, 'passwordEpoch'>): number => user.passwordEpoch ?? 0;

export function entitlementOfUser(user: UserRecord, clock: Clock) {
  return entitlementOf(Object.values(user.subscriptions), clock.now());
}

export function subscriptionStatusOf(user: UserRecord, clock: Clock): 'free' | 'premium' {
  return entitlementOfUser(user, clock).premium ? 'premium' : 'free';
}

/** What the API shows of a user. */
export function toPublicUser(user: UserRecord, clock: Clock): PublicUser {
  const { premium, cancelAt } = entitlementOfUser(user, clock);
  return {
    id: user.id,
    email: user.email,
    emailVerified: Boolean(user.emailVerifiedAt),
    subscriptionStatus: premium ? 'premium' : 'free',
    role: user.role,
    cancelAt,
    breakUntil: activeBreakUntil(user, clock.now()) ?? null,
  };
}

export function toViewer(user: UserRecord, clock: Clock): Viewer {
  const breakUntil = activeBreakUntil(user, clock.now());
  return { userId: user.id, email: user.email, role: user.role, subscriptionStatus: subscriptionStatusOf(user, clock), ...(breakUntil ? { breakUntil } : {}) };
}
