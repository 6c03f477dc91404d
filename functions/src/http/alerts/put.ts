import { AlertSettingsSchema } from '@app/contracts/alerts';
import { json } from '@app/platform/http/response';
import { buildAlerts } from '../../composition/value-bet-alerts.ts';
import { httpRoute } from '../route.ts';

/** Replaces the subscriber's alert settings; 401 signed out, 403 unless premium, 400 with the field errors. */
export const handler = httpRoute({ auth: 'user', body: AlertSettingsSchema, areas: { alerts: buildAlerts } }, async ({ alerts, viewer, body }) =>
  json(await alerts.put(viewer!, body)),
);
