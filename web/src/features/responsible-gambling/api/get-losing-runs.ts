import { LosingRunsResponseSchema, type LosingRunsResponse } from '@app/contracts/responsible-gambling';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/ledger/losing-runs`: the track record's losing runs over the last year, per basis (public), parsed with its contract. */
export function getLosingRuns({ signal }: { signal?: AbortSignal } = {}): Promise<LosingRunsResponse> {
  return api.get('/api/ledger/losing-runs', { signal, schema: LosingRunsResponseSchema });
}

export const getLosingRunsQueryOptions = () => queryOptions({ queryKey: ['/api/ledger/losing-runs'], queryFn: ({ signal }) => getLosingRuns({ signal }) });

export function useLosingRuns() {
  return useQuery(getLosingRunsQueryOptions());
}
