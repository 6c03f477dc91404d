import type { FormMatch, MatchForecast, MatchPage } from '@app/contracts/matches';
import { outcomeOf, rps } from '@app/model/scoring';
import type { MatchRecord } from '@app/model/types';
import type { Clock } from '../clock.ts';
import { NotFoundError } from '../errors.ts';
import type { LedgerRepository } from '../ledger/ports.ts';
import { PICK_LABELS } from '../predictions/picks.ts';
import type { HistoryRepository, PipelinePredictionRepository } from '../pipeline/ports.ts';
import type { ScanMarkRepository } from '../predictions/ports.ts';
import { asOfLastScan } from '../predictions/scan-marks.ts';
import type { ThreeWay, StoredPrediction, ValueFlagEvent } from '../predictions/prediction.ts';
import { seesPremiumContent, type Viewer } from '../account/viewer.ts';
import { matchIdentity } from './identity.ts';
import { cardPicks, fairOddsOf, goalMarketsOf, valueBetView } from '../predictions/locking.ts';
import { percent } from '../numbers.ts';
import { arbitragesOf } from '../predictions/arbitrage.ts';

export const FORM_MATCHES = 5;
export const MEETINGS = 5;

const threeWay = (t: ThreeWay) => ({ home: percent(t.home), draw: percent(t.draw), away: percent(t.away) });

/** A flag's change as the match page's history shows it. */
const valueEventView = (e: ValueFlagEvent) => ({
  at: e.at,
  market: e.selection,
  event: e.event,
  odds: e.odds ?? null,
  bookmaker: e.bookmaker ?? null,
  fairOdds: fairOddsOf(e.fairProbability),
  edge: e.edge === undefined ? null : percent(e.edge),
});

/** The premium sections: only ever built for a premium viewer. */
function forecastOf(p: StoredPrediction): MatchForecast {
  return {
    blend: threeWay(p.probabilities),
    modelWeight: p.modelWeight?.x1 ?? null,
    source: p.forecastSource ?? null,
    models: p.models ? threeWay(p.models) : null,
    market: p.market ? threeWay(p.market) : null,
    components: Object.entries(p.components ?? {}).map(([name, c]) => ({ name, ...threeWay(c) })),
    scores: p.insights?.scores ? p.insights.scores.map((row) => row.map(percent)) : null,
    expectedGoals: p.insights
      ? { home: Math.round(p.insights.expectedGoals.home * 100) / 100, away: Math.round(p.insights.expectedGoals.away * 100) / 100 }
      : null,
    bothTeamsToScore: p.insights ? percent(p.insights.bothTeamsToScore) : null,
    totals: {
      over15: p.insights?.totals ? percent(p.insights.totals.over15) : null,
      over25: percent(p.overUnder25.over),
      over35: p.insights?.totals ? percent(p.insights.totals.over35) : null,
    },
    oddsUsed: p.modelOdds ?? null,
    bestOdds: p.bestOdds ?? null,
    ...(p.bestBookmakers ? { bestBookmakers: p.bestBookmakers } : {}),
    ...(p.books && p.booksAt
      ? { books: { at: p.booksAt, fair: p.sharpFair ?? null, prices: p.books.map((b) => ({ bookmaker: b.bookmaker, odds: b.odds })) } }
      : {}),
    arbitrages: arbitragesOf(p.bestOdds),
    markets: goalMarketsOf(p),
    picks: cardPicks(p),
    valueBets: p.valueBets.map((v) => valueBetView(p, v)),
    valueHistory: (p.valueHistory ?? []).map(valueEventView),
    valueScannedAt: p.valueScannedAt ?? null,
  };
}

/** The team's last `count` results in `history` (oldest first), newest first. */
export function formOf(team: string, history: readonly MatchRecord[], count = FORM_MATCHES): FormMatch[] {
  return history
    .filter((m) => m.home === team || m.away === team)
    .slice(-count)
    .reverse()
    .map((m) => {
      const home = m.home === team;
      const goalsFor = home ? m.homeGoals : m.awayGoals;
      const goalsAgainst = home ? m.awayGoals : m.homeGoals;
      return {
        date: m.date.slice(0, 10),
        opponent: home ? m.away : m.home,
        venue: home ? 'H' : 'A',
        goalsFor,
        goalsAgainst,
        outcome: goalsFor > goalsAgainst ? 'W' : goalsFor < goalsAgainst ? 'L' : 'D',
      };
    });
}

/**
 * A match page: teams, kickoff and league for everyone, the last results of both teams and their
 * last meetings (stored history before kickoff), the score and how the forecast scored after full
 * time; the forecast sections for premium viewers only, decided here, as on the cards
 * (docs/decisions/0091-public-record-match-pages-and-premium-analytics.md).
 */
export function makeMatchService({
  predictions,
  history,
  ledger,
  marks,
  clock,
}: {
  predictions: Pick<PipelinePredictionRepository, 'get'>;
  history: Pick<HistoryRepository, 'list'>;
  ledger: Pick<LedgerRepository, 'listForFixture'>;
  /** The odds scan's league marks: the page shows the prediction as of its last scan (docs/decisions/0296-a-scan-that-changed-nothing-writes-nothing.md). */
  marks?: Pick<ScanMarkRepository, 'get'>;
  clock: Clock;
}) {
  return {
    async get(fixtureId: string, viewer: Viewer | null): Promise<MatchPage> {
      const stored = await predictions.get(fixtureId);
      if (!stored) throw new NotFoundError(`No match ${fixtureId}`);
      const mark = marks && Date.parse(stored.kickoff) > clock.now().getTime() ? await marks.get(stored.leagueId) : undefined;
      const p = mark ? asOfLastScan(stored, new Map([[mark.leagueId, mark]])) : stored;
      const kickoff = new Date(p.kickoff).toISOString();
      const before = (await history.list(p.leagueId)).filter((m) => new Date(m.date).toISOString() < kickoff).sort((a, b) => a.date.localeCompare(b.date));
      const meetings = before
        .filter((m) => (m.home === p.homeTeam && m.away === p.awayTeam) || (m.home === p.awayTeam && m.away === p.homeTeam))
        .slice(-MEETINGS)
        .reverse()
        .map((m) => ({ date: m.date.slice(0, 10), homeTeam: m.home, awayTeam: m.away, homeGoals: m.homeGoals, awayGoals: m.awayGoals }));
      const played = p.status === 'settled' && p.result && Date.parse(kickoff) <= clock.now().getTime();
      const premium = seesPremiumContent(viewer);
      return {
        ...matchIdentity(p),
        status: p.status ?? 'scheduled',
        isLocked: !premium,
        forecast: premium ? forecastOf(p) : null,
        form: { home: formOf(p.homeTeam, before), away: formOf(p.awayTeam, before) },
        meetings,
        outcome:
          played && p.result
            ? {
                score: p.result,
                actualResult: p.actualResult ?? `${p.result.home}-${p.result.away}`,
                rps:
                  Math.round(rps([p.probabilities.home, p.probabilities.draw, p.probabilities.away], outcomeOf(p.result.home, p.result.away)) * 10000) / 10000,
                picks: (await ledger.listForFixture(fixtureId))
                  .filter((e) => e.kind === 'pick' && (e.result === 'won' || e.result === 'lost'))
                  .map((e) => ({ label: PICK_LABELS[e.selection], confidence: percent(e.probability), won: e.result === 'won' })),
              }
            : null,
      };
    },
  };
}

export type MatchService = ReturnType<typeof makeMatchService>;
