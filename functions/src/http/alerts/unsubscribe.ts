import { UnsubscribeQuerySchema } from '@app/contracts/alerts';
import { HttpError } from '@app/platform/http/errors';
import { json } from '@app/platform/http/response';
import { buildAlerts } from '../../composition/value-bet-alerts.ts';
import { rawRoute } from '../route.ts';

/**
 * One-click unsubscribe (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` to the link of the digest's
 * `List-Unsubscribe` header, with no session and from no origin of ours, so this route has no CSRF check and reads no
 * cookie: the signed token in the link is its only authority, and all it can do is turn that user's alerts off
 * (docs/decisions/0172-value-bet-alerts.md). The page behind the email's visible link posts here too.
 */
export const handler = rawRoute({ areas: { alerts: buildAlerts } }, async ({ alerts, event }) => {
  const query = UnsubscribeQuerySchema.safeParse(event.queryStringParameters ?? {});
  if (!query.success) throw new HttpError(400, 'validation', 'This unsubscribe link is not valid. Sign in and turn alerts off on your account page.');
  await alerts.unsubscribe(query.data.token);
  return json({ unsubscribed: true });
});
