import { seasonsToKeep } from '@app/model/deployment';
import { findValueBets } from '@app/model/odds';
import type { MatchRecord } from '@app/model/types';
import { fitLeagueModel, LeagueFitter, MODEL_VERSION, predictFixture, type LeagueModelState } from '@app/model/forecast';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { closingPriceOf } from '../ledger/closing.ts';
import { ledgerEntriesOf, outcomeOf, type LedgerEntry, type LedgerOutcome } from '../ledger/entry.ts';
import type { LedgerRepository } from '../ledger/ports.ts';
import { actualResultText } from '../picks/pick.ts';
import type { Origin, Selection, StoredPrediction } from '../predictions/prediction.ts';
import type { FixtureRepository, HistoryRecord, HistoryRepository, LeagueRepository, ModelStateRepository, PredictionStore, StoredFixture } from './ports.ts';
import {
  modelOdds,
  ProviderRejectedError,
  ProviderUnavailableError,
  type ClosingOdds,
  type FixtureOdds,
  type FixtureProvider,
  type League,
  type MatchStats,
  type OddsProvider,
  type ProviderFixture,
} from './providers.ts';
import { slug } from '../text.ts';

export const UPCOMING_DAYS = 7;
/** A first run predicts and settles the last 30 days, so the track record starts with real numbers. */
export const BACKFILL_DAYS = 30;
/** Results are published this long after kickoff, so settled backfill picks carry a realistic time. */
const SETTLE_DELAY_MS = 2 * 60 * 60 * 1000;
/** Backfilled predictions are independent writes: a few in flight hide the store's latency. */
const BACKFILL_WRITES_IN_FLIGHT = 8;
/** The daily generation time (backfilled predictions are stamped as if made then). */
const GENERATION_HOUR_UTC = 6;

