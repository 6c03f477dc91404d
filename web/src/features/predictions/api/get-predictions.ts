import type { Prediction } from '@app/contracts/predictions';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryConfig } from '@/lib/react-query';

/**
 * `GET /api/predictions`: today and the next 7 days. The server decides locking: for a viewer
 * who is not premium every probability is null (docs/decisions/0007-locking-decided-on-the-server.md).
 */
export function getPredictions({ signal }: { signal?: AbortSignal } = {}): Promise<Prediction[]> {
  return api.get<Prediction[]>('/api/predictions', { signal });
}

export const getPredictionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/predictions'], queryFn: ({ signal }) => getPredictions({ signal }) });

export function usePredictions({ queryConfig }: { queryConfig?: QueryConfig<typeof getPredictionsQueryOptions> } = {}) {
  return useQuery({ ...getPredictionsQueryOptions(), ...queryConfig });
}
