import { NewTrackedBetSchema } from '@app/contracts/my-bets';
import { json } from '@app/platform/http/response';
import { buildMyBets } from '../../composition/my-bets.ts';
import { httpRoute } from '../route.ts';

/** Tracks a bet taken (201); 401 signed out, 403 unless premium or on a break, 404 an unknown match or flag, 409 at the limit. */
export const handler = httpRoute({ auth: 'user', body: NewTrackedBetSchema, areas: { myBets: buildMyBets } }, async ({ myBets, viewer, body }) =>
  json(await myBets.add(viewer, body), { status: 201 }),
);
