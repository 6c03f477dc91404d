import { UpdateOddsBodySchema } from '@app/contracts/admin';
import { json } from '@app/platform/http/response';
import { trackingService } from '../../composition/reads.ts';
import { httpRoute } from '../route.ts';

/** Sets the winning odds of a won pick (used for profit in the metrics). */
export const handler = httpRoute({ auth: 'admin', body: UpdateOddsBodySchema }, async ({ body }) => {
  await (await trackingService()).setWinningOdds(body);
  return json({ ok: true });
});
