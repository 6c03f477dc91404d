import { ANALYTICS_ALL_DAYS, ANALYTICS_PERIODS, type AnalyticsPeriod, type AnalyticsReport } from '@app/contracts/analytics';
import { DAY_MS, type Clock } from '../clock.ts';
import { ForbiddenError } from '../errors.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import { isPremium, type Viewer } from '../viewer.ts';
import { computeAnalytics } from './compute.ts';

export interface AnalyticsStore {
  get(period: AnalyticsPeriod): Promise<AnalyticsReport | null>;
  save(report: AnalyticsReport): Promise<void>;
}

/** Run by the metrics job: every period's report, computed once and stored. */
export function makeAnalyticsJob({ predictions, store, clock }: { predictions: PredictionRepository; store: AnalyticsStore; clock: Clock }) {
  return {
    async recompute(): Promise<string> {
      const now = clock.now();
      const all = await predictions.listByKickoff(new Date(now.getTime() - ANALYTICS_ALL_DAYS * DAY_MS), now);
      const reports = ANALYTICS_PERIODS.map((period) => computeAnalytics(all, period, now));
      for (const report of reports) await store.save(report);
      return `analytics: ${reports.map((r) => `${r.period} ${r.markets.all.picks} picks (${r.basis})`).join(', ')}`;
    },
  };
}

/** Premium analytics, as stored by the metrics job: premium viewers only (403 otherwise). */
export function makeAnalyticsService({ store }: { store: Pick<AnalyticsStore, 'get'> }) {
  return {
    async get(viewer: Viewer | null, period: AnalyticsPeriod): Promise<AnalyticsReport | null> {
      if (!isPremium(viewer)) throw new ForbiddenError('Performance analytics are part of Premium');
      return store.get(period);
    },
  };
}
