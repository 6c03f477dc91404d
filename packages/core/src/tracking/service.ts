import type { UpdateOddsBody, WinningPrediction } from '@app/contracts/admin';
import type { TrackingRow } from '@app/contracts/tracking';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { publishedOnly } from '../picks/metrics.ts';
import { correctness, payingOdds, PICK_LABELS } from '../picks/pick.ts';
import type { PickRepository } from '../pipeline/ports.ts';

const pct = (p: number) => Math.round(p * 1000) / 10;
const NOT_FINISHED = 'Match not finished';

/** The staff's views of high-confidence picks: performance tracking and the odds entry page. */
export function makeTrackingService({ picks, clock }: { picks: PickRepository; clock: Clock }) {
  return {
    /**
     * Published picks of the last `days` days, plus the rest of today's (pending). Void and
     * backfilled picks are not shown (docs/decisions/0090-published-and-backfilled-predictions.md).
     */
    async list(days: 1 | 7 | 30): Promise<TrackingRow[]> {
      const now = clock.now();
      const endOfToday = new Date(Date.parse(utcDay(now)) + DAY_MS - 1);
      const rows = publishedOnly(await picks.listByKickoff(new Date(now.getTime() - days * DAY_MS), endOfToday));
      return rows
        .filter((p) => p.status !== 'void')
        .sort((a, b) => b.kickoff.localeCompare(a.kickoff))
        .map((p) => ({
          id: p.id,
          fixtureId: p.fixtureId,
          homeTeam: p.homeTeam,
          awayTeam: p.awayTeam,
          league: p.leagueName,
          matchTime: p.kickoff,
          ourPrediction: PICK_LABELS[p.predictionType],
          confidence: pct(p.confidence),
          actualResult: p.actualResult ?? NOT_FINISHED,
          hasResult: p.status === 'won' || p.status === 'lost',
          isCorrect: correctness(p),
        }));
    },

    /** Upcoming and won picks of the last 30 days and the next 7 (lost and void ones need no odds). */
    async winning(): Promise<WinningPrediction[]> {
      const now = clock.now();
      const rows = await picks.listByKickoff(new Date(now.getTime() - 30 * DAY_MS), new Date(now.getTime() + 7 * DAY_MS));
      return rows
        .filter((p) => p.status === 'won' || p.status === 'pending')
        .sort((a, b) => b.kickoff.localeCompare(a.kickoff))
        .map((p) => ({
          id: p.id,
          homeTeam: p.homeTeam,
          awayTeam: p.awayTeam,
          league: p.leagueName,
          matchTime: p.kickoff,
          predictionType: p.predictionType,
          ourPrediction: PICK_LABELS[p.predictionType],
          actualResult: p.actualResult ?? NOT_FINISHED,
          winningOdds: payingOdds(p) ?? null,
          hasResult: p.status === 'won',
        }));
    },

    /** Odds can be entered for a pick that won (they set its profit in the metrics). */
    async setWinningOdds({ predictionId, odds }: UpdateOddsBody): Promise<void> {
      const pick = await picks.get(predictionId);
      if (!pick) throw new NotFoundError(`No prediction ${predictionId}`);
      if (pick.status !== 'won') throw new ConflictError('Odds can only be entered for a winning prediction');
      await picks.setWinningOdds(pick.id, odds);
    },
  };
}

export type TrackingService = ReturnType<typeof makeTrackingService>;
