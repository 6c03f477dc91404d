import type { Simulation, SimulationHistory, TeamPage } from '@app/contracts/seasons';
import { dayNumber } from '@app/model/engine';
import { leagueMemory, memorySeasonGoals } from '@app/model/market-memory';
import {
  leagueSeasonRules,
  ratingTimeline,
  roundDoublyToHundred,
  SEASON_RUNS_DEFAULT,
  seasonSetup,
  simulateSeason,
  type SeasonResult,
} from '@app/model/season';
import { makeReadCache, type ReadCache } from '../cache/read-cache.ts';
import { DAY_MS, utcDay, type Clock } from '../clock.ts';
import { NotFoundError } from '../errors.ts';
import { formOf } from '../matches/service.ts';
import { percent, round } from '../numbers.ts';
import { historyId } from '../pipeline/generation/history-record.ts';
import type { HistoryRecord, HistoryRepository, LeagueRepository, ModelStateRepository } from '../pipeline/ports.ts';
import type { FixtureProvider } from '../pipeline/providers.ts';
import { toPublicPrediction } from '../predictions/locking.ts';
import { originOf, type StoredPrediction } from '../predictions/prediction.ts';
import { slug } from '../text.ts';
import { seesPremiumContent, type Viewer } from '../account/viewer.ts';
import type { LeaguePredictions, SeasonRulesOf, SeasonRepository, SimulationSnapshot, StoredSimulation, TeamEntry } from './ports.ts';

/** Runs per league and simulation. */
export const SEASON_RUNS = SEASON_RUNS_DEFAULT;
/** How far ahead the rest of a season is asked for (a season is shorter than this). */
const SEASON_REACH_DAYS = 330;
/** Recently finished fixtures the history may not hold yet (statistics pending). */
const RECENT_DAYS = 3;
export const TEAM_RESULTS = 10;
export const TEAM_FIXTURES = 5;
/** How far back a team page looks for our forecasts of its last results. */
const TEAM_RESULTS_REACH_DAYS = 120;

/** A seed from the league and the day: the same inputs give the same table, whichever process runs them. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const publicSimulation = ({ basis: _basis, ...simulation }: StoredSimulation): Simulation => simulation;

type Goals = (fixture: { home: string; away: string; kickoff: string }) => { home: number; away: number };

/**
 * The remaining fixtures' expected goals from the league's market memory (ratings fitted on `day` to the prices of its
 * matches played before it; docs/decisions/0345-season-simulations-from-market-memory.md), or undefined: no match of the
 * league priced recently, or a history the memory cannot read (logged). Then the simulation draws from our models.
 */
function memoryGoalsOf(
  records: readonly HistoryRecord[],
  leagueId: string,
  season: string,
  day: string,
  remaining: ReadonlyArray<{ home: string; away: string; kickoff: string }>,
  log?: SeasonJobDeps['log'],
): Goals | undefined {
  try {
    const memory = leagueMemory(records, leagueId, day);
    if (!memory) return undefined;
    const goals = memorySeasonGoals(memory, leagueId, season, day);
    const key = (f: { home: string; away: string; kickoff: string }) => `${f.kickoff}|${f.home}|${f.away}`;
    // Every fixture read now, so that a memory that cannot read one leaves the whole season on our models.
    const table = new Map(remaining.map((f) => [key(f), goals(f)]));
    return (f) => table.get(key(f))!;
  } catch (error) {
    log?.('Market memory unavailable: the season is simulated from our models', { leagueId, error: (error as Error).message });
    return undefined;
  }
}

