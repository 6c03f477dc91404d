import type { BreakResponse, SelfExclusionBody, SelfExclusionResponse, TakeBreakBody } from '@app/contracts/responsible-gambling';
import type { SessionRepository } from '../auth/ports.ts';
import type { UserRepository } from '../account/ports.ts';
import type { AuthService, ClientContext, ResolvedSession } from '../auth/service.ts';
import type { UserRecord } from '../account/user.ts';
import type { Clock } from '../clock.ts';
import { clientNetwork } from '../security/network.ts';
import { noSecurityLog, type SecurityLog } from '../security/events.ts';
import { AddressNotConfirmedError, BreakCannotBeShortenedError } from './errors.ts';
import { activeBreakUntil } from '../account/protection.ts';
import { breakEnd, mayStartBreak, selfExclusionEnd } from './protection.ts';

/**
 * What a break or a self-exclusion asks of the billing side, passed in by the handler so only these
 * use cases load the payment provider (billing/service.ts).
 */
export interface PaymentStops {
  /** Ends every open Checkout and portal session of the user (M3). */
  endPaymentSessions(user: UserRecord, reason: 'break' | 'self_exclusion'): Promise<void>;
  /** Sets every entitling subscription to end with its paid period; when access ends (Unix seconds), or null. */
  cancelAtPeriodEnd(user: UserRecord): Promise<number | null>;
}

export interface ResponsibleGamblingDeps {
  users: Pick<UserRepository, 'get' | 'startBreak' | 'selfExclude'>;
  sessions: Pick<SessionRepository, 'deleteAll'>;
  /** The password check of login, with its throttle (auth service). */
  confirmPassword: AuthService['confirmPassword'];
  clock: Clock;
  security?: SecurityLog;
}

/**
 * A break or a self-exclusion only on a proved address: someone who signed up with another person's
 * address (unconfirmed) cannot lock its owner out (M1, docs/decisions/0280-protections-only-on-a-confirmed-address.md).
 */
function assertAddressConfirmed(user: UserRecord): void {
  if (!user.emailVerifiedAt) throw new AddressNotConfirmedError();
}

/**
 * Breaks and self-exclusion (docs/decisions/0160-breaks-and-self-exclusion.md). What they hide is
 * decided where premium content is (account/viewer.ts `seesPremiumContent`) and at sign-in
 * (auth/service.ts); this service only records them.
 */
export function makeResponsibleGamblingService(deps: ResponsibleGamblingDeps) {
  const { users, clock } = deps;
  const security = deps.security ?? noSecurityLog;
  return {
    /**
     * Starts a break of 24 hours, 7 days or 30 days (refused when a longer one already runs, and on
     * an unconfirmed address), and
     * ends every payment session opened before it: a purchase in the moment the break is for.
     */
    async takeBreak(
      resolved: ResolvedSession,
      body: TakeBreakBody,
      context: ClientContext,
      billing: Pick<PaymentStops, 'endPaymentSessions'>,
    ): Promise<BreakResponse> {
      const now = clock.now();
      const until = breakEnd(now, body.duration);
      const user = (await users.get(resolved.user.id)) ?? resolved.user;
      assertAddressConfirmed(user);
      if (!mayStartBreak(user, until, now)) throw new BreakCannotBeShortenedError(activeBreakUntil(user, now)!);
      await users.startBreak(user.id, now.toISOString(), until.toISOString());
      await billing.endPaymentSessions(user, 'break');
      security({
        type: 'break_started',
        userId: user.id,
        email: user.email,
        network: clientNetwork(context.ip),
        detail: { duration: body.duration, until: until.toISOString() },
      });
      return { breakUntil: until.toISOString() };
    },

    /**
     * Locks the account for six months: only on a confirmed address, with the password again (a
     * stolen session must not lock the owner out); the exclusion recorded first (the billing sync refuses from then on to start or
     * resume a subscription), every open Checkout and portal session ended, the subscription
     * cancelled at the end of its paid period, every session ended (the password epoch moved on).
     */
    async selfExclude(resolved: ResolvedSession, body: SelfExclusionBody, context: ClientContext, billing: PaymentStops): Promise<SelfExclusionResponse> {
      assertAddressConfirmed((await users.get(resolved.user.id)) ?? resolved.user);
      await deps.confirmPassword(resolved, body.password, context, { throttled: 'self_exclusion_throttled', failed: 'self_exclusion_failed' });
      const now = clock.now();
      const until = selfExclusionEnd(now).toISOString();
      await users.selfExclude(resolved.user.id, now.toISOString(), until);
      const user = (await users.get(resolved.user.id)) ?? resolved.user;
      await billing.endPaymentSessions(user, 'self_exclusion');
      const subscriptionEndsAt = await billing.cancelAtPeriodEnd(user);
      await deps.sessions.deleteAll(user.id);
      security({ type: 'self_excluded', userId: user.id, email: user.email, network: clientNetwork(context.ip), detail: { until } });
      return { excludedUntil: user.selfExcludedUntil ?? until, subscriptionEndsAt };
    },
  };
}

export type ResponsibleGamblingService = ReturnType<typeof makeResponsibleGamblingService>;
