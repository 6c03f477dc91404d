import { RESULTS_DEFAULT_DAYS, RESULTS_MAX_SPAN_DAYS, RESULTS_PAGE_SIZE, type ResultRow, type ResultsPage, type ResultsQuery } from '@app/contracts/results';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { groupBy } from '../collections.ts';
import { ValidationError } from '../errors.ts';
import { clvOf, type RecordedEntry } from '../ledger/entry.ts';
import type { LedgerRepository } from '../ledger/ports.ts';
import { metricsByBasis, METRICS_WINDOW_DAYS } from '../ledger/record.ts';
import { matchIdentity } from '../matches/identity.ts';
import { percent, round } from '../numbers.ts';
import { PICK_LABELS } from '../predictions/picks.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import { originOf, type StoredPrediction } from '../predictions/prediction.ts';

/**
 * A settled prediction as the public results page shows it, with its ledger entries at the price
 * they are settled at. The probabilities are revealed only for a match that has kicked off (a
 * frozen forecast proves the record and costs nothing); the caller has already dropped every
 * other one, and this checks again.
 */
function toResultRow(p: StoredPrediction, entries: readonly RecordedEntry[], now: number): ResultRow | undefined {
  if (Date.parse(p.kickoff) > now || p.status !== 'settled' || !p.result) return undefined;
  const score = p.result;
  return {
    ...matchIdentity(p),
    origin: originOf(p),
    probabilities: {
      home: percent(p.probabilities.home),
      draw: percent(p.probabilities.draw),
      away: percent(p.probabilities.away),
      over25: percent(p.overUnder25.over),
    },
    score,
    actualResult: p.actualResult ?? `${score.home}-${score.away}`,
    picks: entries
      .filter((e) => e.result === 'won' || e.result === 'lost')
      .map((e) => {
        const clv = clvOf(e);
        return {
          kind: e.kind,
          market: e.market,
          label: PICK_LABELS[e.selection],
          confidence: percent(e.probability),
          odds: e.price,
          bookmaker: e.bookmaker,
          won: e.result === 'won',
          clv: clv === null ? null : round(clv * 100, 1),
          corrections: e.corrections.map((c) => ({ oldPrice: c.oldPrice, newPrice: c.newPrice, by: c.by, at: c.at })),
        };
      }),
  };
}

/**
 * The public record: every settled prediction, newest first, by page, league and date span, and
 * the figures per basis of the same league and span (the last 30 days without dates), computed
 * from the ledger as every page computes them
 * (docs/decisions/0091-public-record-match-pages-and-premium-analytics.md).
 */
export function makeResultsService({
  predictions,
  ledger,
  clock,
}: {
  predictions: PredictionRepository;
  ledger: Pick<LedgerRepository, 'listByKickoff'>;
  clock: Clock;
}) {
  return {
    async list(query: ResultsQuery): Promise<ResultsPage> {
      const now = clock.now();
      const to = query.to ?? utcDay(now);
      const from = query.from ?? utcDay(new Date(Date.parse(to) - (RESULTS_DEFAULT_DAYS - 1) * DAY_MS));
      if (from > to) throw new ValidationError('from must not be after to');
      if (Date.parse(to) - Date.parse(from) >= RESULTS_MAX_SPAN_DAYS * DAY_MS)
        throw new ValidationError(`from and to may span at most ${RESULTS_MAX_SPAN_DAYS} days`);
      const end = Math.min(Date.parse(to) + DAY_MS - 1, now.getTime());
      const windowStart = new Date(now.getTime() - METRICS_WINDOW_DAYS * DAY_MS);
      const readFrom = new Date(Math.min(Date.parse(from), windowStart.getTime()));
      const [stored, entries] = await Promise.all([
        end < Date.parse(from) ? [] : predictions.listByKickoff(new Date(from), new Date(end)),
        ledger.listByKickoff(readFrom, now),
      ]);
      const byFixture = groupBy(entries, (e) => e.fixtureId);
      const rows = stored
        .map((p) => toResultRow(p, byFixture.get(p.fixtureId) ?? [], now.getTime()))
        .filter((r): r is ResultRow => r !== undefined)
        .sort((a, b) => b.matchTime.localeCompare(a.matchTime) || a.fixtureId.localeCompare(b.fixtureId));
      const leagues = [...new Map(rows.map((r) => [r.leagueId, r.league])).entries()]
        .map(([id, name]) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const inLeague = query.league ? rows.filter((r) => r.leagueId === query.league) : rows;
      const page = Number(query.page ?? '1');
      // The summary follows the list: its league, and its dates when they were chosen (else the last 30 days, as the landing page)
      const leagueEntries = query.league ? entries.filter((e) => e.leagueId === query.league) : entries;
      const spanDays = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
      const summary = query.from || query.to ? metricsByBasis(leagueEntries, new Date(end), spanDays) : metricsByBasis(leagueEntries, now);
      return {
        items: inLeague.slice((page - 1) * RESULTS_PAGE_SIZE, page * RESULTS_PAGE_SIZE),
        page,
        pageSize: RESULTS_PAGE_SIZE,
        total: inLeague.length,
        from,
        to,
        leagues,
        summary,
      };
    },
  };
}

export type ResultsService = ReturnType<typeof makeResultsService>;