export interface SeasonJobDeps {
  fixturesProvider: Pick<FixtureProvider, 'fixtures'>;
  history: Pick<HistoryRepository, 'list'>;
  models: Pick<ModelStateRepository, 'latest'>;
  leagues: Pick<LeagueRepository, 'listActive'>;
  seasons: SeasonRepository;
  rulesOf?: SeasonRulesOf;
  clock: Clock;
  runs?: number;
  log?: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * The season step of the generation and results tasks: simulates the rest of a league's season after its model was
 * refitted or its results came in (docs/decisions/0170-season-simulations.md).
 */
export function makeSeasonJob(deps: SeasonJobDeps) {
  const { clock, seasons } = deps;
  const runs = deps.runs ?? SEASON_RUNS;
  return {
    /**
     * Simulates the rest of the league's current season from the latest model state, the season's played matches
     * and its remaining fixtures; skipped when none of them changed since the day's last simulation.
     */
    async refresh(leagueId: string): Promise<string> {
      const now = clock.now();
      const state = await deps.models.latest(leagueId);
      if (!state) return 'season simulation skipped: no model yet';
      const [records, previous] = await Promise.all([deps.history.list(leagueId), seasons.latest(leagueId)]);
      const recordedIn = (season: string) => records.filter((r) => r.season === season).length;
      // Most results runs change nothing: the same day, fit and season history as the day's last
      // simulation skip it before the provider is asked for the season's fixtures (a paid request).
      if (previous?.basis.day === utcDay(now) && previous.basis.fittedAt === state.fittedAt && previous.basis.recorded === recordedIn(previous.season))
        return 'season simulation unchanged';
      const fixtures = await deps.fixturesProvider.fixtures(
        leagueId,
        new Date(now.getTime() - RECENT_DAYS * DAY_MS),
        new Date(now.getTime() + SEASON_REACH_DAYS * DAY_MS),
      );
      const ahead = fixtures.filter((f) => f.status !== 'finished' && f.status !== 'cancelled').sort((a, b) => a.kickoff.localeCompare(b.kickoff));
      const season = ahead[0]?.season ?? records.reduce<string | undefined>((s, r) => (r.season && (!s || r.season > s) ? r.season : s), undefined);
      if (!season) return 'season simulation skipped: no season';
      const known = new Set(records.map((r) => historyId(leagueId, r.date, r.home, r.away)));
      const played: SeasonResult[] = [
        ...records.filter((r) => r.season === season),
        // Finished, but not in the history yet (its statistics are pending): the table counts it all the same.
        ...fixtures
          .filter((f) => f.season === season && f.status === 'finished' && f.score && !known.has(historyId(leagueId, f.kickoff, f.homeTeam, f.awayTeam)))
          .map((f) => ({ home: f.homeTeam, away: f.awayTeam, homeGoals: f.score!.home, awayGoals: f.score!.away })),
      ].map((m) => ({ home: m.home, away: m.away, homeGoals: m.homeGoals, awayGoals: m.awayGoals }));
      const remaining = ahead.filter((f) => f.season === season).map((f) => ({ home: f.homeTeam, away: f.awayTeam, kickoff: f.kickoff }));
      const basis = { day: utcDay(now), played: played.length, remaining: remaining.length, fittedAt: state.fittedAt, recorded: recordedIn(season) };
      if (previous && previous.season === season && JSON.stringify(previous.basis) === JSON.stringify(basis)) return 'season simulation unchanged';

      const rules = deps.rulesOf?.(leagueId) ?? leagueSeasonRules(leagueId);
      // Where the league's recent matches were priced, the remaining fixtures are drawn from the market memory's ratings.
      const memory = memoryGoalsOf(records, leagueId, season, basis.day, remaining, deps.log);
      const setup = seasonSetup(state, played, remaining, dayNumber(now.toISOString()), memory);
      const outcome = simulateSeason(setup, rules, { runs, seed: seedOf(`${leagueId}|${basis.day}|${basis.played}`) });
      const n = outcome.teams.length;
      const table = roundDoublyToHundred(
        outcome.teams.map((t) => t.positions),
        outcome.runs,
      );
      const sum = (row: number[], from: number, to: number) =>
        round(
          row.slice(from, to).reduce((s, v) => s + v, 0),
          1,
        );
      const rows = outcome.teams
        .map((t, i) => {
          const position = table[i]!;
          return {
            team: t.team,
            slug: slug(t.team),
            points: { mean: round(t.points.mean, 1), p10: t.points.p10, p90: t.points.p90 },
            position,
            title: position[0] ?? 0,
            top4: sum(position, 0, Math.min(rules.top, n)),
            relegation: sum(position, Math.max(0, n - rules.relegated), n),
          };
        })
        // Expected finishing order: the average place, then the expected points.
        .map((row) => ({ row, place: row.position.reduce((s, p, k) => s + p * k, 0) }))
        .sort((a, b) => a.place - b.place || b.row.points.mean - a.row.points.mean)
        .map(({ row }) => row);
      const simulation: StoredSimulation = { leagueId, season, simulations: outcome.runs, generatedAt: now.toISOString(), teams: rows, basis };
      const snapshot: SimulationSnapshot = {
        leagueId,
        season,
        date: basis.day,
        teams: rows.map((r) => ({ slug: r.slug, title: r.title, top4: r.top4, relegation: r.relegation })),
      };
      const leagueName = (await deps.leagues.listActive()).find((l) => l.id === leagueId)?.name ?? leagueId;
      const teams: TeamEntry[] = rows.map((r) => ({ slug: r.slug, team: r.team, leagueId, leagueName }));
      await seasons.save(simulation, snapshot, teams);
      deps.log?.('Season simulated', {
        leagueId,
        season,
        runs: outcome.runs,
        played: basis.played,
        remaining: basis.remaining,
        source: memory ? 'memory' : 'models',
      });
      return `season ${season} simulated ${outcome.runs} times (${basis.played} played, ${basis.remaining} to play) from ${memory ? 'the market memory' : 'our models'}`;
    },
  };
}

export type SeasonJob = ReturnType<typeof makeSeasonJob>;

export interface SeasonServiceDeps {
  history: Pick<HistoryRepository, 'list'>;
  leagues: Pick<LeagueRepository, 'listActive'>;
  seasons: Pick<SeasonRepository, 'latest' | 'snapshots' | 'team'>;
  predictions: LeaguePredictions;
  clock: Clock;
  /** How long a team page's reads are reused (0: read every time). */
  cacheTtlMs?: number;
}

/** The reads of the league and team pages. */
export function makeSeasonService(deps: SeasonServiceDeps) {
  const { clock, seasons, cacheTtlMs = 0 } = deps;

  /**
   * A team's page but for how its next fixtures show to the viewer: the league's whole history and the
   * rating line are read and computed once per team for `cacheTtlMs`, not on every read. Only known
   * teams get a cache (an unknown slug is refused before), so their number is bounded.
   */
  const teamPages = new Map<string, ReadCache<Omit<TeamPage, 'fixtures'> & { upcoming: StoredPrediction[] }>>();
  async function teamPage(entry: TeamEntry) {
    const now = clock.now();
    const [records, predictions, latest] = await Promise.all([
      deps.history.list(entry.leagueId),
      deps.predictions.listByLeague(
        entry.leagueId,
        new Date(now.getTime() - TEAM_RESULTS_REACH_DAYS * DAY_MS),
        new Date(now.getTime() + SEASON_REACH_DAYS * DAY_MS),
      ),
      seasons.latest(entry.leagueId),
    ]);
    const played = records.filter((m) => m.home === entry.team || m.away === entry.team).sort((a, b) => a.date.localeCompare(b.date));
    const seasonsPlayed = [...new Set(played.map((m) => m.season).filter((s): s is string => Boolean(s)))].sort().slice(-2);
    const since = played.find((m) => m.season === seasonsPlayed[0])?.date.slice(0, 10) ?? utcDay(now);
    const mine = predictions.filter((p) => p.homeTeam === entry.team || p.awayTeam === entry.team);
    const forecastOf = (date: string, home: string, away: string) =>
      mine.find((p) => p.kickoff.slice(0, 10) === date && p.homeTeam === home && p.awayTeam === away && p.status === 'settled');
    const results = formOf(entry.team, played, TEAM_RESULTS).map((r) => {
      const [home, away] = r.venue === 'H' ? [entry.team, r.opponent] : [r.opponent, entry.team];
      const p = forecastOf(r.date, home, away);
      return {
        ...r,
        fixtureId: p?.fixtureId ?? null,
        forecast: p
          ? { home: percent(p.probabilities.home), draw: percent(p.probabilities.draw), away: percent(p.probabilities.away), origin: originOf(p) }
          : null,
      };
    });
    const upcoming = mine
      .filter((p) => Date.parse(p.kickoff) > now.getTime() && p.status !== 'settled' && p.status !== 'void')
      .sort((a, b) => a.kickoff.localeCompare(b.kickoff))
      .slice(0, TEAM_FIXTURES);
    const row = latest?.teams.find((t) => t.slug === entry.slug);
    return {
      slug: entry.slug,
      team: entry.team,
      leagueId: entry.leagueId,
      league: entry.leagueName,
      ratingHistory: ratingTimeline(entry.leagueId, records, entry.team, since),
      results,
      upcoming,
      simulation: latest && row ? { ...row, season: latest.season, simulations: latest.simulations, generatedAt: latest.generatedAt } : null,
    };
  }

  async function latestOrThrow(leagueId: string): Promise<StoredSimulation> {
    const latest = await seasons.latest(leagueId);
    if (!latest) throw new NotFoundError(`No season simulation for league ${leagueId} yet`);
    return latest;
  }

  return {
    /** `GET /api/simulations/:leagueId`. */
    async simulation(leagueId: string): Promise<Simulation> {
      return publicSimulation(await latestOrThrow(leagueId));
    },

    /** `GET /api/simulations/:leagueId/history`: the current season's daily snapshots. */
    async history(leagueId: string): Promise<SimulationHistory> {
      const latest = await latestOrThrow(leagueId);
      const [days, leagues] = await Promise.all([seasons.snapshots(leagueId, latest.season), deps.leagues.listActive()]);
      return {
        leagueId,
        league: leagues.find((l) => l.id === leagueId)?.name ?? leagueId,
        season: latest.season,
        days: days.map((d) => ({ date: d.date, teams: d.teams })),
      };
    },

    /**
     * `GET /api/teams/:slug`: the team's rating through this season and the last, its last ten results with the
     * forecasts we published before them (public: they are the track record), its next fixtures as cards (locked
     * unless the viewer is premium) and its row of the latest simulation.
     */
    async team(teamSlug: string, viewer: Viewer | null): Promise<TeamPage> {
      const entry = await seasons.team(teamSlug);
      if (!entry) throw new NotFoundError(`No team ${teamSlug}`);
      let cache = teamPages.get(entry.slug);
      if (!cache) teamPages.set(entry.slug, (cache = makeReadCache({ load: () => teamPage(entry), clock, ttlMs: cacheTtlMs })));
      const { upcoming, ...page } = await cache.get();
      return { ...page, fixtures: upcoming.map((p) => toPublicPrediction(p, { premium: seesPremiumContent(viewer) })) };
    },
  };
}

export type SeasonService = ReturnType<typeof makeSeasonService>;
