import { RESULTS_DEFAULT_DAYS, RESULTS_MAX_SPAN_DAYS, RESULTS_PAGE_SIZE, type ResultRow, type ResultsPage, type ResultsQuery } from '@app/contracts/results';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { ValidationError } from '../errors.ts';
import { matchIdentity } from '../matches/identity.ts';
import { isCorrect, picksOf, PICK_LABELS } from '../picks/pick.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import { originOf, type StoredPrediction } from '../predictions/prediction.ts';

const pct = (p: number) => Math.round(p * 1000) / 10;

/**
 * A settled prediction as the public results page shows it. The probabilities are revealed only
 * for a match that has kicked off (a frozen forecast proves the record and costs nothing); the
 * caller has already dropped every other one, and this checks again.
 */
function toResultRow(p: StoredPrediction, now: number): ResultRow | undefined {
  if (Date.parse(p.kickoff) > now || p.status !== 'settled' || !p.result) return undefined;
  const score = p.result;
  return {
    ...matchIdentity(p),
    origin: originOf(p),
    probabilities: { home: pct(p.probabilities.home), draw: pct(p.probabilities.draw), away: pct(p.probabilities.away), over25: pct(p.overUnder25.over) },
    score,
    actualResult: p.actualResult ?? `${score.home}-${score.away}`,
    picks: picksOf(p).map((pick) => ({
      market: pick.market,
      label: PICK_LABELS[pick.predictionType],
      confidence: pct(pick.confidence),
      odds: pick.capturedOdds ?? null,
      won: isCorrect(pick.predictionType, score),
    })),
  };
}

/**
 * The public record: every settled prediction, newest first, by page, league and date span
 * (docs/decisions/0091-public-record-match-pages-and-premium-analytics.md).
 */
export function makeResultsService({ predictions, clock }: { predictions: PredictionRepository; clock: Clock }) {
  return {
    async list(query: ResultsQuery): Promise<ResultsPage> {
      const now = clock.now();
      const to = query.to ?? utcDay(now);
      const from = query.from ?? utcDay(new Date(Date.parse(to) - (RESULTS_DEFAULT_DAYS - 1) * DAY_MS));
      if (from > to) throw new ValidationError('from must not be after to');
      if (Date.parse(to) - Date.parse(from) >= RESULTS_MAX_SPAN_DAYS * DAY_MS) throw new ValidationError(`from and to may span at most ${RESULTS_MAX_SPAN_DAYS} days`);
      const end = Math.min(Date.parse(to) + DAY_MS - 1, now.getTime());
      const stored = end < Date.parse(from) ? [] : await predictions.listByKickoff(new Date(from), new Date(end));
      const rows = stored
        .map((p) => toResultRow(p, now.getTime()))
        .filter((r): r is ResultRow => r !== undefined)
        .sort((a, b) => b.matchTime.localeCompare(a.matchTime) || a.fixtureId.localeCompare(b.fixtureId));
      const leagues = [...new Map(rows.map((r) => [r.leagueId, r.league])).entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
      const inLeague = query.league ? rows.filter((r) => r.leagueId === query.league) : rows;
      const page = Number(query.page ?? '1');
      return {
        items: inLeague.slice((page - 1) * RESULTS_PAGE_SIZE, page * RESULTS_PAGE_SIZE),
        page,
        pageSize: RESULTS_PAGE_SIZE,
        total: inLeague.length,
        from,
        to,
        leagues,
      };
    },
  };
}

export type ResultsService = ReturnType<typeof makeResultsService>;
