import type { Metrics, TrackRecord } from '@app/contracts/metrics';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { computeMetrics, computeTrackRecord, METRICS_WINDOW_DAYS, publishedOnly } from '../picks/metrics.ts';
import type { PickRepository } from './ports.ts';

export interface MetricsWriter {
  /** Writes the day's trend entry (published picks) unless null, and LATEST too when `latest` is given. */
  save(day: Metrics | null, options?: { latest?: TrackRecord }): Promise<void>;
}

/**
 * Recomputes the latest metrics and every daily trend entry of the last 30 days (each as of the
 * end of its day), so a first start has a trend at once, and a result settled (or a backfill
 * finished) after a day's entry was written corrects it: the trend always equals a
 * recomputation from scratch. The trend counts published picks only; the latest figures say
 * their basis (docs/decisions/0090-published-and-backfilled-predictions.md).
 */
export function makeMetricsJob({ picks, metrics, clock }: { picks: PickRepository; metrics: MetricsWriter; clock: Clock }) {
  return {
    async recompute(): Promise<string> {
      const now = clock.now();
      const all = await picks.listByKickoff(new Date(now.getTime() - 2 * METRICS_WINDOW_DAYS * DAY_MS), now);
      const latest = computeTrackRecord(all, now);
      const published = publishedOnly(all);
      // A day with no settled published pick has no accuracy to plot.
      const plotted = (m: Metrics) => (m.totalPredictions === 0 ? null : m);
      await metrics.save(plotted(computeMetrics(published, now)), { latest });
      let days = 0;
      for (let back = 1; back < METRICS_WINDOW_DAYS; back++) {
        const dayEnd = new Date(Date.parse(utcDay(new Date(now.getTime() - back * DAY_MS))) + DAY_MS - 1);
        const m = plotted(computeMetrics(published, dayEnd));
        if (!m) continue;
        await metrics.save(m);
        days += 1;
      }
      return `${latest.publishedPredictions} settled published and ${latest.backfilledPredictions} backfilled picks; headline on ${latest.basis}: ${latest.totalPredictions} picks, accuracy ${latest.winAccuracy} %, ${days} past trend day(s) recomputed`;
    },
  };
}
