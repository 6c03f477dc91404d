import { json } from '@app/platform/http/response';
import { trackingService } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/** High-confidence picks that are upcoming or won, for entering winning odds. */
export const handler = httpRoute({ auth: 'admin' }, async () => json(await (await trackingService()).winning()));
