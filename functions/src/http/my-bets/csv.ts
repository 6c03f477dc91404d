import { buildMyBets } from '../../composition/my-bets.ts';
import { httpRoute } from '../route.ts';

/** Every bet of the signed-in user as CSV (an attachment, never cached); 401 signed out. */
export const handler = httpRoute({ auth: 'user', areas: { myBets: buildMyBets } }, async ({ myBets, viewer }) => {
  const { text, fileName } = await myBets.csv(viewer);
  return {
    statusCode: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
    body: text,
  };
});
