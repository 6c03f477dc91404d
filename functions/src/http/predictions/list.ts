import { json } from '@app/platform/http/response';
import { predictionService } from '../../composition.ts';
import { httpRoute } from '../route.ts';

/** Today's and upcoming predictions; locked unless the viewer is premium. */
export const handler = httpRoute({ auth: 'viewer' }, async ({ viewer }) => json(await predictionService().listUpcoming(viewer)));
