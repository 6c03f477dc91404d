/**
 * Season simulations: the rest of a league's season played many times from the forecast model, "hot" (each run moves
 * the clubs' strengths with its own simulated results, by the dynamic Poisson filter's gains), and the table of each
 * run ranked by the league's tie-break rules. What comes out is each club's distribution of final points and final
 * position, from which title, top-four and relegation chances are read.
 *
 * Why hot: a club's strength is uncertain, and the matches still to play will reveal it. Letting each run's simulated
 * results update the strengths, as the filter updates them on real results, makes the matches of one run correlated
 * the way they are in reality (a run in which a club starts well is a run in which it is better), which a "cold"
 * simulation from fixed strengths leaves out: its tables are too narrow.
 *
 * Typed arrays and one pass per run over the fixtures: 10 leagues x 10,000 runs from mid-season take a few seconds on
 * one core (`npm run bench`).
 */
import { cleanTeam, predictFixture, type LeagueModelState } from './forecast.ts';
import { dayNumber, dayToIso, groupByDay, LeagueEngine } from './engine.ts';
import type { Hyper } from './hyper.ts';
import { mulberry32 } from './random.ts';
import type { MatchRecord } from './types.ts';

/** Runs per simulation: FiveThirtyEight's and Opta's published tables use 10,000 to 20,000. */
export const SEASON_RUNS_DEFAULT = 10_000;

/** How clubs level on points are ordered, in the order a league applies them; a lot decides what none of them does. */
export type TieBreak = 'goalDifference' | 'goalsFor' | 'headToHead';

export interface SeasonRules {
  /** After points. Head-to-head ranks the tied clubs by the points, then the goal difference, then the goals of their matches against each other. */
  tieBreaks: readonly TieBreak[];
  /** Places counted as the top (4: "top four"). */
  top: number;
  /** Direct relegation places at the bottom. */
  relegated: number;
}

const GD: readonly TieBreak[] = ['goalDifference', 'goalsFor', 'headToHead'];
const H2H: readonly TieBreak[] = ['headToHead', 'goalDifference', 'goalsFor'];

/**
 * The real leagues' rules by football-data.co.uk code (ours): how clubs level on points are ordered and how many
 * places are relegated directly. Play-offs, split seasons (Scotland, Belgium, Greece) and deductions are not modelled.
 */
export const LEAGUE_SEASON_RULES: Readonly<Record<string, { tieBreaks: readonly TieBreak[]; relegated: number }>> = {
  E0: { tieBreaks: GD, relegated: 3 },
  E1: { tieBreaks: GD, relegated: 3 },
  SP1: { tieBreaks: H2H, relegated: 3 },
  SP2: { tieBreaks: H2H, relegated: 4 },
  D1: { tieBreaks: GD, relegated: 2 },
  D2: { tieBreaks: GD, relegated: 2 },
  I1: { tieBreaks: H2H, relegated: 3 },
  I2: { tieBreaks: H2H, relegated: 3 },
  F1: { tieBreaks: GD, relegated: 2 },
  F2: { tieBreaks: GD, relegated: 2 },
  SC0: { tieBreaks: GD, relegated: 1 },
  B1: { tieBreaks: GD, relegated: 2 },
  T1: { tieBreaks: H2H, relegated: 3 },
  G1: { tieBreaks: H2H, relegated: 2 },
  P1: { tieBreaks: H2H, relegated: 2 },
};

/** A real league's rules (goal difference, goals scored, three relegated where the table has no entry), top four. */
export function leagueSeasonRules(leagueId: string): SeasonRules {
  const rules = LEAGUE_SEASON_RULES[leagueId] ?? { tieBreaks: GD, relegated: 3 };
  return { tieBreaks: rules.tieBreaks, relegated: rules.relegated, top: 4 };
}

/** A played match of the season. */
export interface SeasonResult {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
}

/** A match still to play, with the goals the forecast expects of each side. */
export interface SeasonFixture {
  home: string;
  away: string;
  /** Day number (days since 1970-01-01 UTC). */
  day: number;
  lambda: number;
  mu: number;
}

export interface SeasonSetup {
  teams: readonly string[];
  played: readonly SeasonResult[];
  /** In date order. */
  remaining: readonly SeasonFixture[];
  /**
   * Each club's uncertainty about its attack and defence (log scale) when the simulation starts: the filter's
   * variances. A simulated match moves a strength by its posterior variance times the goals' residual.
   */
  variance: Readonly<Record<string, { attack: number; defence: number }>>;
  /** Variance growth per day between a club's matches, and its cap (the filter's random walk). */
  perDay: number;
  maxVariance: number;
  /** Day number the simulation starts on (the variances were read then). */
  startDay: number;
}