export interface PipelineDeps {
  fixturesProvider: FixtureProvider;
  oddsProvider: OddsProvider;
  leagues: LeagueRepository;
  fixtures: FixtureRepository;
  history: HistoryRepository;
  models: ModelStateRepository;
  predictions: PredictionStore;
  ledger: Pick<LedgerRepository, 'listForFixture'>;
  clock: Clock;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

/** The id of a played match in history: the same for an imported row and a settled fixture. */
export function historyId(leagueId: string, kickoff: string, home: string, away: string): string {
  return `${leagueId}-${kickoff.slice(0, 10)}-${slug(home)}-${slug(away)}`;
}

export function toHistoryRecord(f: StoredFixture | ProviderFixture, odds?: FixtureOdds): HistoryRecord {
  const o = odds ? modelOdds(odds) : undefined;
  return {
    id: historyId(f.leagueId, f.kickoff, f.homeTeam, f.awayTeam),
    date: f.kickoff,
    league: f.leagueId,
    season: f.season,
    home: f.homeTeam,
    away: f.awayTeam,
    homeGoals: f.score!.home,
    awayGoals: f.score!.away,
    ...f.stats,
    ...(o ? { odds: { home: o.home, draw: o.draw, away: o.away, over25: o.over25, under25: o.under25 } } : {}),
  };
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

const valueMarket: Record<string, Selection> = { home: 'home', draw: 'draw', away: 'away', over: 'over25', under: 'under25' };

/** A stored prediction from a forecast (probabilities as fractions; the API shows percentages). */
export function toStoredPrediction(f: ProviderFixture, leagueName: string, state: LeagueModelState, odds: FixtureOdds | undefined, generatedAt: Date, origin: Origin): StoredPrediction {
  const input = odds ? modelOdds(odds) : undefined;
  const forecast = predictFixture(state, { kickoff: f.kickoff, league: f.leagueId, home: f.homeTeam, away: f.awayTeam, ...(input ? { odds: input } : {}) });
  const valueBets = findValueBets(forecast, odds?.best).map((v) => ({ market: valueMarket[v.selection]!, odds: v.odds, edge: v.edge }));
  return {
    id: f.id,
    fixtureId: f.id,
    leagueId: f.leagueId,
    leagueName,
    homeTeam: f.homeTeam,
    awayTeam: f.awayTeam,
    kickoff: f.kickoff,
    probabilities: forecast.probabilities,
    overUnder25: forecast.overUnder25,
    components: forecast.components,
    models: forecast.models,
    ...(forecast.market ? { market: forecast.market } : {}),
    insights: {
      expectedGoals: forecast.markets.expectedGoals,
      bothTeamsToScore: forecast.markets.btts.yes,
      topScores: forecast.markets.topScores,
      totals: forecast.markets.totals,
      scores: forecast.markets.scores,
      drawNoBet: forecast.markets.drawNoBet,
      asianHandicap: forecast.markets.asianHandicap,
    },
    valueBets,
    ...(odds && input ? { bestOdds: odds.best, modelOdds: input } : {}),
    ...(odds?.bestBookmakers ? { bestBookmakers: odds.bestBookmakers } : {}),
    modelWeight: forecast.modelWeight,
    // Which code and which fit made it, so the track record can be audited.
    modelVersion: `${forecast.modelVersion}@${state.fittedAt}`,
    generatedAt: generatedAt.toISOString(),
    origin,
    status: 'scheduled',
  };
}

/**
 * A prediction settled against a finished (or cancelled: void) fixture; undefined while it is
 * neither. A postponed fixture stays pending: it is settled when it is played, or voided when it is
 * called off (docs/decisions/0121-postponed-matches-stay-pending.md).
 */
export function settledPrediction(prediction: StoredPrediction, fixture: ProviderFixture): StoredPrediction | undefined {
  if (fixture.status === 'finished' && fixture.score) return { ...prediction, result: fixture.score, status: 'settled', actualResult: actualResultText(fixture.score) };
  if (fixture.status === 'cancelled') return { ...prediction, status: 'void', actualResult: 'Cancelled' };
  return undefined;
}

/** What each entry gains from a settled prediction: result, profit and the closing price when known. */
export function entryOutcomes(entries: readonly LedgerEntry[], settled: StoredPrediction, closing: ClosingOdds | undefined, at: Date): Array<{ entryId: string; fixtureId: string; outcome: LedgerOutcome }> {
  const played = settled.status === 'settled' && settled.result ? settled.result : 'void';
  return entries.map((e) => ({ entryId: e.id, fixtureId: e.fixtureId, outcome: outcomeOf(e, played, closing && closingPriceOf(e.selection, closing), at) }));
}

/**
 * Per league: sync fixtures and odds, keep the model state fresh (refit daily from the stored
 * history, seeded from the provider on the first run), predict every fixture of the next 7 days
 * that has not kicked off. A first run also backfills the last 30 days: each past day predicted
 * from the data available then, then settled.
 */
export function makeGenerationService(deps: PipelineDeps) {
  const { clock } = deps;
  const log = deps.log ?? (() => {});

  async function leagueName(leagueId: string): Promise<string> {
    const known = (await deps.leagues.listActive()).find((l) => l.id === leagueId);
    if (known) return known.name;
    const fromProvider: League | undefined = (await deps.fixturesProvider.leagues()).find((l) => l.id === leagueId);
    return fromProvider?.name ?? leagueId;
  }

  /**
   * Statistics of newly finished fixtures from a provider that reads them separately. When it is
   * down or refuses, `error` says why and the fixtures wait for the next results run.
   */
  async function statisticsOf(leagueId: string, fixtures: ProviderFixture[]): Promise<{ read: Map<string, MatchStats>; error?: string }> {
    const provider = deps.fixturesProvider;
    if (!fixtures.length || !provider.statistics) return { read: new Map() };
    try {
      return { read: await provider.statistics(leagueId, fixtures) };
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError)) throw error;
      log('Match statistics unavailable: results settled, the matches join the history on a later run', { leagueId, fixtures: fixtures.length, error: error.message });
      return { read: new Map(), error: error.message };
    }
  }

