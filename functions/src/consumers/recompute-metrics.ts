import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { buildJobs } from '../composition/pipeline.ts';
import { buildForecastQuality, buildLedgerSealer, buildTrackRecordViews } from '../composition/track-record.ts';
import { buildAlertDispatcher } from '../composition/value-bet-alerts.ts';
import { consumerRoute } from './route.ts';

/**
 * The track record's stored views, from the settled ledger: the headline and its 30-day trend, the
 * day digests of both chains, then each period's forecast quality; then the value-bet digests of the latest
 * generation run (once per run and subscriber, whatever the retries).
 */
export const handler = consumerRoute(
  {
    queue: 'metrics-recompute',
    schema: LeagueTaskAssignedSchema,
    areas: { jobs: buildJobs, views: buildTrackRecordViews, sealer: buildLedgerSealer, quality: buildForecastQuality, alerts: buildAlertDispatcher },
  },
  async (message, delivery) => {
    const { jobs, views, sealer, quality, alerts } = delivery;
    await jobs.runTask(
      message,
      async () => {
        const latest = await views.recompute();
        const headline = `${latest.publishedPredictions} settled published and ${latest.backfilledPredictions} back-tested picks; headline on ${latest.basis}: ${latest.totalPredictions} picks, accuracy ${latest.winAccuracy} %`;
        return `${headline}; ${await sealer.seal()}; ${await quality.recompute()}; ${await alerts.dispatch()}`;
      },
      delivery,
    );
  },
);
