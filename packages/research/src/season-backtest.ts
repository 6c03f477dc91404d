/**
 * Calibration of the season simulations (`npm run backtest -- --season-sims`): for each evaluated league-season whose
 * data is a complete double round robin, the season is stopped after rounds 10, 20 and 30, the model fitted on every
 * match before (the research walk-forward's history), the rest simulated, and the title, top-four and relegation
 * probabilities scored against the final table (Brier, reliability) beside two baselines:
 * - last season's table: P(event | the club's place last season, or promoted), as often as it happened in the
 *   training seasons (every complete season before the first evaluated one, all leagues pooled);
 * - points-per-game extrapolation: each club's points plus its points per game times its matches left, ranked;
 *   P(event | that projected place, the round), as often as it happened in the training seasons.
 * Both baselines are calibrated frequencies on earlier seasons, not 0/1 guesses: the model has to beat honest rivals.
 *
 * With `memory`, each stop is simulated twice with the same seed: from our models (before) and from the market memory's
 * ratings fitted on the stop's day (after: the closes of every match before it, all leagues read, as the product
 * draws the remaining fixtures; docs/decisions/0345-season-simulations-from-market-memory.md), and the two are scored
 * side by side, with the paired difference.
 */
import { blockBootstrapInterval } from '@app/model/bootstrap';
import { dayNumber } from '@app/model/engine';
import { LeagueFitter } from '@app/model/forecast';
import { MarketMemory, memorySeasonGoals, DEFAULT_MEMORY, type ClosingLine, type MemoryParams } from '@app/model/market-memory';
import { leagueSeasonRules, leagueTable, seasonSetup, simulateSeason, type SeasonRules } from '@app/model/season';
import type { MatchRecord } from '@app/model/types';

export const SEASON_ROUNDS = [10, 20, 30] as const;
export const SEASON_MARKETS = ['title', 'top4', 'relegation'] as const;
export type SeasonMarket = (typeof SEASON_MARKETS)[number];

type Played = MatchRecord & { season: string };

interface LeagueSeason {
  league: string;
  season: string;
  teams: string[];
  /** In date order. */
  matches: Played[];
  final: string[];
}

/** A league-season's data is a complete double round robin: every club met every other once at home and once away. */
function complete(matches: readonly Played[]): { teams: string[] } | { reason: string } {
  const teams = [...new Set(matches.flatMap((m) => [m.home, m.away]))].sort();
  const n = teams.length;
  const pairs = new Set(matches.map((m) => `${m.home}|${m.away}`));
  if (n < 6) return { reason: `${n} clubs` };
  if (matches.length !== n * (n - 1) || pairs.size !== matches.length)
    return { reason: `${matches.length} matches for ${n} clubs (not a double round robin: curtailed, split or play-offs)` };
  return { teams };
}

const happened = (final: readonly string[], team: string, market: SeasonMarket, rules: SeasonRules): boolean => {
  const place = final.indexOf(team);
  if (market === 'title') return place === 0;
  if (market === 'top4') return place < rules.top;
  return place >= final.length - rules.relegated;
};

/** A baseline's category of a club: its place counted from the top for title and top four, from the bottom for relegation. */
const categoryOf = (place: number | 'promoted', clubs: number, market: SeasonMarket) =>
  place === 'promoted' ? 'promoted' : market === 'relegation' ? `b${clubs - 1 - place}` : `t${place}`;

/** Frequencies of an event by category, with a weak prior toward its overall rate (a category seen rarely is not 0 or 1). */
class Frequencies {
  private readonly counts = new Map<string, { n: number; k: number }>();
  private total = { n: 0, k: 0 };
  add(category: string, event: boolean): void {
    const c = this.counts.get(category) ?? { n: 0, k: 0 };
    c.n++;
    c.k += event ? 1 : 0;
    this.counts.set(category, c);
    this.total.n++;
    this.total.k += event ? 1 : 0;
  }
  probability(category: string): number {
    const base = this.total.n ? this.total.k / this.total.n : 0;
    const c = this.counts.get(category) ?? { n: 0, k: 0 };
    return (c.k + 2 * base) / (c.n + 2);
  }
}

