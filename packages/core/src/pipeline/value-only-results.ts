/**
 * Results for the flag-only leagues (docs/decisions/0297-results-for-flag-only-leagues.md): their fixtures exist only in
 * the odds feed, so their results come from it too (`FeedResultsProvider`: The Odds API's `/scores`). A run of the
 * results job settles every flag-only record that kicked off within the feed's reach and is not settled yet: the score,
 * each value entry's result, profit and closing line value (at the closing price: the source's own closing line, else
 * the snapshot taken before kickoff), and the tracked bets subscribers took on it. Only completed events settle; a
 * league is asked only while it has a record waiting (from 105 minutes after its kickoff until its result), once a run;
 * a league whose call fails waits for the next run and the others go on.
 */
import { DAY_MS, type Clock } from '../clock.ts';
import { groupBy } from '../collections.ts';
import type { LedgerRepository } from '../ledger/ports.ts';
import { settleTrackedBets } from '../my-bets/settle.ts';
import type { TrackedBetRepository } from '../my-bets/ports.ts';
import { closingOf } from './generation/provider-reads.ts';
import { entryOutcomes, settledPrediction } from './generation/settlement.ts';
import type { FixtureRepository, PipelinePredictionRepository, ValueOnlyReads } from './ports.ts';
import { FEED_RESULTS_MAX_DAYS, isProviderOutage, type FeedResultsProvider, type League, type OddsProvider } from './providers.ts';

/** The results job's task that settles the flag-only leagues (one task for all of them: a league's failure is its own). */
export const FLAG_ONLY_RESULTS_TASK = 'flag-only';

/** A match is not over before this long after kickoff (two halves, the break, stoppage time): its league is not asked earlier. */
const FEED_RESULT_AFTER_MS = 105 * 60_000;

export interface FlagOnlyResultsDeps {
  results: FeedResultsProvider;
  /** The closing line of a source that keeps one (the demo); without it, the snapshot taken before kickoff. */
  oddsProvider: Pick<OddsProvider, 'closingOdds'>;
  predictions: Pick<PipelinePredictionRepository, 'settle'> & ValueOnlyReads;
  fixtures: Pick<FixtureRepository, 'closingSnapshot'>;
  ledger: Pick<LedgerRepository, 'listForFixture'>;
  trackedBets: Pick<TrackedBetRepository, 'listOpenForFixture' | 'settle'>;
  /** The leagues flagged without a forecast. */
  leagues: readonly League[];
  clock: Clock;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

export function makeFlagOnlyResults(deps: FlagOnlyResultsDeps) {
  const log = deps.log ?? (() => {});
  const ids = new Set(deps.leagues.map((l) => l.id));
  return {
    /** One run: settles what the feed reports completed; returns its summary. */
    async settle(): Promise<string> {
      const now = deps.clock.now();
      const from = new Date(now.getTime() - FEED_RESULTS_MAX_DAYS * DAY_MS);
      const waiting = (await deps.predictions.listValueOnlyByKickoff(from, now)).filter(
        (p) => ids.has(p.leagueId) && p.status !== 'settled' && Date.parse(p.kickoff) <= now.getTime() - FEED_RESULT_AFTER_MS,
      );
      let settled = 0;
      let betsSettled = 0;
      const failed: string[] = [];
      for (const [leagueId, records] of groupBy(waiting, (p) => p.leagueId)) {
        // the feed's reach back to the league's oldest record waiting, in whole days (2 credits a call at The Odds API, whatever the days)
        const oldest = Math.min(...records.map((p) => Date.parse(p.kickoff)));
        const days = Math.min(FEED_RESULTS_MAX_DAYS, Math.max(1, Math.ceil((now.getTime() - oldest) / DAY_MS)));
        let reported;
        try {
          reported = new Map((await deps.results.results(leagueId, days)).map((f) => [f.id, f]));
        } catch (error) {
          if (!isProviderOutage(error)) throw error;
          // the next run asks again: the records wait within the feed's three days
          failed.push(leagueId);
          log('Flag-only results unavailable', { leagueId, error: error.message });
          continue;
        }
        const played = records.flatMap((p) => {
          const fixture = reported.get(p.fixtureId);
          const result = fixture && fixture.status === 'finished' ? settledPrediction(p, fixture) : undefined;
          return result && fixture ? [{ fixture, result }] : [];
        });
        const closing = await closingOf(
          { ...deps, log },
          leagueId,
          played.map((s) => s.fixture),
        );
        for (const { fixture, result } of played) {
          const open = (await deps.ledger.listForFixture(fixture.id)).filter((e) => !e.result || e.result === 'void');
          if (await deps.predictions.settle(result, entryOutcomes(open, result, closing.get(fixture.id), now))) settled += 1;
          betsSettled += await settleTrackedBets(deps.trackedBets, fixture.id, fixture.score!, closing.get(fixture.id), now);
        }
      }
      const summary = `${settled} flag-only fixture(s) settled of ${waiting.length} waiting${betsSettled ? `, ${betsSettled} tracked bet(s) settled` : ''}`;
      return failed.length ? `${summary}; failed: ${failed.join(', ')} (asked again next run)` : summary;
    },
  };
}

/** The flag-only leagues' results run. */
export type FlagOnlyResults = ReturnType<typeof makeFlagOnlyResults>;
