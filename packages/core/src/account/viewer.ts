import { ForbiddenError } from '../errors.ts';
import { utcInstant } from '../text.ts';

/** Who is asking: resolved from the session cookie on every request; null for a visitor. */
export interface Viewer {
  userId: string;
  email: string;
  role: 'user' | 'admin';
  subscriptionStatus: 'free' | 'premium';
  /** Set while the user takes a break (ISO-8601 UTC end): no premium content reaches them until then. */
  breakUntil?: string;
}

/**
 * Whether the viewer sees premium content (probabilities, value flags, analytics, the ledger): a
 * premium subscriber who is not taking a break. The one gate every premium read goes through
 * (docs/decisions/0007-locking-decided-on-the-server.md, docs/decisions/0160-breaks-and-self-exclusion.md).
 */
export function seesPremiumContent(viewer: Viewer | null | undefined): boolean {
  return viewer?.subscriptionStatus === 'premium' && viewer.breakUntil === undefined;
}

export function isAdmin(viewer: Viewer | null | undefined): boolean {
  return viewer?.role === 'admin';
}

/**
 * Throws unless the viewer sees premium content; `feature` names what was asked for ("The bet
 * ledger is"). A viewer on a break is told when it ends, not asked to subscribe.
 */
export function requirePremiumContent(viewer: Viewer | null | undefined, feature: string): void {
  if (seesPremiumContent(viewer)) return;
  if (viewer?.breakUntil)
    throw new ForbiddenError(`You are taking a break until ${utcInstant(viewer.breakUntil)}: ${feature.toLowerCase()} hidden until then.`);
  throw new ForbiddenError(`${feature} part of Premium`);
}