/** Clubs ranked by projected points (points + points per game x matches left), goal difference second. */
function projectedPlaces(teams: readonly string[], played: readonly Played[], totalMatches: number): Map<string, number> {
  const stats = new Map(teams.map((t) => [t, { pts: 0, gd: 0, n: 0 }]));
  for (const m of played) {
    const h = stats.get(m.home)!,
      a = stats.get(m.away)!;
    h.n++;
    a.n++;
    h.gd += m.homeGoals - m.awayGoals;
    a.gd += m.awayGoals - m.homeGoals;
    h.pts += m.homeGoals > m.awayGoals ? 3 : m.homeGoals === m.awayGoals ? 1 : 0;
    a.pts += m.awayGoals > m.homeGoals ? 3 : m.homeGoals === m.awayGoals ? 1 : 0;
  }
  const projected = teams.map((t) => {
    const s = stats.get(t)!;
    return { t, p: s.pts + (s.n ? s.pts / s.n : 0) * (totalMatches - s.n), gd: s.gd };
  });
  projected.sort((a, b) => b.p - a.p || b.gd - a.gd || a.t.localeCompare(b.t));
  return new Map(projected.map((x, i) => [x.t, i]));
}

/** The matches of the first `round` rounds: the first round x clubs / 2 in date order, and every other match of their last day. */
function cutAt(matches: readonly Played[], clubs: number, round: number): { played: Played[]; remaining: Played[]; asOf: string } | undefined {
  const k = (round * clubs) / 2;
  if (k >= matches.length) return undefined;
  const lastDay = matches[k - 1]!.date.slice(0, 10);
  const played = matches.filter((m) => m.date.slice(0, 10) <= lastDay);
  const remaining = matches.filter((m) => m.date.slice(0, 10) > lastDay);
  const asOf = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { played, remaining, asOf };
}

export interface SeasonScore {
  n: number;
  brier: { model: number; lastSeason: number; pointsPerGame: number };
  /** Model minus baseline, mean Brier over clubs, 95 % block-bootstrap interval (blocks = league-seasons). */
  modelMinusLastSeason: { mean: number; interval: [number, number] };
  modelMinusPointsPerGame: { mean: number; interval: [number, number] };
  /** With the market memory: its simulations' Brier and their difference from our models' (same clubs, same seeds). */
  memory?: {
    brier: number;
    memoryMinusModel: { mean: number; interval: [number, number] };
    memoryMinusPointsPerGame: { mean: number; interval: [number, number] };
  };
}

type Reliability = Array<{ lo: number; hi: number; n: number; meanForecast: number; observedFrequency: number }>;

export interface SeasonReport {
  runs: number;
  rounds: readonly number[];
  trainingSeasons: string;
  evaluated: Array<{ league: string; season: string; clubs: number }>;
  skipped: Array<{ league: string; season: string; reason: string }>;
  /** By market, then by round ('10', '20', '30', and 'all'). */
  scores: Record<SeasonMarket, Record<string, SeasonScore>>;
  /** Model forecasts pooled over the rounds, in bins of probability. */
  reliability: Record<SeasonMarket, Reliability>;
  /** With the market memory: its forecasts' reliability, and the stops simulated from our models (no recent closes). */
  memory?: { reliability: Record<SeasonMarket, Reliability>; stops: number; fallbacks: number };
}

const BINS = [0, 0.02, 0.1, 0.25, 0.5, 0.75, 0.9, 0.98, 1.000001];

/**
 * Runs the season calibration over `matches` (every league and season on file) for the evaluated `seasons`.
 * `progress` reports each league-season.
 */
