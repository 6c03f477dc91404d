import { MatchPageSchema, type MatchPage } from '@app/contracts/matches';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';

import { matchApiPath } from '@/features/matches/api/match-path';
import { api } from '@/lib/api-client';

/** `GET /api/predictions/:fixtureId`: the forecast sections only for a premium viewer. */
export function getMatch(fixtureId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MatchPage> {
  return api.get(matchApiPath(fixtureId), { signal, schema: MatchPageSchema });
}

export const getMatchQueryOptions = (fixtureId: string) =>
  queryOptions({ queryKey: ['/api/predictions', fixtureId], queryFn: ({ signal }) => getMatch(fixtureId, { signal }) });

/**
 * The route's loader has just read the match (routes/match.tsx): a failed read is not repeated
 * when the page mounts; the loader reads again on the next visit.
 */
export function useMatch(fixtureId: string) {
  return useQuery({ ...getMatchQueryOptions(fixtureId), retryOnMount: false });
}

/**
 * The match page's loader: reads the match before the page renders, so the page appears whole
 * instead of a loading state whose replacement moves everything below it. A failed read is left
 * in the cache for the page to show.
 */
export const matchLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs): Promise<null> => {
    await queryClient.prefetchQuery(getMatchQueryOptions(params.fixtureId ?? ''));
    return null;
  };
