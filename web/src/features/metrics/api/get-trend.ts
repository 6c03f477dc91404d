import { TrendSchema, type Trend } from '@app/contracts/metrics';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { formatShortDay } from '@/utils/format';

/** docs/product.md#business-constants: the chart plots the last 30 entries. */
export const TREND_POINTS = 30;

/** `GET /api/metrics/trend`: daily win accuracy with its basis, oldest first, parsed with its contract. */
export function getTrend({ signal }: { signal?: AbortSignal } = {}): Promise<Trend> {
  return api.get('/api/metrics/trend', { signal, schema: TrendSchema });
}

export const getTrendQueryOptions = () => queryOptions({ queryKey: ['/api/metrics', 'trend'], queryFn: ({ signal }) => getTrend({ signal }) });

export function useTrend() {
  return useQuery(getTrendQueryOptions());
}

/**
 * One day of the chart: the date (`5 Mar`), and the accuracy in the series of its basis (the other
 * series has no point that day), so published and back-tested figures are drawn, and labelled,
 * apart.
 */
export type TrendPoint = {
  day: string;
  date: string;
  winAccuracy: number;
  picks: number;
  basis: Trend[number]['basis'];
  published: number | null;
  backtest: number | null;
};

/**
 * The last 30 entries, each labelled with its date rather than the product's `Day 1..n`
 * (docs/decisions/0072-trend-axis-in-dates.md).
 */
export function toTrendPoints(trend: Trend): TrendPoint[] {
  return trend.slice(-TREND_POINTS).map((entry) => ({
    day: formatShortDay(entry.date),
    date: entry.date,
    winAccuracy: entry.winAccuracy,
    picks: entry.totalPredictions,
    basis: entry.basis,
    published: entry.basis === 'published' ? entry.winAccuracy : null,
    backtest: entry.basis === 'backtest' ? entry.winAccuracy : null,
  }));
}
