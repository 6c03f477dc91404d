import { UpdateOddsBodySchema } from '@app/contracts/admin';
import type { OkResponse } from '@app/contracts/auth';
import { json } from '@app/platform/http/response';
import { buildTracking } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/**
 * The staff's winning odds of a settled bet: a correction record (who, when, old, new), sealed in
 * the corrections chain and shown publicly, within the documented range (400 outside it); it never
 * changes the price taken, CLV or any figure (docs/decisions/0193-corrections-that-cannot-rewrite.md).
 */
export const handler = httpRoute({ auth: 'admin', body: UpdateOddsBodySchema, areas: { tracking: buildTracking } }, async ({ tracking, body, viewer }) => {
  await tracking.correct(body, viewer!.userId);
  const response: OkResponse = { ok: true };
  return json(response);
});