export interface TeamSeasonOutcome {
  team: string;
  points: { mean: number; p10: number; p90: number };
  /** How many runs ended with the club in each place, 1st first. */
  positions: number[];
}

export interface SeasonOutcome {
  runs: number;
  teams: TeamSeasonOutcome[];
}

/**
 * The forecast model's view of the rest of a season: each fixture's expected goals and each club's variances.
 * `expectedGoals`, when given, supplies each fixture's two means instead of our models (the market memory's ratings,
 * `memorySeasonGoals`; docs/decisions/0345-season-simulations-from-market-memory.md); the variances stay the filter's.
 */
export function seasonSetup(
  state: LeagueModelState,
  played: readonly SeasonResult[],
  fixtures: ReadonlyArray<{ home: string; away: string; kickoff: string }>,
  startDay: number,
  expectedGoals?: (fixture: { home: string; away: string; kickoff: string }) => { home: number; away: number },
): SeasonSetup {
  const remaining = [...fixtures]
    .sort((a, b) => (a.kickoff < b.kickoff ? -1 : a.kickoff > b.kickoff ? 1 : 0))
    .map((f) => {
      const goals = expectedGoals?.(f) ?? predictFixture(state, { kickoff: f.kickoff, league: state.league, home: f.home, away: f.away }).markets.expectedGoals;
      return { home: f.home, away: f.away, day: dayNumber(f.kickoff), lambda: goals.home, mu: goals.away };
    });
  const teams = [...new Set([...played.flatMap((m) => [m.home, m.away]), ...remaining.flatMap((m) => [m.home, m.away])])].sort();
  const filter = state.hyper.ratings.goal.filter;
  const fallback = filter?.promoted ?? 0.05;
  const variance: Record<string, { attack: number; defence: number }> = {};
  for (const team of teams) {
    const r = state.parts.ratings.teams[team];
    // Aged to the start, as the filter's predict step does before a club's next match.
    const days = r?.day === undefined ? 0 : Math.max(0, startDay - r.day);
    const grow = (v: number | undefined) => Math.min(filter?.max ?? 0.1, (v ?? fallback) + (filter?.perDay ?? 0) * days);
    variance[team] = { attack: grow(r?.attackVar), defence: grow(r?.defenceVar) };
  }
  return { teams, played, remaining, variance, perDay: filter?.perDay ?? 0, maxVariance: filter?.max ?? 0.1, startDay };
}

/** Orders clubs by points, then by the rules; `lot` breaks what the rules leave level. */
class Ranker {
  readonly order: Int32Array;
  private readonly key: Float64Array;
  constructor(
    private readonly n: number,
    private readonly rules: readonly TieBreak[],
  ) {
    this.order = new Int32Array(n);
    this.key = new Float64Array(n);
  }

  /**
   * Fills `order` with club indices, 1st first. `pairPoints[i * n + j]` and `pairGoals[i * n + j]` are what club i
   * took and scored against club j (needed for head-to-head only).
   */
  rank(points: Int32Array, gd: Int32Array, gf: Int32Array, pairPoints: Int32Array | null, pairGoals: Int32Array | null, lot: (() => number) | null): void {
    const { n, order } = this;
    for (let i = 0; i < n; i++) order[i] = i;
    const sorted = Array.from(order).sort((a, b) => points[b]! - points[a]!);
    order.set(sorted);
    let start = 0;
    while (start < n) {
      let end = start + 1;
      while (end < n && points[order[end]!] === points[order[start]!]) end++;
      if (end - start > 1) this.resolve(start, end, 0, gd, gf, pairPoints, pairGoals, lot);
      start = end;
    }
  }

