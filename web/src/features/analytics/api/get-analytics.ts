import type { AnalyticsPeriod, AnalyticsReport } from '@app/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/analytics?period=`: premium only (401/403 otherwise); null before the first metrics run. */
export function getAnalytics(period: AnalyticsPeriod, { signal }: { signal?: AbortSignal } = {}): Promise<AnalyticsReport | null> {
  return api.get<AnalyticsReport | null>('/api/analytics', { params: { period }, signal }).then((r) => r ?? null);
}

export const getAnalyticsQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({ queryKey: ['/api/analytics', period], queryFn: ({ signal }) => getAnalytics(period, { signal }) });

export function useAnalytics(period: AnalyticsPeriod, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getAnalyticsQueryOptions(period), enabled, placeholderData: keepPreviousData });
}
