import { TrackedBetParamsSchema } from '@app/contracts/my-bets';
import { json } from '@app/platform/http/response';
import { buildMyBets } from '../../composition/my-bets.ts';
import { httpRoute } from '../route.ts';

/** Deletes one's own bet; 404 for any other id (another user's included). */
export const handler = httpRoute({ auth: 'user', params: TrackedBetParamsSchema, areas: { myBets: buildMyBets } }, async ({ myBets, viewer, params }) => {
  await myBets.remove(viewer, params.id);
  return json({ ok: true });
});