  /** Fresh odds; when the odds provider is down or refuses, the last odds stored for each fixture. */
  async function oddsOrLastKnown(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, FixtureOdds>> {
    try {
      return await deps.oddsProvider.odds(leagueId, fixtures);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError)) throw error;
      log('Odds unavailable: using the last captured odds', { leagueId, error: (error as Error).message });
      const known = new Map<string, FixtureOdds>();
      for (const f of fixtures) {
        const stored = await deps.fixtures.get(f.id);
        if (stored?.odds) known.set(f.id, stored.odds);
      }
      return known;
    }
  }

  /** Closing prices of kicked-off fixtures: the provider's own closing line, else the snapshot taken before kickoff. */
  async function closingOf(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, ClosingOdds>> {
    if (!fixtures.length) return new Map();
    if (deps.oddsProvider.closingOdds) {
      try {
        return await deps.oddsProvider.closingOdds(leagueId, fixtures);
      } catch (error) {
        if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError)) throw error;
        // The entries stay without a closing price, and say so; the result still settles them.
        log('Closing odds unavailable', { leagueId, error: (error as Error).message });
        return new Map();
      }
    }
    const out = new Map<string, ClosingOdds>();
    for (const f of fixtures) {
      const snapshot = await deps.fixtures.closingSnapshot(f.id);
      if (snapshot) out.set(f.id, snapshot);
    }
    return out;
  }

  /**
   * A first run's reconstruction of the last 30 days: each day predicted from the data dated
   * before it, its entries recorded as back-tested (written now, after the matches) and settled
   * in the same write.
   */
  async function backfill(leagueId: string, name: string, fixtures: ProviderFixture[], records: HistoryRecord[], odds: Map<string, FixtureOdds>, now: Date) {
    let state: LeagueModelState | undefined;
    // One fitter for the whole backfill: each weekly fit continues the replay of the one before (the same states).
    const fitter = new LeagueFitter(leagueId);
    const rows: Array<{ prediction: StoredPrediction; entries: LedgerEntry[] }> = [];
    const past = fixtures.filter((f) => Date.parse(f.kickoff) <= now.getTime() && Date.parse(f.kickoff) > now.getTime() - BACKFILL_DAYS * DAY_MS).sort((a, b) => a.kickoff.localeCompare(b.kickoff));
    const closing = await closingOf(leagueId, past.filter((f) => f.status === 'finished'));
    for (const f of past) {
      const day = utcDay(new Date(f.kickoff));
      // Weekly refits, as the walk-forward backtest does: only data dated before the day is used.
      if (!state || Date.parse(day) - Date.parse(state.fittedAt) >= 7 * DAY_MS) {
        state = fitter.fit(records, day);
      }
      const generatedAt = new Date(`${day}T${String(GENERATION_HOUR_UTC).padStart(2, '0')}:00:00.000Z`);
      const prediction = toStoredPrediction(f, name, state, odds.get(f.id), generatedAt.getTime() < Date.parse(f.kickoff) ? generatedAt : new Date(Date.parse(f.kickoff) - DAY_MS), 'backfilled');
      const entries = ledgerEntriesOf(prediction, 'backtest', now);
      // Made and settled in one write: the prediction as it was, then its result.
      const settled = settledPrediction(prediction, f);
      const at = new Date(Math.min(now.getTime(), Date.parse(f.kickoff) + SETTLE_DELAY_MS));
      const outcomes = settled ? entryOutcomes(entries, settled, closing.get(f.id), at) : [];
      rows.push({ prediction: settled ?? prediction, entries: entries.map((e, i) => ({ ...e, ...outcomes[i]?.outcome })) });
    }
    await inBatches(rows, BACKFILL_WRITES_IN_FLIGHT, (row) => deps.predictions.write(row.prediction, row.entries, { now, backfill: true }));
    return rows.length;
  }

  return {
    async generate(leagueId: string): Promise<string> {
      const now = clock.now();
      const name = await leagueName(leagueId);
      // The first run ends by saving the league's first model state: a run that died before
      // (history half imported, backfill unfinished) is still the first run, and does it again.
      // So the stored state must only ever be missing for a league that never completed a run.
      const firstRun = !(await deps.models.latest(leagueId));
      let records = await deps.history.list(leagueId);
      if (firstRun) {
        const rows = (list: MatchRecord[]) => list.map((r) => ({ ...r, id: historyId(leagueId, r.date, r.home, r.away) }));
        // `records` holds what an interrupted first run imported: the provider continues from there.
        const imported = await deps.fixturesProvider.history(leagueId, now, { known: records, save: (batch) => deps.history.append(leagueId, rows(batch)) });
        const keep = seasonsToKeep(imported);
        await deps.history.append(leagueId, rows(imported.filter((r) => keep.has(r.season ?? r.date.slice(0, 4)))));
        // Read back, so this run trains on the history exactly as a resumed run (or tomorrow's) reads it.
        records = await deps.history.list(leagueId);
      }

      const from = new Date(now.getTime() - (firstRun ? BACKFILL_DAYS : 1) * DAY_MS);
      const to = new Date(now.getTime() + UPCOMING_DAYS * DAY_MS);
      const provided = await deps.fixturesProvider.fixtures(leagueId, from, to);
      const upcoming = provided.filter((f) => f.status === 'scheduled' && Date.parse(f.kickoff) > now.getTime() && Date.parse(f.kickoff) <= to.getTime());
      const wanted = firstRun ? provided.filter((f) => Date.parse(f.kickoff) > from.getTime()) : upcoming;
      const odds = wanted.length ? await oddsOrLastKnown(leagueId, wanted) : new Map<string, FixtureOdds>();
      // A match that finished since the last results run is left to that run: it settles it and adds it to the history with its statistics.
      const toSave = firstRun ? provided : provided.filter((f) => f.status !== 'finished');
      await deps.fixtures.saveAll(toSave.map((f) => ({ ...f, leagueName: name, ...(odds.get(f.id) ? { odds: odds.get(f.id)! } : {}), updatedAt: now.toISOString() })));

      let state = await deps.models.latest(leagueId);
      // A state fitted earlier today by other model code (a deploy since) cannot be used: refit it.
      const refit = !state || state.fittedAt < utcDay(now) || state.version !== MODEL_VERSION;
      if (refit) {
        state = fitLeagueModel({ league: leagueId, history: records, asOf: utcDay(now) });
      }

      let predicted = 0;
      for (const f of upcoming) {
        const prediction = toStoredPrediction(f, name, state!, odds.get(f.id), now, 'published');
        if (await deps.predictions.write(prediction, ledgerEntriesOf(prediction, 'published', now), { now })) predicted += 1;
      }
      const backfilled = firstRun ? await backfill(leagueId, name, provided, records, odds, now) : 0;
      // Saved last: a first run's state marks its backfill as complete.
      if (refit) await deps.models.save(leagueId, state!);
      const summary = `${predicted} predicted, ${upcoming.length - predicted} frozen, ${backfilled} backfilled, model ${refit ? 'refitted' : 'reused'} (${records.length} matches of history)`;
      log('League generated', { leagueId, summary });
      return summary;
    },

    /**
     * Settles finished fixtures of the last 3 days (results on the 90-minute score), voids
     * cancelled ones, and adds every newly finished match to the history with its match
     * statistics. A match whose statistics cannot be read yet is settled all the same and joins
     * the history on a later run.
     */
    async ingestResults(leagueId: string): Promise<string> {
      const now = clock.now();
      const name = await leagueName(leagueId);
      const provided = await deps.fixturesProvider.fixtures(leagueId, new Date(now.getTime() - 3 * DAY_MS), now);
      const stored = new Map<string, StoredFixture | undefined>();
      for (const f of provided) stored.set(f.id, await deps.fixtures.get(f.id));
      const newlyFinished = provided.filter((f) => {
        const before = stored.get(f.id);
        return f.status === 'finished' && f.score && (before?.status !== 'finished' || before.statisticsPending);
      });
      const statistics = await statisticsOf(leagueId, newlyFinished.filter((f) => !f.stats));
      let settledCount = 0;
      let voided = 0;
      let waiting = 0;
      const newHistory: HistoryRecord[] = [];
      const updates: StoredFixture[] = [];
      const toSettle: Array<{ fixture: ProviderFixture; settled: StoredPrediction }> = [];
      for (const reported of provided) {
        const before = stored.get(reported.id);
        const stats = statistics.read.get(reported.id);
        const f = stats ? { ...reported, stats } : reported;
        const isNew = newlyFinished.includes(reported);
        const pending = isNew && !f.stats && statistics.error !== undefined;
        const update: StoredFixture = { ...before, ...f, leagueName: name, updatedAt: now.toISOString() };
        if (pending) update.statisticsPending = true;
        else delete update.statisticsPending;
        updates.push(update);
        const prediction = await deps.predictions.get(f.id);
        const settled = prediction && prediction.status !== 'settled' ? settledPrediction(prediction, f) : undefined;
        if (settled) toSettle.push({ fixture: f, settled });
        if (pending) waiting += 1;
        else if (isNew) newHistory.push(toHistoryRecord(f, before?.odds));
      }
      const closing = await closingOf(leagueId, toSettle.filter((s) => s.settled.status === 'settled').map((s) => s.fixture));
      for (const { fixture, settled } of toSettle) {
        const open = (await deps.ledger.listForFixture(fixture.id)).filter((e) => !e.result || e.result === 'void');
        if (!(await deps.predictions.settle(settled, entryOutcomes(open, settled, closing.get(fixture.id), now)))) continue;
        if (settled.status === 'settled') settledCount += 1;
        else voided += 1;
      }
      await deps.fixtures.saveAll(updates);
      if (newHistory.length) await deps.history.append(leagueId, newHistory);
      const summary = `${settledCount} settled, ${voided} voided, ${newHistory.length} added to history`;
      return waiting ? `${summary}, ${waiting} waiting for match statistics (${statistics.error})` : summary;
    },
  };
}

export type GenerationService = ReturnType<typeof makeGenerationService>;
