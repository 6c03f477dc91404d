import { ResultsPageSchema, type ResultsPage } from '@app/contracts/results';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export interface ResultsFilter {
  page: number;
  league?: string;
  from?: string;
  to?: string;
}

/** `GET /api/results`: settled predictions, newest first, and the last 30 days' figures per basis (public), parsed with its contract. */
export function getResults(filter: ResultsFilter, { signal }: { signal?: AbortSignal } = {}): Promise<ResultsPage> {
  return api.get('/api/results', { params: { page: filter.page, league: filter.league, from: filter.from, to: filter.to }, signal, schema: ResultsPageSchema });
}

export const getResultsQueryOptions = (filter: ResultsFilter) =>
  queryOptions({ queryKey: ['/api/results', filter], queryFn: ({ signal }) => getResults(filter, { signal }) });

/** A new page or filter refetches; the previous rows stay visible meanwhile. */
export function useResults(filter: ResultsFilter) {
  return useQuery({ ...getResultsQueryOptions(filter), placeholderData: keepPreviousData });
}
