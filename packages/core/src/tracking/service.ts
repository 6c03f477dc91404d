import type { UpdateOddsBody, WinningPrediction } from '@app/contracts/admin';
import type { TrackingRow, TrackingSummary } from '@app/contracts/tracking';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { assertCorrectable, sealCorrection } from '../ledger/corrections.ts';
import { newestFirst, shownOdds, type RecordedEntry } from '../ledger/entry.ts';
import type { LedgerRepository } from '../ledger/ports.ts';
import { metricsByBasis } from '../ledger/record.ts';
import { percent } from '../numbers.ts';
import { actualResultText, PICK_LABELS, PREDICTION_TYPES } from '../predictions/picks.ts';

const NOT_FINISHED = 'Match not finished';

const actualResult = (e: RecordedEntry) => (e.result === 'void' ? 'Void' : e.score ? actualResultText(e.score) : NOT_FINISHED);

/**
 * The staff's views of the ledger's picks: performance tracking (published and back-tested side
 * by side, docs/decisions/0090-published-and-backfilled-predictions.md) and the odds entry page,
 * whose entries are corrections: records of their own, shown beside the entry, that never change
 * the price taken or any figure (docs/decisions/0193-corrections-that-cannot-rewrite.md).
 */
export function makeTrackingService({
  ledger,
  clock,
}: {
  ledger: Pick<LedgerRepository, 'listByKickoff' | 'get' | 'correct' | 'correctionHead'>;
  clock: Clock;
}) {
  /** Picks of the last `days` days, plus the rest of today's (still open). */
  async function picks(days: number): Promise<RecordedEntry[]> {
    const now = clock.now();
    const endOfToday = new Date(Date.parse(utcDay(now)) + DAY_MS - 1);
    return (await ledger.listByKickoff(new Date(now.getTime() - days * DAY_MS), endOfToday)).filter((e) => e.kind === 'pick');
  }

  return {
    /** Published and back-tested picks, newest first; void ones are not shown. */
    async list(days: 1 | 7 | 30): Promise<TrackingRow[]> {
      return (await picks(days))
        .filter((e) => e.result !== 'void')
        .sort(newestFirst)
        .map((e) => ({
          id: e.id,
          fixtureId: e.fixtureId,
          homeTeam: e.homeTeam,
          awayTeam: e.awayTeam,
          league: e.leagueName,
          matchTime: e.kickoff,
          ourPrediction: PICK_LABELS[e.selection],
          confidence: percent(e.probability),
          actualResult: actualResult(e),
          hasResult: e.result === 'won' || e.result === 'lost',
          isCorrect: e.result === 'won' ? true : e.result === 'lost' ? false : null,
          basis: e.basis,
        }));
    },

    /** The period's figures per basis, computed as the landing's are (the same function). */
    async summary(days: 1 | 7 | 30): Promise<TrackingSummary> {
      const entries = await picks(days);
      const open = (basis: string) => entries.filter((e) => e.basis === basis && !e.result).length;
      return { ...metricsByBasis(entries, clock.now(), days), pending: { published: open('published'), backtest: open('backtest') } };
    },

    /** Upcoming and won picks of the last 30 days and the next 7 (lost and void ones need no odds). */
    async picksForOddsEntry(): Promise<WinningPrediction[]> {
      const now = clock.now();
      return (await ledger.listByKickoff(new Date(now.getTime() - 30 * DAY_MS), new Date(now.getTime() + 7 * DAY_MS)))
        .filter((e) => e.kind === 'pick' && (e.result === 'won' || !e.result))
        .sort(newestFirst)
        .map((e) => ({
          id: e.id,
          homeTeam: e.homeTeam,
          awayTeam: e.awayTeam,
          league: e.leagueName,
          matchTime: e.kickoff,
          predictionType: PREDICTION_TYPES[e.selection],
          ourPrediction: PICK_LABELS[e.selection],
          actualResult: actualResult(e),
          winningOdds: shownOdds(e),
          hasResult: e.result === 'won',
        }));
    },

    /**
     * Records the winning odds staff entered for a settled bet: a new correction record (who, when,
     * old, new) sealed in the corrections chain, within the entry's documented range. The entry
     * keeps the price taken; no figure changes, so nothing is recomputed.
     */
    async correct({ predictionId, odds }: UpdateOddsBody, by: string): Promise<void> {
      const entry = await ledger.get(predictionId);
      if (!entry) throw new NotFoundError(`No prediction ${predictionId}`);
      if (entry.result !== 'won' && entry.result !== 'lost') throw new ConflictError('Odds can only be corrected once the match is settled');
      assertCorrectable(entry, odds);
      for (let attempt = 1; attempt <= CORRECTION_ATTEMPTS; attempt++) {
        const sealed = sealCorrection(await ledger.correctionHead(), {
          entryId: entry.id,
          fixtureId: entry.fixtureId,
          kickoff: entry.kickoff,
          oldPrice: shownOdds(entry),
          newPrice: odds,
          by,
          at: clock.now().toISOString(),
        });
        const outcome = await ledger.correct(sealed);
        if (outcome === 'ok') return;
        if (outcome === 'not-settled') throw new ConflictError('Odds can only be corrected once the match is settled');
      }
      throw new ConflictError('Other corrections are being recorded at this moment: try again');
    },
  };
}

/** Concurrent corrections each reseal after the head they lost to, a few times. */
const CORRECTION_ATTEMPTS = 5;

export type TrackingService = ReturnType<typeof makeTrackingService>;
