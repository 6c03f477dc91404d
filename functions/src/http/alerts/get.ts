import { json } from '@app/platform/http/response';
import { buildAlerts } from '../../composition/value-bet-alerts.ts';
import { httpRoute } from '../route.ts';

/** The subscriber's value-bet alert settings and what can be chosen; 401 signed out, 403 unless premium. */
export const handler = httpRoute({ auth: 'user', areas: { alerts: buildAlerts } }, async ({ alerts, viewer }) => json(await alerts.get(viewer!)));
