import { WinningPredictionListSchema, type WinningPrediction } from '@app/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/admin/winning-predictions`: upcoming and won high-confidence picks (admin only). */
export function getWinningPredictions({ signal }: { signal?: AbortSignal } = {}): Promise<WinningPrediction[]> {
  return api.get('/api/admin/winning-predictions', { signal, schema: WinningPredictionListSchema });
}

export const getWinningPredictionsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin', 'winning-predictions'], queryFn: ({ signal }) => getWinningPredictions({ signal }) });

export function useWinningPredictions() {
  return useQuery(getWinningPredictionsQueryOptions());
}
