import { TrackingListSchema, TrackingSummarySchema, type TrackingRow, type TrackingSummary } from '@app/contracts/tracking';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, isApiError } from '@/lib/api-client';

/** docs/product.md#performance-tracking: Yesterday (1), Last 7 Days (7, default), Last 30 Days (30). */
export const TRACKING_PERIODS = [1, 7, 30] as const;
export type TrackingPeriod = (typeof TRACKING_PERIODS)[number];
export const DEFAULT_TRACKING_PERIOD: TrackingPeriod = 7;

/** docs/product.md#messages. */
export const TRACKING_FETCH_FAILED = 'Failed to fetch tracking predictions';

export class TrackingFetchError extends Error {
  override readonly name = 'TrackingFetchError';
}

/** `GET /api/tracking/predictions?days=1|7|30` (admin only). */
export async function getTrackingPredictions(days: TrackingPeriod, { signal }: { signal?: AbortSignal } = {}): Promise<TrackingRow[]> {
  try {
    return await api.get('/api/tracking/predictions', { params: { days }, signal, schema: TrackingListSchema });
  } catch (error) {
    if (isApiError(error)) throw new TrackingFetchError(TRACKING_FETCH_FAILED, { cause: error });
    throw error;
  }
}

export const getTrackingPredictionsQueryOptions = (days: TrackingPeriod) =>
  queryOptions({ queryKey: ['/api/tracking', 'predictions', days], queryFn: ({ signal }) => getTrackingPredictions(days, { signal }) });

/** Changing the period refetches (a new key); the previous rows stay visible meanwhile. */
export function useTrackingPredictions(days: TrackingPeriod) {
  return useQuery({ ...getTrackingPredictionsQueryOptions(days), placeholderData: keepPreviousData });
}

/** `GET /api/tracking/summary?days=`: the period's figures per basis, computed as the landing's are (admin only). */
export function getTrackingSummary(days: TrackingPeriod, { signal }: { signal?: AbortSignal } = {}): Promise<TrackingSummary> {
  return api.get('/api/tracking/summary', { params: { days }, signal, schema: TrackingSummarySchema });
}

export function useTrackingSummary(days: TrackingPeriod) {
  return useQuery({
    queryKey: ['/api/tracking', 'summary', days],
    queryFn: ({ signal }) => getTrackingSummary(days, { signal }),
    placeholderData: keepPreviousData,
  });
}