export function seasonBacktest<M extends Played>(
  matches: readonly M[],
  seasons: readonly string[],
  options: {
    runs: number;
    progress?: (line: string) => void;
    /** Simulate from the market memory too: each match's closing line (never read for a stop's own remaining matches). */
    memory?: { closeOf: (m: M) => ClosingLine | undefined; params?: MemoryParams };
  },
): SeasonReport {
  const firstEvaluated = [...seasons].sort()[0]!;
  const byLeagueSeason = new Map<string, M[]>();
  for (const m of matches) {
    const key = `${m.league}|${m.season}`;
    let list = byLeagueSeason.get(key);
    if (!list) byLeagueSeason.set(key, (list = []));
    list.push(m);
  }
  const seasonsOf = new Map<string, LeagueSeason>();
  const skipped: SeasonReport['skipped'] = [];
  for (const [key, list] of byLeagueSeason) {
    const [league, season] = key.split('|') as [string, string];
    list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.home.localeCompare(b.home)));
    const c = complete(list);
    if ('reason' in c) {
      if (seasons.includes(season)) skipped.push({ league, season, reason: c.reason });
      continue;
    }
    seasonsOf.set(key, { league, season, teams: c.teams, matches: list, final: leagueTable(c.teams, list, leagueSeasonRules(league).tieBreaks) });
  }
  const previous = (s: LeagueSeason) => {
    const y = Number(s.season.slice(0, 4)) - 1;
    return seasonsOf.get(`${s.league}|${y}-${String((y + 1) % 100).padStart(2, '0')}`);
  };

  // The baselines' frequencies, from the training seasons (before the first evaluated one).
  const lastSeasonFreq = new Map(SEASON_MARKETS.map((m) => [m, new Frequencies()]));
  const ppgFreq = new Map(SEASON_MARKETS.flatMap((m) => SEASON_ROUNDS.map((r) => [`${m}|${r}`, new Frequencies()] as const)));
  const lastPlace = (s: LeagueSeason, team: string): number | 'promoted' => {
    const prev = previous(s);
    const place = prev ? prev.final.indexOf(team) : -1;
    return place < 0 ? 'promoted' : place;
  };
  for (const s of seasonsOf.values()) {
    if (s.season >= firstEvaluated) continue;
    const rules = leagueSeasonRules(s.league);
    const prev = previous(s);
    for (const market of SEASON_MARKETS) {
      for (const team of s.teams) {
        if (prev) lastSeasonFreq.get(market)!.add(categoryOf(lastPlace(s, team), s.teams.length, market), happened(s.final, team, market, rules));
      }
      for (const round of SEASON_ROUNDS) {
        const cut = cutAt(s.matches, s.teams.length, round);
        if (!cut) continue;
        const places = projectedPlaces(s.teams, cut.played, (s.teams.length - 1) * 2);
        for (const team of s.teams)
          ppgFreq.get(`${market}|${round}`)!.add(categoryOf(places.get(team)!, s.teams.length, market), happened(s.final, team, market, rules));
      }
    }
  }

  // The evaluation: one row per club, round and market.
  const rows: Array<{ block: string; market: SeasonMarket; round: number; model: number; memory?: number; last: number; ppg: number; y: boolean }> = [];
  const evaluated: SeasonReport['evaluated'] = [];
  const fitters = new Map<string, LeagueFitter>();
  const ordered = [...seasonsOf.values()]
    .filter((s) => seasons.includes(s.season))
    .sort((a, b) => a.league.localeCompare(b.league) || a.season.localeCompare(b.season));
  const memoryGoals = options.memory
    ? memoryStops(
        matches,
        ordered.filter((s) => previous(s)),
        options.memory,
      )
    : undefined;
  let fallbacks = 0;
  for (const s of ordered) {
    if (!previous(s)) {
      skipped.push({ league: s.league, season: s.season, reason: 'no complete previous season in the data (the last-season baseline needs it)' });
      continue;
    }
    const rules = leagueSeasonRules(s.league);
    const history = matches.filter((m) => m.league === s.league);
    const fitter = fitters.get(s.league) ?? new LeagueFitter(s.league);
    fitters.set(s.league, fitter);
    evaluated.push({ league: s.league, season: s.season, clubs: s.teams.length });
    for (const round of SEASON_ROUNDS) {
      const cut = cutAt(s.matches, s.teams.length, round);
      if (!cut) continue;
      const state = fitter.fit(history, cut.asOf);
      const setup = seasonSetup(
        state,
        cut.played,
        cut.remaining.map((m) => ({ home: m.home, away: m.away, kickoff: m.date.length <= 10 ? `${m.date}T15:00:00Z` : m.date })),
        dayNumber(cut.asOf),
      );
      const outcome = simulateSeason(setup, rules, { runs: options.runs, seed: dayNumber(cut.asOf) });
      const goals = memoryGoals?.get(`${s.league}|${s.season}|${round}`);
      if (memoryGoals && !goals) fallbacks++;
      // The market memory's simulation: the same variances and seed, the remaining fixtures' means from its ratings
      // (a league without recent closes stays on our models, as in the product).
      const memoryOutcome = memoryGoals
        ? goals
          ? simulateSeason(
              {
                ...setup,
                remaining: setup.remaining.map((f) => ({ ...f, lambda: goals.get(`${f.home}|${f.away}`)!.home, mu: goals.get(`${f.home}|${f.away}`)!.away })),
              },
              rules,
              {
                runs: options.runs,
                seed: dayNumber(cut.asOf),
              },
            )
          : outcome
        : undefined;
      const places = projectedPlaces(s.teams, cut.played, (s.teams.length - 1) * 2);
      const n = s.teams.length;
      const chances = (t: { positions: number[] }, runs: number) => {
        const share = (from: number, to: number) => t.positions.slice(from, to).reduce((a, c) => a + c, 0) / runs;
        return { title: share(0, 1), top4: share(0, rules.top), relegation: share(n - rules.relegated, n) };
      };
      for (const [k, t] of outcome.teams.entries()) {
        const model = chances(t, outcome.runs);
        const memory = memoryOutcome ? chances(memoryOutcome.teams[k]!, memoryOutcome.runs) : undefined;
        for (const market of SEASON_MARKETS) {
          rows.push({
            block: `${s.league}|${s.season}`,
            market,
            round,
            model: model[market],
            ...(memory ? { memory: memory[market] } : {}),
            last: lastSeasonFreq.get(market)!.probability(categoryOf(lastPlace(s, t.team), n, market)),
            ppg: ppgFreq.get(`${market}|${round}`)!.probability(categoryOf(places.get(t.team)!, n, market)),
            y: happened(s.final, t.team, market, rules),
          });
        }
      }
    }
    options.progress?.(`${s.league} ${s.season}: rounds ${SEASON_ROUNDS.join(', ')} simulated`);
  }

  const brier = (p: number, y: boolean) => (p - (y ? 1 : 0)) ** 2;
  const score = (subset: typeof rows): SeasonScore => {
    const blocks = subset.map((r) => r.block);
    const ones = subset.map(() => 1);
    const diff = (key: 'last' | 'ppg') => subset.map((r) => brier(r.model, r.y) - brier(r[key], r.y));
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
    const interval = (d: number[]) => blockBootstrapInterval(blocks, [d, ones], ([s, c]) => s! / c!);
    const dLast = diff('last'),
      dPpg = diff('ppg');
    return {
      n: subset.length,
      brier: {
        model: mean(subset.map((r) => brier(r.model, r.y))),
        lastSeason: mean(subset.map((r) => brier(r.last, r.y))),
        pointsPerGame: mean(subset.map((r) => brier(r.ppg, r.y))),
      },
      modelMinusLastSeason: { mean: mean(dLast), interval: interval(dLast) },
      modelMinusPointsPerGame: { mean: mean(dPpg), interval: interval(dPpg) },
      ...(memoryGoals
        ? (() => {
            const dModel = subset.map((r) => brier(r.memory!, r.y) - brier(r.model, r.y));
            const dMemPpg = subset.map((r) => brier(r.memory!, r.y) - brier(r.ppg, r.y));
            return {
              memory: {
                brier: mean(subset.map((r) => brier(r.memory!, r.y))),
                memoryMinusModel: { mean: mean(dModel), interval: interval(dModel) },
                memoryMinusPointsPerGame: { mean: mean(dMemPpg), interval: interval(dMemPpg) },
              },
            };
          })()
        : {}),
    };
  };
  const scores = Object.fromEntries(
    SEASON_MARKETS.map((market) => {
      const mine = rows.filter((r) => r.market === market);
      return [
        market,
        Object.fromEntries([
          ...SEASON_ROUNDS.map((round) => [String(round), score(mine.filter((r) => r.round === round))] as const),
          ['all', score(mine)] as const,
        ]),
      ];
    }),
  ) as SeasonReport['scores'];
  const reliabilityOf = (of: (r: (typeof rows)[number]) => number) =>
    Object.fromEntries(
      SEASON_MARKETS.map((market) => {
        const mine = rows.filter((r) => r.market === market);
        return [
          market,
          BINS.slice(0, -1).map((lo, i) => {
            const hi = BINS[i + 1]!;
            const inBin = mine.filter((r) => of(r) >= lo && of(r) < hi);
            return {
              lo,
              hi: Math.min(1, hi),
              n: inBin.length,
              meanForecast: inBin.length ? inBin.reduce((a, r) => a + of(r), 0) / inBin.length : NaN,
              observedFrequency: inBin.length ? inBin.filter((r) => r.y).length / inBin.length : NaN,
            };
          }),
        ];
      }),
    ) as Record<SeasonMarket, Reliability>;
  const reliability = reliabilityOf((r) => r.model);
  const training = [...seasonsOf.values()]
    .filter((s) => s.season < firstEvaluated)
    .map((s) => s.season)
    .sort();
  return {
    runs: options.runs,
    rounds: SEASON_ROUNDS,
    trainingSeasons: training.length ? `${training[0]}..${training.at(-1)}` : 'none',
    evaluated,
    skipped,
    scores,
    reliability,
    ...(memoryGoals ? { memory: { reliability: reliabilityOf((r) => r.memory!), stops: memoryGoals.size + fallbacks, fallbacks } } : {}),
  };
}

