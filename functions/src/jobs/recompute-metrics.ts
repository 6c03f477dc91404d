import { LeagueTaskAssignedSchema } from '@app/events/league-task.assigned';
import { jobService } from '../composition/pipeline.ts';
import { forecastQualityJob, ledgerSealer, trackRecordViews } from '../composition/track-record.ts';
import { alertDispatcher } from '../composition/value-bet-alerts.ts';
import { jobRoute } from './route.ts';

/**
 * The track record's stored views, from the settled ledger: the headline and its 30-day trend, the
 * day digests of both chains, then each period's forecast quality; then the value-bet digests of the latest
 * generation run (once per run and subscriber, whatever the retries).
 */
export const handler = jobRoute({ queue: 'metrics-recompute', schema: LeagueTaskAssignedSchema }, async (message, delivery) => {
  const [views, sealer, quality, alerts] = await Promise.all([trackRecordViews(), ledgerSealer(), forecastQualityJob(), alertDispatcher()]);
  await (await jobService()).runTask(
    message,
    async () => {
      const latest = await views.recompute();
      const headline = `${latest.publishedPredictions} settled published and ${latest.backfilledPredictions} back-tested picks; headline on ${latest.basis}: ${latest.totalPredictions} picks, accuracy ${latest.winAccuracy} %`;
      return `${headline}; ${await sealer.seal()}; ${await quality.recompute()}; ${await alerts.dispatch()}`;
    },
    delivery,
  );
});
