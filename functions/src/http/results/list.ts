import { ResultsQuerySchema } from '@app/contracts/results';
import { serialise, taggedJson } from '@app/platform/http/cache-control';
import { buildResults } from '../../composition/track-record.ts';
import { httpRoute } from '../route.ts';

/**
 * The public record: settled predictions, newest first, with the probabilities published before
 * kickoff. The same answer for every viewer, so cacheable.
 */
export const handler = httpRoute({ auth: 'public', query: ResultsQuerySchema, areas: { results: buildResults } }, async ({ results, event, query }) =>
  taggedJson(event, serialise(await results.list(query)), { shared: true }),
);
