import type { Metrics } from '@app/contracts/metrics';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { computeMetrics, METRICS_WINDOW_DAYS } from '../picks/metrics.ts';
import type { PickRepository } from './ports.ts';

export interface MetricsWriter {
  /** Writes the day's trend entry, and LATEST too when `latest`. */
  save(metrics: Metrics, options?: { latest?: boolean }): Promise<void>;
  listTrend(limit: number): Promise<Array<{ date: string }>>;
}

/**
 * Recomputes the latest metrics and today's trend entry, and fills any missing daily entry of
 * the last 30 days (each as of the end of its day), so a first start has a trend at once.
 */
export function makeMetricsJob({ picks, metrics, clock }: { picks: PickRepository; metrics: MetricsWriter; clock: Clock }) {
  return {
    async recompute(): Promise<string> {
      const now = clock.now();
      const all = await picks.listByKickoff(new Date(now.getTime() - 2 * METRICS_WINDOW_DAYS * DAY_MS), now);
      const latest = computeMetrics(all, now);
      await metrics.save(latest, { latest: true });
      const have = new Set((await metrics.listTrend(METRICS_WINDOW_DAYS)).map((e) => e.date));
      let filled = 0;
      for (let back = 1; back < METRICS_WINDOW_DAYS; back++) {
        const dayEnd = new Date(Date.parse(utcDay(new Date(now.getTime() - back * DAY_MS))) + DAY_MS - 1);
        const day = utcDay(dayEnd);
        if (have.has(day)) continue;
        const m = computeMetrics(all, dayEnd);
        // A day with nothing settled yet has no accuracy to plot.
        if (m.totalPredictions === 0) continue;
        await metrics.save(m);
        filled += 1;
      }
      return `${latest.totalPredictions} settled picks, accuracy ${latest.winAccuracy} %, ${filled} past trend day(s) filled`;
    },
  };
}
