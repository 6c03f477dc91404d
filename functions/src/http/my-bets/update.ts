import { TrackedBetParamsSchema, TrackedBetPatchSchema } from '@app/contracts/my-bets';
import { json } from '@app/platform/http/response';
import { buildMyBets } from '../../composition/my-bets.ts';
import { httpRoute } from '../route.ts';

/** Changes the price, book, stake or time placed of one's own bet; 404 for any other id (another user's included). */
export const handler = httpRoute(
  { auth: 'user', params: TrackedBetParamsSchema, body: TrackedBetPatchSchema, areas: { myBets: buildMyBets } },
  async ({ myBets, viewer, params, body }) => json(await myBets.update(viewer, params.id, body)),
);
