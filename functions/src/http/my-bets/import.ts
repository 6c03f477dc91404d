import { MyBetsImportSchema } from '@app/contracts/my-bets';
import { json } from '@app/platform/http/response';
import { buildMyBets } from '../../composition/my-bets.ts';
import { httpRoute } from '../route.ts';

/**
 * Imports a CSV in the export's own format: a dry run by default (the report of rows kept and
 * refused), else every row or none; 401 signed out, 403 unless premium, 400 a file that is not an export.
 */
export const handler = httpRoute({ auth: 'user', body: MyBetsImportSchema, areas: { myBets: buildMyBets } }, async ({ myBets, viewer, body }) =>
  json(await myBets.importCsv(viewer, body)),
);
