import type { UserRepository } from '../account/ports.ts';
import { isProtected } from '../account/protection.ts';
import { subscriptionStatusOf } from '../account/user.ts';
import type { Clock } from '../clock.ts';
import type { AlertMailing, EmailMessage, EmailRequest, EmailSender, EmailSuppressionRepository, MailedContactMessage, MailTokens } from './ports.ts';
import {
  accountExistsMessage,
  contactAcknowledgementMessage,
  contactToSupportMessage,
  passwordResetMessage,
  valueAlertMessage,
  verifyEmailMessage,
  type TemplateContext,
} from './templates.ts';
import { PICK_LABELS } from '../predictions/picks.ts';
import { suggestStake } from '../predictions/stake.ts';

export interface MailServiceDeps {
  users: Pick<UserRepository, 'get' | 'getByEmail'>;
  tokens: MailTokens;
  messages: { get(id: string): Promise<MailedContactMessage | undefined> };
  sender: EmailSender;
  /** Addresses SES reported as bouncing or complaining: never mailed again (SES pauses senders that keep trying). */
  suppressions: Pick<EmailSuppressionRepository, 'isSuppressed'>;
  templates: TemplateContext;
  supportAddress: string;
  clock: Clock;
  /** What the value-bet digest reads: the settings (turned off since?), the limits that silence it, the bets, the unsubscribe signer. */
  alerts: AlertMailing;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * The email consumer's use case: turns a request into rendered messages and sends them. A request
 * whose subject is gone (deleted account, unknown email) sends nothing: the reset and sign-up routes
 * answer the same for every email, and only this consumer learns whether the account exists.
 * During a break or a self-exclusion only the mail that gets the person into the account is sent
 * (verification, reset, the note on a taken address); the rest is not sent
 * (docs/decisions/0160-breaks-and-self-exclusion.md). The product sends no marketing mail at all.
 */
export function makeMailService(deps: MailServiceDeps) {
  const log = deps.log ?? (() => {});
  const send = async (message: EmailMessage): Promise<void> => {
    if (await deps.suppressions.isSuppressed(message.to)) return log('Email skipped', { reason: 'suppressed address (bounce or complaint)' });
    await deps.sender.send(message);
  };
  return {
    async deliver(request: EmailRequest): Promise<void> {
      switch (request.template) {
        case 'verify-email': {
          const user = await deps.users.get(request.userId);
          if (!user || user.emailVerifiedAt) return log('Verification email skipped', { reason: user ? 'already verified' : 'no such user' });
          const token = await deps.tokens.issue(user.id, 'verify-email');
          return send(verifyEmailMessage(deps.templates, user.email, token));
        }
        case 'account-exists': {
          const user = await deps.users.getByEmail(request.email);
          if (!user) return log('Account-exists email skipped', { reason: 'no such account' });
          return send(accountExistsMessage(deps.templates, user.email));
        }
        case 'password-reset': {
          const user = await deps.users.getByEmail(request.email);
          if (!user) return log('Password reset email skipped', { reason: 'no such account' });
          const token = await deps.tokens.issue(user.id, 'password-reset');
          return send(passwordResetMessage(deps.templates, user.email, token));
        }
        case 'contact': {
          const message = await deps.messages.get(request.messageId);
          if (!message) return log('Contact email skipped', { reason: 'no such message' });
          await send(contactToSupportMessage(deps.templates, deps.supportAddress, message));
          // Acknowledged only to a signed-in sender's confirmed address, never to the typed one.
          const sender = message.userId ? await deps.users.get(message.userId) : undefined;
          if (!sender?.emailVerifiedAt) return log('Contact acknowledgement skipped', { reason: sender ? 'address not confirmed' : 'sender not signed in' });
          if (isProtected(sender, deps.clock.now()))
            return log('Contact acknowledgement skipped', { reason: 'the sender is taking a break or is self-excluded' });
          return send(contactAcknowledgementMessage(deps.templates, sender.email, message.createdAt));
        }
        case 'value-alert': {
          const { alerts } = deps;
          const user = await deps.users.get(request.userId);
          if (!user) return log('Value-bet alert skipped', { reason: 'no such user' });
          // Settings or limits may have changed since the digest was queued: the latest word wins.
          const settings = await alerts.store.get(user.id);
          if (!settings || settings.frequency === 'off') return log('Value-bet alert skipped', { reason: 'alerts turned off' });
          if (isProtected(user, deps.clock.now())) return log('Value-bet alert skipped', { reason: 'silenced by a responsible-gambling limit' });
          // A delayed or replayed request must not reach someone who has stopped paying, or an address nobody proved.
          if (subscriptionStatusOf(user, deps.clock) !== 'premium') return log('Value-bet alert skipped', { reason: 'no longer premium' });
          if (!user.emailVerifiedAt) return log('Value-bet alert skipped', { reason: 'address not confirmed' });
          const lines = [];
          const plan = settings.stakePlan ?? 'flat';
          for (const bet of request.bets) {
            const p = (await alerts.predictions.get(bet.fixtureId)) ?? (await alerts.predictions.getValueOnly?.(bet.fixtureId));
            // The flag's own price when the request carries it (a scan's price may differ from the morning's); else the prediction's.
            const value =
              bet.odds !== undefined && bet.edge !== undefined ? { odds: bet.odds, edge: bet.edge } : p?.valueBets.find((v) => v.market === bet.selection);
            if (!p || !value || Date.parse(p.kickoff) <= deps.clock.now().getTime()) continue;
            lines.push({
              match: `${p.homeTeam} v ${p.awayTeam}`,
              league: p.leagueName,
              kickoff: p.kickoff,
              selection: PICK_LABELS[bet.selection],
              odds: value.odds,
              bookmaker: bet.bookmaker !== undefined ? bet.bookmaker : (p.bestBookmakers?.[bet.selection] ?? null),
              edge: value.edge * 100,
              // the subscriber's stake under their plan, as the pages suggest it (docs/decisions/0320-a-stake-on-every-flag.md):
              // from the flag's fair probability, which its edge at its price states (edge = fair x price - 1)
              stake: {
                percent: suggestStake({ plan, fairProbability: (1 + value.edge) / value.odds, odds: value.odds }),
                plan,
                ...(settings.bankroll !== undefined ? { bankroll: settings.bankroll } : {}),
              },
              // a league without history has no match page: the list of flags is where the flag shows
              url: p.valueOnly
                ? `${deps.templates.appOrigin}/predictions?value=only`
                : `${deps.templates.appOrigin}/predictions/${encodeURIComponent(p.fixtureId)}`,
              ...(bet.asOf && request.kind === 'realtime' ? { asOf: bet.asOf } : {}),
            });
          }
          if (!lines.length) return log('Value-bet alert skipped', { reason: 'its bets are gone' });
          const message = valueAlertMessage(deps.templates, user.email, lines, alerts.tokens.sign(user.id), request.kind ?? 'digest');
          if (!request.setId) return send(message);
          // The queue may deliver a request twice: the set's email goes to each user once.
          if (!(await alerts.store.markSent(user.id, request.setId, deps.clock.now()))) return log('Value-bet alert skipped', { reason: 'sent already' });
          try {
            return await send(message);
          } catch (error) {
            await alerts.store.unmarkSent(user.id, request.setId);
            throw error;
          }
        }
      }
    },
  };
}

export type MailService = ReturnType<typeof makeMailService>;
