import { LatestMetricsSchema, type LatestMetrics } from '@app/contracts/metrics';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/metrics/latest`: `null` until the first metrics run (the empty state of docs/product.md#messages). */
export function getLatestMetrics({ signal }: { signal?: AbortSignal } = {}): Promise<LatestMetrics> {
  return api.get('/api/metrics/latest', { signal, schema: LatestMetricsSchema }).then((metrics) => metrics ?? null);
}

export const getLatestMetricsQueryOptions = () => queryOptions({ queryKey: ['/api/metrics', 'latest'], queryFn: ({ signal }) => getLatestMetrics({ signal }) });

export function useLatestMetrics() {
  return useQuery(getLatestMetricsQueryOptions());
}
