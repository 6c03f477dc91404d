import { ANALYTICS_ALL_DAYS, type AnalyticsPeriod, type ValueWorth } from '@app/contracts/analytics';
import type { LedgerDigests, LedgerList, LedgerQuery } from '@app/contracts/ledger';
import type { LosingRunsResponse } from '@app/contracts/responsible-gambling';
import type { TrackRecord } from '@app/contracts/metrics';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { requirePremiumContent, type Viewer } from '../account/viewer.ts';
import { digestOrder, FAILING, GENESIS, ledgerDay, sealBacktest, sealPublished, verifyChain, type DayCheck } from './digest.ts';
import { verifyCorrections, type CorrectionsCheck } from './corrections.ts';
import type { RecordedEntry } from './entry.ts';
import type { LedgerRepository, TrackRecordRepository } from './ports.ts';
import { losingRunsByBasis, METRICS_WINDOW_DAYS, trackRecordOf, trendOf, TREND_DAYS } from './record.ts';
import { entryView, ledgerCsv } from './views.ts';
import { seasonStartOf, VALUE_WORTH_RECENT_DAYS, valueWorthOf } from './value-worth.ts';

/** Days of a period: 30, 90, or all time (365). */
export const periodDays = (period: AnalyticsPeriod) => (period === 'all' ? ANALYTICS_ALL_DAYS : Number(period));

/** A published forecast covers the next 7 days: an entry kicks off at most this long after it was forecast. */
export const FORECAST_REACH_DAYS = 8;

/**
 * The subscriber's ledger: every entry forecast in the period's last days (whole UTC days, so each
 * day of an unfiltered export checks against its digest), as JSON or CSV. Premium only
 * (docs/track-record.md); the digests are public.
 */
export function makeLedgerService({ ledger, clock }: { ledger: Pick<LedgerRepository, 'listByKickoff' | 'digests'>; clock: Clock }) {
  async function read(viewer: Viewer | null, query: LedgerQuery) {
    requirePremiumContent(viewer, 'The bet ledger is');
    const now = clock.now();
    const period = query.period ?? '30';
    const from = new Date(Date.parse(utcDay(new Date(now.getTime() - (periodDays(period) - 1) * DAY_MS))));
    const to = new Date(now.getTime() + FORECAST_REACH_DAYS * DAY_MS);
    const entries = (await ledger.listByKickoff(from, to)).filter(
      (e) => e.forecastAt >= from.toISOString() && (!query.league || e.leagueId === query.league) && (!query.market || e.market === query.market),
    );
    return { period, from, to, entries: digestOrder(entries) };
  }
  return {
    async list(viewer: Viewer | null, query: LedgerQuery): Promise<LedgerList> {
      const { period, from, to, entries } = await read(viewer, query);
      return {
        period,
        from: from.toISOString(),
        to: to.toISOString(),
        league: query.league ?? null,
        market: query.market ?? null,
        entries: entries.map(entryView),
      };
    },
    /** The same entries as CSV, with the file name to save it under. */
    async csv(viewer: Viewer | null, query: LedgerQuery): Promise<{ text: string; fileName: string }> {
      const { period, entries } = await read(viewer, query);
      const parts = ['ledger', period === 'all' ? 'all-time' : `${period}-days`, query.league, query.market, utcDay(clock.now())].filter(Boolean);
      return { text: ledgerCsv(entries), fileName: `${parts.join('-')}.csv` };
    },
    /**
     * The losing runs of the last year's settled picks, per basis: public, as /results is, and
     * what /responsible-gambling shows a probability does not promise.
     */
    async losingRuns(): Promise<LosingRunsResponse> {
      const now = clock.now();
      const entries = await ledger.listByKickoff(new Date(now.getTime() - ANALYTICS_ALL_DAYS * DAY_MS), now);
      return losingRunsByBasis(entries, now, ANALYTICS_ALL_DAYS);
    },
    /**
     * The last 30 days' and the season's value flags, each basis apart: what they make expected at the flat stake
     * beside the monthly fee, and what happened. Public, for /analytics and the pricing page.
     */
    async valueWorth(): Promise<ValueWorth> {
      const now = clock.now();
      const recent = now.getTime() - VALUE_WORTH_RECENT_DAYS * DAY_MS;
      const entries = await ledger.listByKickoff(new Date(Math.min(recent, seasonStartOf(now).getTime())), now);
      return valueWorthOf(entries, now);
    },
    /** Both chains, oldest day first: public, so anyone can keep a copy before kickoff. */
    async digests(): Promise<LedgerDigests> {
      const [published, backtest] = await Promise.all([ledger.digests('published'), ledger.digests('backtest')]);
      return { genesis: GENESIS, published, backtest };
    },
  };
}