  private resolve(
    start: number,
    end: number,
    rule: number,
    gd: Int32Array,
    gf: Int32Array,
    pairPoints: Int32Array | null,
    pairGoals: Int32Array | null,
    lot: (() => number) | null,
  ): void {
    const { order, key, n } = this;
    const group = Array.from(order.subarray(start, end));
    if (rule >= this.rules.length) {
      // A lot (a play-off in reality); without one, the club order stays as it is (deterministic final tables).
      if (lot) {
        for (let i = group.length - 1; i > 0; i--) {
          const j = Math.floor(lot() * (i + 1));
          [group[i], group[j]] = [group[j]!, group[i]!];
        }
        order.set(group, start);
      }
      return;
    }
    const r = this.rules[rule]!;
    for (const i of group) {
      if (r === 'goalDifference') key[i] = gd[i]!;
      else if (r === 'goalsFor') key[i] = gf[i]!;
      else {
        let pts = 0,
          scored = 0,
          conceded = 0;
        for (const j of group) {
          if (j === i) continue;
          pts += pairPoints![i * n + j]!;
          scored += pairGoals![i * n + j]!;
          conceded += pairGoals![j * n + i]!;
        }
        key[i] = pts * 1e6 + (scored - conceded + 1000) * 1e3 + scored;
      }
    }
    group.sort((a, b) => key[b]! - key[a]!);
    order.set(group, start);
    let s = start;
    while (s < end) {
      let e = s + 1;
      while (e < end && key[order[e]!] === key[order[s]!]) e++;
      if (e - s > 1) this.resolve(s, e, rule + 1, gd, gf, pairPoints, pairGoals, lot);
      s = e;
    }
  }
}

/** The final (or current) table of played matches: club names, 1st first, by points and the rules (no lot). */
export function leagueTable(teams: readonly string[], played: readonly SeasonResult[], rules: readonly TieBreak[]): string[] {
  const sortedTeams = [...teams].sort();
  const n = sortedTeams.length;
  const index = new Map(sortedTeams.map((t, i) => [t, i]));
  const points = new Int32Array(n),
    gd = new Int32Array(n),
    gf = new Int32Array(n);
  const pairPoints = new Int32Array(n * n),
    pairGoals = new Int32Array(n * n);
  for (const m of played) {
    const h = index.get(m.home),
      a = index.get(m.away);
    if (h === undefined || a === undefined) continue;
    record(h, a, m.homeGoals, m.awayGoals, n, points, gd, gf, pairPoints, pairGoals);
  }
  const ranker = new Ranker(n, rules);
  ranker.rank(points, gd, gf, pairPoints, pairGoals, null);
  return Array.from(ranker.order, (i) => sortedTeams[i]!);
}

function record(
  h: number,
  a: number,
  hg: number,
  ag: number,
  n: number,
  points: Int32Array,
  gd: Int32Array,
  gf: Int32Array,
  pairPoints: Int32Array | null,
  pairGoals: Int32Array | null,
): void {
  const hp = hg > ag ? 3 : hg === ag ? 1 : 0;
  const ap = ag > hg ? 3 : hg === ag ? 1 : 0;
  points[h]! += hp;
  points[a]! += ap;
  gd[h]! += hg - ag;
  gd[a]! += ag - hg;
  gf[h]! += hg;
  gf[a]! += ag;
  if (pairPoints && pairGoals) {
    pairPoints[h * n + a]! += hp;
    pairPoints[a * n + h]! += ap;
    pairGoals[h * n + a]! += hg;
    pairGoals[a * n + h]! += ag;
  }
}

/**
 * Plays the rest of the season `runs` times. Deterministic for a seed. Each run starts from the played table and the
 * forecast's expected goals; after each simulated match the two clubs' attack and defence move as the filter would
 * move them on that result (posterior variance x residual, the variance growing between a club's matches).
 */
