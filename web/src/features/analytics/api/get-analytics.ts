import { AnalyticsReportSchema, type AnalyticsPeriod, type AnalyticsReport } from '@app/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { env } from '@/config/env';
import { api } from '@/lib/api-client';

/** What the analytics are asked for: a period, and optionally one league and one market. */
export type AnalyticsFilter = { period: AnalyticsPeriod; league?: string; market?: '1x2' | 'ou25' };

/** `GET /api/analytics?period=&league=&market=`: premium only (401/403 otherwise), parsed with its contract. */
export function getAnalytics(filter: AnalyticsFilter, { signal }: { signal?: AbortSignal } = {}): Promise<AnalyticsReport> {
  return api.get('/api/analytics', { params: filter, signal, schema: AnalyticsReportSchema });
}

export const getAnalyticsQueryOptions = (filter: AnalyticsFilter) =>
  queryOptions({
    queryKey: ['/api/analytics', filter.period, filter.league ?? '', filter.market ?? ''],
    queryFn: ({ signal }) => getAnalytics(filter, { signal }),
  });

export function useAnalytics(filter: AnalyticsFilter, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getAnalyticsQueryOptions(filter), enabled, placeholderData: keepPreviousData });
}

/** The same filter's ledger as a CSV download (`GET /api/ledger?format=csv`, premium). */
export function ledgerCsvHref(filter: AnalyticsFilter): string {
  const search = new URLSearchParams({
    format: 'csv',
    period: filter.period,
    ...(filter.league ? { league: filter.league } : {}),
    ...(filter.market ? { market: filter.market } : {}),
  });
  return `${env.API_URL}/api/ledger?${search.toString()}`;
}
