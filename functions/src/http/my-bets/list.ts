import { MyBetsQuerySchema } from '@app/contracts/my-bets';
import { json } from '@app/platform/http/response';
import { buildMyBets } from '../../composition/my-bets.ts';
import { httpRoute } from '../route.ts';

/** The signed-in user's own bets, totals and chart series, filtered; 401 signed out. A lapsed subscriber keeps reading them. */
export const handler = httpRoute({ auth: 'user', query: MyBetsQuerySchema, areas: { myBets: buildMyBets } }, async ({ myBets, viewer, query }) =>
  json(await myBets.list(viewer, query)),
);