/**
 * The market memory's expected goals of each stop's remaining matches (key `league|season|round`, then `home|away`: a
 * double round robin has each pair once), from one memory walked forward over every match on file in date order: at a
 * stop, the closes of every match before its day are read (never one of its remaining matches), and the league's
 * ratings fitted on that day. A stop whose league has no close within the fit's horizon is left out (our models).
 */
function memoryStops<M extends Played>(
  matches: readonly M[],
  evaluated: readonly LeagueSeason[],
  options: { closeOf: (m: M) => ClosingLine | undefined; params?: MemoryParams },
): Map<string, Map<string, { home: number; away: number }>> {
  const params = options.params ?? DEFAULT_MEMORY;
  const stops = evaluated
    .flatMap((s) =>
      SEASON_ROUNDS.map((round) => {
        const cut = cutAt(s.matches, s.teams.length, round);
        return cut ? { s, round, cut } : undefined;
      }),
    )
    .filter((x): x is NonNullable<typeof x> => x !== undefined)
    .sort((a, b) => a.cut.asOf.localeCompare(b.cut.asOf) || a.s.league.localeCompare(b.s.league));
  const last = stops.at(-1)?.cut.asOf ?? '';
  const feed = matches
    .filter((m) => m.date.slice(0, 10) < last)
    .map((m) => ({ m, date: m.date.slice(0, 10) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.m.league.localeCompare(b.m.league) || a.m.home.localeCompare(b.m.home));
  const memory = new MarketMemory(params);
  const out = new Map<string, Map<string, { home: number; away: number }>>();
  let next = 0;
  for (const { s, round, cut } of stops) {
    const readUntil = new Date(Date.parse(`${cut.asOf}T00:00:00Z`) - (params.minAgeDays - 1) * 86_400_000).toISOString().slice(0, 10);
    while (next < feed.length && feed[next]!.date < readUntil) {
      const { m, date } = feed[next++]!;
      const close = options.closeOf(m);
      memory.ingest({ league: m.league, season: m.season, date, home: m.home, away: m.away, ...(close ? { close } : {}) });
    }
    if (!memory.hasRecentCloses(s.league, cut.asOf)) continue;
    const goals = memorySeasonGoals(memory, s.league, s.season, cut.asOf);
    const fixtures = cut.remaining.map((m) => ({ home: m.home, away: m.away, kickoff: m.date.length <= 10 ? `${m.date}T15:00:00Z` : m.date }));
    out.set(`${s.league}|${s.season}|${round}`, new Map(fixtures.map((f) => [`${f.home}|${f.away}`, goals(f)])));
  }
  return out;
}

/** The report as text: a Brier table per market and round, and the reliability bins. */
export function renderSeasonReport(r: SeasonReport): string {
  const f = (x: number, d = 4) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${f(x)}`;
  const lines = [
    `Season simulations: ${r.evaluated.length} league-seasons, ${r.runs} runs each at rounds ${r.rounds.join(', ')}; baselines' frequencies from ${r.trainingSeasons}`,
  ];
  lines.push('market      round   n     model   last-season  ppg-extrap.  model-last [95 %]                 model-ppg [95 %]');
  for (const market of SEASON_MARKETS) {
    for (const [round, s] of Object.entries(r.scores[market])) {
      lines.push(
        `${market.padEnd(11)} ${round.padEnd(6)} ${String(s.n).padEnd(5)} ${f(s.brier.model)}  ${f(s.brier.lastSeason)}       ${f(s.brier.pointsPerGame)}       ${signed(s.modelMinusLastSeason.mean)} [${signed(s.modelMinusLastSeason.interval[0])}, ${signed(s.modelMinusLastSeason.interval[1])}]   ${signed(s.modelMinusPointsPerGame.mean)} [${signed(s.modelMinusPointsPerGame.interval[0])}, ${signed(s.modelMinusPointsPerGame.interval[1])}]`,
      );
    }
  }
  const bins = (rel: Record<SeasonMarket, Reliability>) => {
    for (const market of SEASON_MARKETS) {
      lines.push(
        `  ${market}: ${rel[market]
          .filter((b) => b.n > 0)
          .map((b) => `[${f(b.lo, 2)}, ${f(b.hi, 2)}) ${b.n}: ${f(b.meanForecast, 3)} / ${f(b.observedFrequency, 3)}`)
          .join('; ')}`,
      );
    }
  };
  lines.push('Reliability (model, rounds pooled): forecast bin -> n, mean forecast, observed');
  bins(r.reliability);
  if (r.memory) {
    lines.push(
      `Simulated from the market memory's ratings (after) against our models (before): ${r.memory.stops - r.memory.fallbacks} of ${r.memory.stops} stops (${r.memory.fallbacks} without recent closes stay on our models), same seeds`,
    );
    lines.push('market      round   n     models  memory  memory-models [95 %]              memory-ppg [95 %]');
    for (const market of SEASON_MARKETS) {
      for (const [round, sc] of Object.entries(r.scores[market])) {
        const m = sc.memory!;
        lines.push(
          `${market.padEnd(11)} ${round.padEnd(6)} ${String(sc.n).padEnd(5)} ${f(sc.brier.model)}  ${f(m.brier)}  ${signed(m.memoryMinusModel.mean)} [${signed(m.memoryMinusModel.interval[0])}, ${signed(m.memoryMinusModel.interval[1])}]   ${signed(m.memoryMinusPointsPerGame.mean)} [${signed(m.memoryMinusPointsPerGame.interval[0])}, ${signed(m.memoryMinusPointsPerGame.interval[1])}]`,
        );
      }
    }
    lines.push('Reliability (market memory, rounds pooled): forecast bin -> n, mean forecast, observed');
    bins(r.memory.reliability);
  }
  if (r.skipped.length) lines.push(`Skipped: ${r.skipped.map((s) => `${s.league} ${s.season} (${s.reason})`).join('; ')}`);
  return lines.join('\n');
}
