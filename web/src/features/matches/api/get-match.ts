import type { MatchPage } from '@app/contracts/matches';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/predictions/:fixtureId`: the forecast sections only for a premium viewer. */
export function getMatch(fixtureId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MatchPage> {
  return api.get<MatchPage>(`/api/predictions/${encodeURIComponent(fixtureId)}`, { signal });
}

export const getMatchQueryOptions = (fixtureId: string) =>
  queryOptions({ queryKey: ['/api/predictions', fixtureId], queryFn: ({ signal }) => getMatch(fixtureId, { signal }) });

export function useMatch(fixtureId: string) {
  return useQuery(getMatchQueryOptions(fixtureId));
}
