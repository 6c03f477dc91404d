/**
 * The protections an account carries (docs/decisions/0160-breaks-and-self-exclusion.md), as every
 * area reads them: whether a break or a self-exclusion runs now. Taking one (how long it lasts,
 * whether it may replace the stored one) is responsible-gambling's (responsible-gambling/protection.ts).
 */

/** The fields of a stored user these rules read (ISO-8601 UTC instants). */
export interface Protections {
  breakUntil?: string;
  selfExcludedUntil?: string;
}

/** The end of the break running at `now`, or undefined. */
export function activeBreakUntil(user: Protections, now: Date): string | undefined {
  return user.breakUntil && Date.parse(user.breakUntil) > now.getTime() ? user.breakUntil : undefined;
}

/** The end of the self-exclusion running at `now`, or undefined. */
export function activeExclusionUntil(user: Protections, now: Date): string | undefined {
  return user.selfExcludedUntil && Date.parse(user.selfExcludedUntil) > now.getTime() ? user.selfExcludedUntil : undefined;
}

/**
 * Whether a break or a self-exclusion runs at `now`: nothing but what gets the person into the
 * account reaches them (no premium content, no alert, no contact acknowledgement).
 */
export function isProtected(user: Protections, now: Date): boolean {
  return Boolean(activeBreakUntil(user, now) ?? activeExclusionUntil(user, now));
}