export function simulateSeason(setup: SeasonSetup, rules: SeasonRules, options: { runs: number; seed: number }): SeasonOutcome {
  const { runs } = options;
  const teams = setup.teams;
  const n = teams.length;
  const index = new Map(teams.map((t, i) => [t, i]));
  const useH2h = rules.tieBreaks.includes('headToHead');

  // The played part of the table, copied into every run.
  const basePoints = new Int32Array(n),
    baseGd = new Int32Array(n),
    baseGf = new Int32Array(n);
  const basePairPoints = new Int32Array(useH2h ? n * n : 0),
    basePairGoals = new Int32Array(useH2h ? n * n : 0);
  for (const m of setup.played) {
    const h = index.get(m.home),
      a = index.get(m.away);
    if (h === undefined || a === undefined) continue;
    record(h, a, m.homeGoals, m.awayGoals, n, basePoints, baseGd, baseGf, useH2h ? basePairPoints : null, useH2h ? basePairGoals : null);
  }

  const fixtures = setup.remaining.filter((f) => index.has(f.home) && index.has(f.away));
  const k = fixtures.length;
  const fh = new Int32Array(k),
    fa = new Int32Array(k),
    fday = new Float64Array(k),
    flam = new Float64Array(k),
    fmu = new Float64Array(k);
  fixtures.forEach((f, i) => {
    fh[i] = index.get(f.home)!;
    fa[i] = index.get(f.away)!;
    fday[i] = f.day;
    flam[i] = f.lambda;
    fmu[i] = f.mu;
  });
  const v0a = Float64Array.from(teams, (t) => setup.variance[t]?.attack ?? setup.maxVariance);
  const v0d = Float64Array.from(teams, (t) => setup.variance[t]?.defence ?? setup.maxVariance);

  // Points can reach 3 x the matches a club plays.
  const maxPoints = Math.max(...basePoints) + 3 * k + 1;
  const pointsHistogram = new Int32Array(n * maxPoints);
  const positions = new Int32Array(n * n);
  const points = new Int32Array(n),
    gd = new Int32Array(n),
    gf = new Int32Array(n);
  const pairPoints = new Int32Array(basePairPoints.length),
    pairGoals = new Int32Array(basePairGoals.length);
  const attack = new Float64Array(n),
    defence = new Float64Array(n),
    va = new Float64Array(n),
    vd = new Float64Array(n),
    last = new Float64Array(n);
  const ranker = new Ranker(n, rules.tieBreaks);
  const rng = mulberry32(options.seed);
  const { perDay, maxVariance } = setup;

  const poisson = (mean: number): number => {
    // Inversion: few steps for football's means.
    const u = rng();
    let p = Math.exp(-mean),
      cdf = p,
      x = 0;
    while (u > cdf && x < 30) {
      x++;
      p *= mean / x;
      cdf += p;
    }
    return x;
  };

  for (let run = 0; run < runs; run++) {
    points.set(basePoints);
    gd.set(baseGd);
    gf.set(baseGf);
    if (useH2h) {
      pairPoints.set(basePairPoints);
      pairGoals.set(basePairGoals);
    }
    attack.fill(0);
    defence.fill(0);
    va.set(v0a);
    vd.set(v0d);
    last.fill(setup.startDay);
    for (let i = 0; i < k; i++) {
      const h = fh[i]!,
        a = fa[i]!,
        day = fday[i]!;
      // The filter's predict step: uncertainty grows with the days since each club's last match.
      const dh = Math.max(0, day - last[h]!),
        da = Math.max(0, day - last[a]!);
      const vah = Math.min(maxVariance, va[h]! + perDay * dh),
        vdh = Math.min(maxVariance, vd[h]! + perDay * dh);
      const vaa = Math.min(maxVariance, va[a]! + perDay * da),
        vda = Math.min(maxVariance, vd[a]! + perDay * da);
      last[h] = day;
      last[a] = day;
      const lambda = flam[i]! * Math.exp(attack[h]! - defence[a]!);
      const mu = fmu[i]! * Math.exp(attack[a]! - defence[h]!);
      const hg = poisson(lambda),
        ag = poisson(mu);
      // The update step, as on a real result: posterior variance times the residual.
      const pah = 1 / (1 / vah + lambda),
        pda = 1 / (1 / vda + lambda),
        paa = 1 / (1 / vaa + mu),
        pdh = 1 / (1 / vdh + mu);
      va[h] = pah;
      vd[a] = pda;
      va[a] = paa;
      vd[h] = pdh;
      attack[h]! += pah * (hg - lambda);
      defence[a]! -= pda * (hg - lambda);
      attack[a]! += paa * (ag - mu);
      defence[h]! -= pdh * (ag - mu);
      record(h, a, hg, ag, n, points, gd, gf, useH2h ? pairPoints : null, useH2h ? pairGoals : null);
    }
    ranker.rank(points, gd, gf, useH2h ? pairPoints : null, useH2h ? pairGoals : null, rng);
    const order = ranker.order;
    for (let place = 0; place < n; place++) positions[order[place]! * n + place]!++;
    for (let t = 0; t < n; t++) pointsHistogram[t * maxPoints + points[t]!]!++;
  }

  const quantile = (t: number, q: number): number => {
    const target = q * runs;
    let seen = 0;
    for (let p = 0; p < maxPoints; p++) {
      seen += pointsHistogram[t * maxPoints + p]!;
      if (seen >= target) return p;
    }
    return maxPoints - 1;
  };
  return {
    runs,
    teams: teams.map((team, t) => {
      let sum = 0;
      for (let p = 0; p < maxPoints; p++) sum += p * pointsHistogram[t * maxPoints + p]!;
      return {
        team,
        points: { mean: runs ? sum / runs : basePoints[t]!, p10: quantile(t, 0.1), p90: quantile(t, 0.9) },
        positions: Array.from(positions.subarray(t * n, (t + 1) * n)),
      };
    }),
  };
}

