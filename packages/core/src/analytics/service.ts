import {
  ANALYTICS_ALL_DAYS,
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  type AnalyticsReport,
  type ForecastQuality,
} from '@app/contracts/analytics';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { groupBy } from '../collections.ts';
import type { RecordedEntry } from '../ledger/entry.ts';
import type { LedgerRepository } from '../ledger/ports.ts';
import { basisOf, clvSummary, inWindow, profitCurve, recordOf, settledBets } from '../ledger/record.ts';
import { periodDays } from '../ledger/service.ts';
import type { PredictionRepository } from '../predictions/ports.ts';
import { requirePremiumContent, type Viewer } from '../account/viewer.ts';
import { forecastQuality } from './forecast-quality.ts';

/** The stored forecast quality, one per period (the metrics job writes it; it never depends on prices). */
export interface ForecastQualityRepository {
  get(period: AnalyticsPeriod): Promise<ForecastQuality | null>;
  save(report: ForecastQuality): Promise<void>;
}

/**
 * Run by the metrics job: each period's forecast quality over the predictions its betting record
 * rests on (published once 30 published picks are settled in it, else back-tested).
 */
export function makeForecastQualityJob({
  predictions,
  ledger,
  store,
  clock,
}: {
  predictions: PredictionRepository;
  ledger: Pick<LedgerRepository, 'listByKickoff'>;
  store: ForecastQualityRepository;
  clock: Clock;
}) {
  return {
    async recompute(): Promise<string> {
      const now = clock.now();
      const from = new Date(now.getTime() - ANALYTICS_ALL_DAYS * DAY_MS);
      const [all, entries] = await Promise.all([predictions.listByKickoff(from, now), ledger.listByKickoff(from, now)]);
      const reports = ANALYTICS_PERIODS.map((period) => {
        const days = periodDays(period);
        return forecastQuality(all, period, days, basisOf(publishedPicks(entries, now, days)), now);
      });
      for (const report of reports) await store.save(report);
      return `forecast quality: ${reports.map((r) => `${r.period} ${r.matches} matches (${r.basis})`).join(', ')}`;
    },
  };
}

const publishedPicks = (entries: readonly RecordedEntry[], asOf: Date, days: number) =>
  settledBets(entries.filter((e) => e.kind === 'pick' && e.basis === 'published' && inWindow(e, asOf, days))).length;

/** Entries by league, leagues sorted by name. */
function byLeague(entries: readonly RecordedEntry[]): Array<{ leagueId: string; name: string; entries: RecordedEntry[] }> {
  return [...groupBy(entries, (e) => e.leagueId).entries()]
    .map(([leagueId, list]) => ({ leagueId, name: list[0]!.leagueName, entries: list }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Premium analytics of one period, computed on request from the settled ledger, so a correction
 * shows at once (docs/decisions/0133-one-track-record.md): picks and value bets, ROI with its
 * interval, quarter-Kelly, CLV and the profit curves, for all leagues and markets or one of each.
 * Like the headline, the period rests on published picks once 30 are settled in it, else on
 * back-tested ones, labelled.
 */
export function makeAnalyticsService({
  ledger,
  quality,
  clock,
}: {
  ledger: Pick<LedgerRepository, 'listByKickoff'>;
  quality: Pick<ForecastQualityRepository, 'get'>;
  clock: Clock;
}) {
  return {
    async get(viewer: Viewer | null, query: AnalyticsQuery): Promise<AnalyticsReport> {
      requirePremiumContent(viewer, 'Performance analytics are');
      const now = clock.now();
      const period = query.period ?? '30';
      const days = periodDays(period);
      const from = new Date(now.getTime() - days * DAY_MS);
      const [stored, forecast] = await Promise.all([ledger.listByKickoff(from, now), quality.get(period)]);
      const inPeriod = stored.filter((e) => inWindow(e, now, days));
      const basis = basisOf(publishedPicks(inPeriod, now, days));
      const set = inPeriod.filter((e) => e.basis === basis);
      const chosen = set.filter((e) => (!query.league || e.leagueId === query.league) && (!query.market || e.market === query.market));
      const picks = chosen.filter((e) => e.kind === 'pick');
      const values = chosen.filter((e) => e.kind === 'value');
      const record = (entries: readonly RecordedEntry[]) => recordOf(settledBets(entries));
      const bets = settledBets(chosen);
      return {
        period,
        from: utcDay(from),
        to: utcDay(now),
        league: query.league ?? null,
        market: query.market ?? null,
        leagues: byLeague(set.filter((e) => e.result === 'won' || e.result === 'lost')).map((l) => ({ id: l.leagueId, name: l.name })),
        basis,
        matches: new Set(bets.map((b) => b.entry.fixtureId)).size,
        markets: { all: record(picks), '1x2': record(picks.filter((e) => e.market === '1x2')), ou25: record(picks.filter((e) => e.market === 'ou25')) },
        valueBets: record(values),
        clv: clvSummary(bets),
        curves: { picks: profitCurve(settledBets(picks)), valueBets: profitCurve(settledBets(values)) },
        perLeague: byLeague(chosen).map((l) => {
          const leaguePicks = l.entries.filter((e) => e.kind === 'pick');
          return {
            leagueId: l.leagueId,
            league: l.name,
            '1x2': record(leaguePicks.filter((e) => e.market === '1x2')),
            ou25: record(leaguePicks.filter((e) => e.market === 'ou25')),
            valueBets: record(l.entries.filter((e) => e.kind === 'value')),
          };
        }),
        forecast,
        computedAt: now.toISOString(),
      };
    },
  };
}
