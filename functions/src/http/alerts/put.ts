import { AlertSettingsSchema } from '@app/contracts/alerts';
import { json } from '@app/platform/http/response';
import { alertService } from '../../composition/value-bet-alerts.ts';
import { httpRoute } from '../route.ts';

/** Replaces the subscriber's alert settings; 401 signed out, 403 unless premium, 400 with the field errors. */
export const handler = httpRoute({ auth: 'user', body: AlertSettingsSchema }, async ({ viewer, body }) => json(await (await alertService()).put(viewer!, body)));
