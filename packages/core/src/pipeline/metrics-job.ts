import type { Metrics } from '@app/contracts/metrics';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { computeMetrics, METRICS_WINDOW_DAYS } from '../picks/metrics.ts';
import type { PickRepository } from './ports.ts';

export interface MetricsWriter {
  /** Writes the day's trend entry, and LATEST too when `latest`. */
  save(metrics: Metrics, options?: { latest?: boolean }): Promise<void>;
}

/**
 * Recomputes the latest metrics and every daily trend entry of the last 30 days (each as of the
 * end of its day), so a first start has a trend at once, and a result settled (or a backfill
 * finished) after a day's entry was written corrects it: the trend always equals a
 * recomputation from scratch.
 */
export function makeMetricsJob({ picks, metrics, clock }: { picks: PickRepository; metrics: MetricsWriter; clock: Clock }) {
  return {
    async recompute(): Promise<string> {
      const now = clock.now();
      const all = await picks.listByKickoff(new Date(now.getTime() - 2 * METRICS_WINDOW_DAYS * DAY_MS), now);
      const latest = computeMetrics(all, now);
      await metrics.save(latest, { latest: true });
      let days = 0;
      for (let back = 1; back < METRICS_WINDOW_DAYS; back++) {
        const dayEnd = new Date(Date.parse(utcDay(new Date(now.getTime() - back * DAY_MS))) + DAY_MS - 1);
        const m = computeMetrics(all, dayEnd);
        // A day with nothing settled yet has no accuracy to plot.
        if (m.totalPredictions === 0) continue;
        await metrics.save(m);
        days += 1;
      }
      return `${latest.totalPredictions} settled picks, accuracy ${latest.winAccuracy} %, ${days} past trend day(s) recomputed`;
    },
  };
}
