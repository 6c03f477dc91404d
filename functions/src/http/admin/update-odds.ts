import { UpdateOddsBodySchema } from '@app/contracts/admin';
import type { OkResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { trackingService } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/**
 * Corrects the price a settled bet is paid at: a correction record (who, when, old, new) that
 * every figure uses, the original price kept; the stored headline is recomputed before the answer.
 */
export const handler = httpRoute({ auth: 'admin', body: UpdateOddsBodySchema }, async ({ body, viewer }) => {
  await (await trackingService()).correct(body, viewer!.userId);
  const response: OkResponse = { ok: true };
  return json(response);
});
