import type { User as PublicUser } from '@app/contracts/auth';
import type { Clock } from '../clock.ts';
import { isEntitled, type SubscriptionState } from '../billing/entitlement.ts';
import type { Viewer } from '../viewer.ts';

export type Role = 'user' | 'admin';

/** A user as stored. The subscription summary is kept on the profile so one read decides access. */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  role: Role;
  createdAt: string;
  stripeCustomerId?: string;
  subscription?: SubscriptionState;
}

export function subscriptionStatusOf(user: UserRecord, clock: Clock): 'free' | 'premium' {
  return user.subscription && isEntitled(user.subscription, clock.now()) ? 'premium' : 'free';
}

/** What the API shows of a user. */
export function toPublicUser(user: UserRecord, clock: Clock): PublicUser {
  const status = subscriptionStatusOf(user, clock);
  const cancelAt = status === 'premium' ? (user.subscription?.cancelAt ?? null) : null;
  return { id: user.id, email: user.email, subscriptionStatus: status, role: user.role, cancelAt };
}

export function toViewer(user: UserRecord, clock: Clock): Viewer {
  return { userId: user.id, email: user.email, role: user.role, subscriptionStatus: subscriptionStatusOf(user, clock) };
}
