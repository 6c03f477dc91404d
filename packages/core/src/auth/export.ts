import type { AccountExport } from '@app/contracts/account';
import type { UserRecord } from '../account/user.ts';
import type { AlertRepository } from '../alerts/ports.ts';
import type { Clock } from '../clock.ts';
import type { ContactMessageRepository } from '../contact/ports.ts';
import { toPublicMessage } from '../contact/service.ts';
import type { TrackedBetRepository } from '../my-bets/ports.ts';
import { trackedBetView } from '../my-bets/service.ts';

/**
 * Everything we hold about the user: the account, its subscriptions, its contact messages, its alert settings and its
 * tracked bets (no password hash, no token).
 */
export async function exportAccount(
  user: UserRecord,
  messages: Pick<ContactMessageRepository, 'listByUser'>,
  bets: Pick<TrackedBetRepository, 'listByUser'>,
  alerts: Pick<AlertRepository, 'get'>,
  clock: Clock,
): Promise<AccountExport> {
  const [userMessages, userBets, alertSettings] = await Promise.all([messages.listByUser(user.id), bets.listByUser(user.id), alerts.get(user.id)]);
  return {
    exportedAt: clock.now().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      emailVerified: Boolean(user.emailVerifiedAt),
      role: user.role,
      createdAt: user.createdAt,
      paymentCustomerId: user.stripeCustomerId ?? null,
    },
    responsibleGambling: {
      termsVersion: user.termsVersion ?? null,
      termsAcceptedAt: user.termsAcceptedAt ?? null,
      ageConfirmedAt: user.ageConfirmedAt ?? null,
      breakStartedAt: user.breakStartedAt ?? null,
      breakUntil: user.breakUntil ?? null,
      selfExcludedAt: user.selfExcludedAt ?? null,
      selfExcludedUntil: user.selfExcludedUntil ?? null,
    },
    subscriptions: Object.values(user.subscriptions).map(({ id, status, cancelAt, currentPeriodEnd, syncedAt }) => ({
      id,
      status,
      cancelAt,
      currentPeriodEnd,
      syncedAt,
    })),
    messages: userMessages.map(toPublicMessage),
    alertSettings: alertSettings ?? null,
    bets: userBets.map(trackedBetView),
  };
}
