import type { EmailDeliveryResponse } from '@app/contracts/email-delivery';
import { templateOf } from '@app/core/email/deliverability';
import { json } from '@app/platform/http/response';
import { buildEmailSuppressions, buildUndeliveredEmails } from '../../composition/email.ts';
import { httpRoute } from '../route.ts';

/** Suppressed addresses and undelivered emails, for the admin Messages page (bodies stay here). */
export const handler = httpRoute(
  { auth: 'admin', areas: { suppressionRepository: buildEmailSuppressions, undeliveredRepository: buildUndeliveredEmails } },
  async ({ suppressionRepository, undeliveredRepository }) => {
    const [suppressions, undelivered] = await Promise.all([suppressionRepository.list(100), undeliveredRepository.list(100)]);
    const response: EmailDeliveryResponse = {
      suppressions,
      undelivered: undelivered.map((e) => ({
        id: e.id,
        template: templateOf(e),
        reason: e.reason,
        deadLetteredAt: e.deadLetteredAt,
        ...(e.redrivenAt ? { redrivenAt: e.redrivenAt } : {}),
      })),
    };
    return json(response);
  },
);