/**
 * Percentages with `decimals` places of a table of counts whose rows and columns each sum to `total` (clubs x places),
 * rounded so that every row and every column sums to exactly 100: each cell is rounded down, then the units still
 * missing go to the cells with the largest remainders that a row and a column both still need, and an augmenting
 * path moves a unit where the greedy pass left a row and a column short (a transportation problem always has such
 * an integral rounding).
 */
export function roundDoublyToHundred(counts: readonly (readonly number[])[], total: number, decimals = 1): number[][] {
  const n = counts.length;
  const scale = 100 * 10 ** decimals;
  if (n === 0 || total <= 0) return counts.map((row) => row.map(() => 0));
  const exact = counts.map((row) => row.map((c) => (c / total) * scale));
  const floors = exact.map((row) => row.map((v) => Math.floor(v + 1e-9)));
  const rowNeed = floors.map((row) => scale - row.reduce((s, v) => s + v, 0));
  const colNeed = Array.from({ length: n }, (_, j) => scale - floors.reduce((s, row) => s + row[j]!, 0));
  const up = floors.map((row) => row.map(() => false));
  const remainder = (i: number, j: number) => exact[i]![j]! - floors[i]![j]!;
  const cells: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (remainder(i, j) > 1e-9) cells.push([i, j]);
  cells.sort((a, b) => remainder(b[0], b[1]) - remainder(a[0], a[1]) || a[0] - b[0] || a[1] - b[1]);
  for (const [i, j] of cells) {
    if (rowNeed[i]! > 0 && colNeed[j]! > 0) {
      up[i]![j] = true;
      rowNeed[i]!--;
      colNeed[j]!--;
    }
  }
  // Repair: a row still short reaches a column still short by an alternating path (round up a cell of the row, take
  // back a rounded-up cell of that column in another row, round up a cell of that row...): the path's rows and
  // columns in between keep their sums.
  const augment = (start: number): boolean => {
    const rowFrom = new Map<number, number>([[start, -1]]);
    const colFrom = new Map<number, number>();
    const queue = [start];
    while (queue.length) {
      const i = queue.shift()!;
      for (let j = 0; j < n; j++) {
        if (colFrom.has(j) || up[i]![j] || remainder(i, j) <= 1e-9) continue;
        colFrom.set(j, i);
        if (colNeed[j]! > 0) {
          let col = j;
          for (let row = i; ;) {
            up[row]![col] = true;
            const back = rowFrom.get(row)!;
            if (back < 0) break;
            up[row]![back] = false;
            col = back;
            row = colFrom.get(col)!;
          }
          rowNeed[start]!--;
          colNeed[j]!--;
          return true;
        }
        for (let r = 0; r < n; r++) {
          if (up[r]![j] && !rowFrom.has(r)) {
            rowFrom.set(r, j);
            queue.push(r);
          }
        }
      }
    }
    return false;
  };
  for (let i = 0; i < n; i++) while (rowNeed[i]! > 0 && augment(i));
  return floors.map((row, i) => row.map((v, j) => (v + (up[i]![j] ? 1 : 0)) / 10 ** decimals));
}

/**
 * A club's Elo rating (the rating component's) after each of its match days from `from` (ISO date) on, oldest first:
 * the league's history replayed through the engine's rating updates only (no refit, no forecast), as a fit replays it.
 */
export function ratingTimeline(
  league: string,
  history: readonly MatchRecord[],
  team: string,
  from: string,
  hyper?: Hyper,
): Array<{ date: string; rating: number }> {
  const name = cleanTeam(team);
  const engine = new LeagueEngine(league, { ...(hyper ? { hyper } : {}), featureStartDay: Infinity });
  const matches = history
    .filter((m) => m.league === league && cleanTeam(m.home) !== cleanTeam(m.away))
    .map((m) => ({ ...m, home: cleanTeam(m.home), away: cleanTeam(m.away) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const fromDay = dayNumber(from);
  const out: Array<{ date: string; rating: number }> = [];
  for (const { day, matches: dayMatches } of groupByDay(matches)) {
    engine.processDay(day, dayMatches, false);
    if (day >= fromDay && dayMatches.some((m) => m.home === name || m.away === name)) {
      out.push({ date: dayToIso(day), rating: Math.round(engine.parts.ratings.teams[name]!.elo * 10) / 10 });
    }
  }
  return out;
}