export type LedgerService = ReturnType<typeof makeLedgerService>;

/**
 * The stored headline and trend, recomputed from the ledger: by the metrics job, and by a staff
 * correction in its own request, so every page shows the corrected figures at once.
 */
export function makeTrackRecordViews({
  ledger,
  store,
  clock,
}: {
  ledger: Pick<LedgerRepository, 'listByKickoff'>;
  store: TrackRecordRepository;
  clock: Clock;
}) {
  return {
    async recompute(): Promise<TrackRecord> {
      const now = clock.now();
      // The trend's first day looks back a full window.
      const entries = await ledger.listByKickoff(new Date(now.getTime() - (TREND_DAYS + METRICS_WINDOW_DAYS) * DAY_MS), now);
      const latest = trackRecordOf(entries, now);
      await store.saveLatest(latest, trendOf(entries, now), now);
      return latest;
    },
  };
}

export type TrackRecordViews = ReturnType<typeof makeTrackRecordViews>;

/** A new league backfills this many days, so the backtest chain's last days may still change. */
export const BACKTEST_MUTABLE_DAYS = 35;

/**
 * Seals both digest chains (docs/decisions/0132-day-digests.md). Only between generation runs:
 * an entry forecast before a sealing must be written before it, or a later version would not
 * extend the earlier one.
 */
export function makeLedgerSealer({ ledger, clock, generationRunning }: { ledger: LedgerRepository; clock: Clock; generationRunning: () => Promise<boolean> }) {
  return {
    async seal(): Promise<string> {
      if (await generationRunning()) return 'digests: a generation run is in progress, sealed after it';
      const now = clock.now();
      const [published, backtest] = await Promise.all([ledger.digests('published'), ledger.digests('backtest')]);
      const last = published.at(-1);
      const mutableFrom = utcDay(new Date(now.getTime() - BACKTEST_MUTABLE_DAYS * DAY_MS));
      const from = [last?.day ?? mutableFrom, mutableFrom].sort()[0]!;
      const entries: RecordedEntry[] = await ledger.listByKickoff(new Date(from), new Date(now.getTime() + FORECAST_REACH_DAYS * DAY_MS));
      const anchor = backtest.filter((d) => d.day < mutableFrom).at(-1);
      const sealed = [
        ...sealPublished(
          last,
          entries.filter((e) => !last || ledgerDay(e) >= last.day),
          now,
        ),
        ...sealBacktest(
          anchor,
          backtest.filter((d) => d.day >= mutableFrom),
          entries.filter((e) => ledgerDay(e) >= mutableFrom),
          now,
        ),
      ];
      await ledger.saveDigests(sealed);
      return `digests: ${sealed.length} day(s) sealed`;
    },
  };
}

/**
 * `npm run ledger -- verify`: every stored digest recomputed from the stored entries, both chains
 * (docs/track-record.md#checking-a-day). `ok` is false on any edited, missing or back-dated entry.
 */
export function makeLedgerVerifier({
  ledger,
  clock,
}: {
  ledger: Pick<LedgerRepository, 'listByKickoff' | 'digests' | 'listCorrections' | 'correctionHead'>;
  clock: Clock;
}) {
  return {
    async verify(): Promise<{ ok: boolean; checks: DayCheck[]; corrections: CorrectionsCheck }> {
      const [published, backtest, stored, head] = await Promise.all([
        ledger.digests('published'),
        ledger.digests('backtest'),
        ledger.listCorrections(),
        ledger.correctionHead(),
      ]);
      // The corrections have a chain of their own: one link per correction.
      const corrections = verifyCorrections(stored, head);
      const days = [...published, ...backtest].map((d) => d.day).sort();
      const now = clock.now();
      if (!days.length) return { ok: corrections.ok, checks: [], corrections };
      // A day's entries kick off on it or within the week after; later entries are not sealed yet.
      const entries = await ledger.listByKickoff(new Date(days[0]!), new Date(now.getTime() + FORECAST_REACH_DAYS * DAY_MS));
      const checks = [...verifyChain('published', published, entries), ...verifyChain('backtest', backtest, entries)];
      return { ok: !checks.some((c) => FAILING.has(c.status)) && corrections.ok, checks, corrections };
    },
  };
}
