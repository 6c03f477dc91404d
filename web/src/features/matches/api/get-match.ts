import { MatchPageSchema, type MatchPage } from '@app/contracts/matches';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { matchApiPath } from '@/features/matches/api/match-path';
import { api } from '@/lib/api-client';

/** `GET /api/predictions/:fixtureId`: the forecast sections only for a premium viewer. */
export function getMatch(fixtureId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MatchPage> {
  return api.get(matchApiPath(fixtureId), { signal, schema: MatchPageSchema });
}

export const getMatchQueryOptions = (fixtureId: string) =>
  queryOptions({ queryKey: ['/api/predictions', fixtureId], queryFn: ({ signal }) => getMatch(fixtureId, { signal }) });

/**
 * The route's loader has just started reading the match (routes/match.tsx): a failed read is not
 * repeated when the page mounts; the loader reads again on the next visit.
 */
export function useMatch(fixtureId: string) {
  return useQuery({ ...getMatchQueryOptions(fixtureId), retryOnMount: false });
}
