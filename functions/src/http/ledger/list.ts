import { LedgerQuerySchema } from '@app/contracts/ledger';
import { json } from '@app/platform/http/response';
import { buildLedger } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/**
 * The subscriber's ledger export: JSON, or CSV with `format=csv` (an attachment); 401 signed out,
 * 403 unless premium. Never cached: it is the subscriber's own download.
 */
export const handler = httpRoute({ auth: 'user', query: LedgerQuerySchema, areas: { ledger: buildLedger } }, async ({ ledger, viewer, query }) => {
  if (query.format !== 'csv') return json(await ledger.list(viewer, query));
  const { text, fileName } = await ledger.csv(viewer, query);
  return {
    statusCode: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
    body: text,
  };
});
