/**
 * Market memory: ratings implied by past closing prices (docs/decisions/0290-market-memory.md).
 *
 * Each past match's closing prices (Pinnacle's, else the bookmakers' average; de-vigged: Shin 1X2, proportional
 * O/U 2.5) are turned into the two sides' expected goals by solving the Dixon-Coles grid for the (home, away)
 * means that reproduce the fair P(home) - P(away) and P(over 2.5) exactly. Per league, attack and defence
 * ratings and a home advantage are fitted to those log expected goals by ridge least squares,
 *   log lambda_home = c + h + att[home] - def[away],   log lambda_away = c + att[away] - def[home],
 * each match weighted by 2^(-age / halfLifeDays), each rating pulled toward a prior mean: the club's rating at the
 * end of its previous season in the league, regressed toward the league mean; for a club new to the league, the
 * first-season ratings of earlier newcomers (by route when it comes from another league held, its old rating
 * carried by the earlier movers' shift). The next match is forecast from a Dixon-Coles grid of the fitted means.
 *
 * Pure and deterministic: a function of the matches ingested and the day asked for. The caller (the backtest, or
 * a stage that stores prices) hands matches in date order and never a fixture's own prices before it is forecast.
 */
import { quickMarkets } from './grid.ts';
import { choleskySolve } from './linalg.ts';
import { removeMargin } from './odds.ts';
import type { P4 } from './features.ts';
import type { MatchOdds, MatchRecord } from './types.ts';

export interface MemoryParams {
  /** Half-life of a close's weight, days. */
  halfLifeDays: number;
  /** Ridge weight of each attack and defence rating toward its prior mean, in match-equivalents. */
  ridge: number;
  /** Ridge weight of the home advantage toward the league's previous value. */
  homeRidge: number;
  /** Share of the end-of-season rating given back toward the league mean at a new season (per season away). */
  seasonRegression: number;
  /**
   * Weight multiplier of closes from an earlier season than the league's current one (1: the decay alone; below 1:
   * the regressed end-of-season prior takes over at a season's start).
   */
  pastSeasonWeight: number;
  /** Carry of a mover's old-league rating, relative to the earlier movers on the same route (0 = route mean). */
  carry: number;
  /** Dixon-Coles low-score correction of the inversion and the forecast grid. */
  rho: number;
  /** Closes of matches at least this many days before the forecast day are used (1 = up to the day before). */
  minAgeDays: number;
}

/** Chosen on 2015-16..2019-20 only (bench/memory-tune.ts; decision 0290). */
export const DEFAULT_MEMORY: MemoryParams = {
  halfLifeDays: 14,
  ridge: 0.02,
  homeRidge: 4,
  seasonRegression: 0.15,
  pastSeasonWeight: 0.3,
  carry: 0.7,
  rho: -0.05,
  minAgeDays: 1,
};

/** One past match's closing line, de-vigged. */
export interface ClosingLine {
  /** Fair 1X2. */
  x1: readonly [number, number, number];
  /** Fair P(over 2.5). */
  over: number;
}

/** A match the memory reads: its league, season, day and clubs, and its closing line when it has one. */
export interface MemoryMatch {
  league: string;
  season: string;
  /** 'YYYY-MM-DD' (a longer ISO date is cut to the day). */
  date: string;
  home: string;
  away: string;
  close?: ClosingLine;
}

interface Prices3 {
  home: number;
  draw: number;
  away: number;
}
interface Prices2 {
  over: number;
  under: number;
}

/**
 * The closing line of a match: Pinnacle's closing 1X2 and O/U 2.5, else the bookmakers' closing average, else (older
 * files without closing O/U) the pre-closing Pinnacle, then average, prices. Undefined without both markets.
 */
export function closingLineOf(m: {
  closing: { ps?: Prices3; psOU?: Prices2; avg?: Prices3; avgOU?: Prices2 };
  pre: { ps?: Prices3; avg?: Prices3 };
  preOU: { ps?: Prices2; avg?: Prices2 };
}): ClosingLine | undefined {
  const x1 = m.closing.ps ?? m.closing.avg ?? m.pre.ps ?? m.pre.avg;
  const ou = m.closing.psOU ?? m.closing.avgOU ?? m.preOU.ps ?? m.preOU.avg;
  if (!x1 || !ou) return undefined;
  const p = removeMargin([x1.home, x1.draw, x1.away], 'shin') as [number, number, number];
  const over = removeMargin([ou.over, ou.under], 'proportional')[0]!;
  if (!p.every((v) => v > 0 && v < 1) || !(over > 0 && over < 1)) return undefined;
  return { x1: p, over };
}

const logit = (p: number) => Math.log(p / (1 - p));

/**
 * The (home, away) goal means whose Dixon-Coles grid gives P(home) - P(away) = the line's and P(over 2.5) = the
 * line's: Newton on (log total, logit home share), bisection-safe bounds. Exact to 1e-10 for any line a grid can
 * reach; the nearest reachable point otherwise.
 */
export function expectedGoalsOf(line: ClosingLine, rho = DEFAULT_MEMORY.rho): { home: number; away: number } {
  const targetD = line.x1[0] - line.x1[2];
  const targetO = line.over;
  const f = (lt: number, ls: number): [number, number] => {
    const t = Math.exp(lt),
      s = 1 / (1 + Math.exp(-ls));
    const q = quickMarkets(t * s, t * (1 - s), rho);
    return [q[0] - q[2] - targetD, logit(Math.min(1 - 1e-12, Math.max(1e-12, q[3]))) - logit(targetO)];
  };
  let lt = Math.log(2.6 + 2.2 * (targetO - 0.52));
  if (!Number.isFinite(lt)) lt = Math.log(2.6);
  let ls = 1.2 * targetD;
  let r = f(lt, ls);
  const h = 1e-6;
  for (let it = 0; it < 50; it++) {
    const norm = Math.abs(r[0]) + Math.abs(r[1]);
    if (norm < 1e-12) break;
    const a = f(lt + h, ls),
      b = f(lt, ls + h);
    const j11 = (a[0] - r[0]) / h,
      j21 = (a[1] - r[1]) / h,
      j12 = (b[0] - r[0]) / h,
      j22 = (b[1] - r[1]) / h;
    const det = j11 * j22 - j12 * j21;
    if (!(Math.abs(det) > 1e-14)) break;
    const dt = -(j22 * r[0] - j12 * r[1]) / det,
      ds = -(j11 * r[1] - j21 * r[0]) / det;
    let step = 1;
    let accepted = false;
    for (let k = 0; k < 30; k++) {
      const nt = Math.min(Math.log(12), Math.max(Math.log(0.2), lt + step * Math.max(-1, Math.min(1, dt)))),
        ns = Math.min(6, Math.max(-6, ls + step * Math.max(-2, Math.min(2, ds))));
      const nr = f(nt, ns);
      if (Math.abs(nr[0]) + Math.abs(nr[1]) < norm) {
        lt = nt;
        ls = ns;
        r = nr;
        accepted = true;
        break;
      }
      step /= 2;
    }
    if (!accepted) break;
  }
  const t = Math.exp(lt),
    s = 1 / (1 + Math.exp(-ls));
  return { home: t * s, away: t * (1 - s) };
}

/** Ratings of one league at one moment: log-scale constant, home advantage, attack and defence per club. */
export interface LeagueRatings {
  league: string;
  c: number;
  home: number;
  teams: Record<string, { att: number; def: number }>;
}

interface Observation {
  day: number;
  season: string;
  home: string;
  away: string;
  yHome: number;
  yAway: number;
}

interface Prior {
  att: number;
  def: number;
}

interface NewcomerSample {
  route: string;
  oldAtt: number;
  oldDef: number;
  att: number;
  def: number;
}

interface LeagueMemory {
  observations: Observation[];
  /** The season being played and the one before it on record. */
  season?: string;
  seasons: string[];
  /** Clubs of each season on record. */
  members: Map<string, Set<string>>;
  priors: Map<string, Prior>;
  /** c and h prior means (the previous season's end). */
  cPrior: number;
  hPrior: number;
  /** End-of-season ratings by season. */
  ends: Map<string, LeagueRatings>;
  /** Newcomers of each season: their route and old rating (when they came from a league held). */
  newcomers: Map<string, { team: string; route: string; oldAtt: number; oldDef: number }[]>;
  samples: NewcomerSample[];
  cache?: { day: number; ratings: LeagueRatings };
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const seasonYear = (s: string) => Number(s.slice(0, 4));
const UNKNOWN_ROUTE = 'unknown';
/** Earlier movers needed before a route's (or the newcomers') mean is used. */
const MIN_SAMPLES = 3;
/** Default prior of a club new to a league before any newcomer has been seen there. */
const DEFAULT_NEWCOMER: Prior = { att: -0.1, def: -0.1 };
const DEFAULT_C = Math.log(1.3);
const DEFAULT_H = 0.25;
/** Observations older than this many half-lives are dropped from a fit (weight below 2^-12). */
const HORIZON_HALF_LIVES = 12;

/**
 * The market memory of every league held. Feed closes with `ingest` in date order (any order within a day) and ask
 * `forecast` for a later day; a fixture's own close must not have been ingested (the backtest ingests a match only
 * once its day is at least `minAgeDays` before the day forecast).
 */
export class MarketMemory {
  private readonly leagues = new Map<string, LeagueMemory>();
  private lastDay = -Infinity;
  constructor(readonly params: MemoryParams = DEFAULT_MEMORY) {}

  private league(code: string): LeagueMemory {
    let l = this.leagues.get(code);
    if (!l) {
      l = {
        observations: [],
        seasons: [],
        members: new Map(),
        priors: new Map(),
        cPrior: DEFAULT_C,
        hPrior: DEFAULT_H,
        ends: new Map(),
        newcomers: new Map(),
        samples: [],
      };
      this.leagues.set(code, l);
    }
    return l;
  }

  /** Adds one finished match's closing line (matches without one still register the clubs' season). */
  ingest(m: MemoryMatch): void {
    const day = dayOf(m.date);
    if (day < this.lastDay) throw new Error(`market memory: ${m.date} ingested after a later day`);
    this.lastDay = day;
    const l = this.league(m.league);
    if (l.season !== undefined && m.season < l.season) {
      // a late close of a season the league has left (a long --memory-age): its clubs are known already
      for (const t of [m.home, m.away]) l.members.get(m.season)?.add(t);
    } else {
      this.enterSeason(m.league, m.season, day);
      this.member(m.league, m.season, m.home);
      this.member(m.league, m.season, m.away);
    }
    if (!m.close) return;
    const g = expectedGoalsOf(m.close, this.params.rho);
    l.observations.push({ day, season: m.season, home: m.home, away: m.away, yHome: Math.log(g.home), yAway: Math.log(g.away) });
    l.cache = undefined;
  }

  /**
   * 1X2 and P(over 2.5) of a fixture on `date` from the ratings fitted on the closes ingested so far, weighted from
   * `date`, or from `asOf` when given (a season simulation reads every remaining fixture from the ratings of its day:
   * weighted from a later day, every close would fade toward the priors alike).
   */
  forecast(m: Omit<MemoryMatch, 'close'>, asOf?: string): { p: P4; home: number; away: number } {
    const day = dayOf(asOf ?? m.date);
    this.enterSeason(m.league, m.season, day);
    this.member(m.league, m.season, m.home);
    this.member(m.league, m.season, m.away);
    const r = this.ratings(m.league, day);
    const l = this.league(m.league);
    const of = (team: string) => r.teams[team] ?? l.priors.get(team) ?? DEFAULT_NEWCOMER;
    const a = of(m.home),
      b = of(m.away);
    const lh = Math.exp(r.c + r.home + a.att - b.def),
      la = Math.exp(r.c + b.att - a.def);
    const q = quickMarkets(lh, la, this.params.rho);
    return { p: [q[0], q[1], q[2], q[3]], home: lh, away: la };
  }

  /** Whether the league has a close within the fit's horizon (`HORIZON_HALF_LIVES` half-lives) before `date`. */
  hasRecentCloses(code: string, date: string): boolean {
    const day = dayOf(date);
    const horizon = day - HORIZON_HALF_LIVES * this.params.halfLifeDays;
    return this.leagues.get(code)?.observations.some((o) => o.day >= horizon && o.day < day) ?? false;
  }

  /** The league's ratings fitted for `day` (observations before it, weighted from it). */
  ratings(code: string, day: number): LeagueRatings {
    const l = this.league(code);
    if (l.cache && l.cache.day === day) return l.cache.ratings;
    const ratings = this.fit(code, l, day);
    l.cache = { day, ratings };
    return ratings;
  }

  private fit(code: string, l: LeagueMemory, day: number): LeagueRatings {
    const { halfLifeDays, ridge, homeRidge, pastSeasonWeight } = this.params;
    const horizon = day - HORIZON_HALF_LIVES * halfLifeDays;
    const obs = l.observations.filter((o) => o.day >= horizon && o.day < day);
    const current = l.season ? (l.members.get(l.season) ?? new Set<string>()) : new Set<string>();
    const names = [...new Set([...current, ...obs.flatMap((o) => [o.home, o.away])])].sort();
    const index = new Map(names.map((t, i) => [t, i] as const));
    const n = 2 + 2 * names.length;
    const A = new Float64Array(n * n);
    const b = new Float64Array(n);
    const add = (cols: readonly [number, number][], y: number, w: number) => {
      for (const [i, xi] of cols) {
        b[i] = b[i]! + w * xi * y;
        for (const [j, xj] of cols) A[i * n + j] = A[i * n + j]! + w * xi * xj;
      }
    };
    for (const o of obs) {
      const w = 2 ** (-(day - o.day) / halfLifeDays) * (o.season === l.season ? 1 : pastSeasonWeight);
      const hi = index.get(o.home)!,
        ai = index.get(o.away)!;
      add(
        [
          [0, 1],
          [1, 1],
          [2 + 2 * hi, 1],
          [3 + 2 * ai, -1],
        ],
        o.yHome,
        w,
      );
      add(
        [
          [0, 1],
          [2 + 2 * ai, 1],
          [3 + 2 * hi, -1],
        ],
        o.yAway,
        w,
      );
    }
    const pull = (i: number, weight: number, mean: number) => {
      A[i * n + i] = A[i * n + i]! + weight;
      b[i] = b[i]! + weight * mean;
    };
    pull(0, 1e-3, l.cPrior);
    pull(1, homeRidge, l.hPrior);
    names.forEach((t, i) => {
      const p = l.priors.get(t) ?? DEFAULT_NEWCOMER;
      pull(2 + 2 * i, ridge, p.att);
      pull(3 + 2 * i, ridge, p.def);
    });
    const x = choleskySolve(A, b, n);
    if (!x) throw new Error(`market memory: the ${code} fit is singular`);
    const teams: LeagueRatings['teams'] = {};
    names.forEach((t, i) => (teams[t] = { att: x[2 + 2 * i]!, def: x[3 + 2 * i]! }));
    return { league: code, c: x[0]!, home: x[1]!, teams };
  }

  private member(code: string, season: string, team: string): void {
    const l = this.league(code);
    let set = l.members.get(season);
    if (!set) l.members.set(season, (set = new Set()));
    if (set.has(team)) return;
    set.add(team);
    l.cache = undefined;
    l.priors.set(team, this.priorOf(code, season, team));
  }

  /** A league's first event of a new season: the last season's end is kept, its newcomers become samples. */
  private enterSeason(code: string, season: string, day: number): void {
    const l = this.league(code);
    if (l.season === season) return;
    if (l.season !== undefined && season < l.season) throw new Error(`market memory: ${code} ${season} after ${l.season}`);
    const prev = l.season;
    if (prev !== undefined) {
      const end = this.ratings(code, day);
      l.ends.set(prev, end);
      l.cPrior = end.c;
      l.hPrior = end.home;
      for (const nc of l.newcomers.get(prev) ?? []) {
        const r = end.teams[nc.team];
        if (r) l.samples.push({ route: nc.route, oldAtt: nc.oldAtt, oldDef: nc.oldDef, att: r.att, def: r.def });
      }
    }
    l.season = season;
    l.seasons.push(season);
    l.cache = undefined;
  }

  /** The end-of-season ratings of `code` in `season`, computed now if that league has not moved on yet. */
  private endOf(code: string, season: string): LeagueRatings | undefined {
    const l = this.leagues.get(code);
    if (!l) return undefined;
    const kept = l.ends.get(season);
    if (kept) return kept;
    if (l.season === season && l.cache) return l.cache.ratings;
    if (l.season === season) return this.ratings(code, this.lastDay + 1);
    return undefined;
  }

  private priorOf(code: string, season: string, team: string): Prior {
    const l = this.league(code);
    const { seasonRegression, carry } = this.params;
    // the last season on record before this one in which the club played in this league
    const before = l.seasons.filter((s) => s < season);
    const last = before.at(-1);
    if (last !== undefined && l.members.get(last)?.has(team)) {
      const end = l.ends.get(last)?.teams[team];
      if (end) {
        const keep = (1 - seasonRegression) ** Math.max(1, seasonYear(season) - seasonYear(last));
        return { att: keep * end.att, def: keep * end.def };
      }
    }
    // a newcomer: from another league held last season?
    const prevLabel = `${seasonYear(season) - 1}-${String(seasonYear(season) % 100).padStart(2, '0')}`;
    let route = UNKNOWN_ROUTE;
    let old: Prior | undefined;
    for (const other of [...this.leagues.keys()].sort()) {
      if (other === code) continue;
      const o = this.leagues.get(other)!;
      if (!o.members.get(prevLabel)?.has(team)) continue;
      const end = this.endOf(other, prevLabel)?.teams[team];
      if (end) {
        route = `${other}>${code}`;
        old = end;
        break;
      }
    }
    // a newcomer is a sample for later ones only when the league's season before is on record (not a first or
    // restarting season, where every club is "new")
    if (last === prevLabel) {
      let list = l.newcomers.get(season);
      if (!list) l.newcomers.set(season, (list = []));
      list.push({ team, route, oldAtt: old?.att ?? 0, oldDef: old?.def ?? 0 });
    }
    const mean = (xs: readonly NewcomerSample[], f: (s: NewcomerSample) => number) => xs.reduce((a, s) => a + f(s), 0) / xs.length;
    const onRoute = l.samples.filter((s) => s.route === route);
    if (old && onRoute.length >= MIN_SAMPLES) {
      return {
        att: mean(onRoute, (s) => s.att) + carry * (old.att - mean(onRoute, (s) => s.oldAtt)),
        def: mean(onRoute, (s) => s.def) + carry * (old.def - mean(onRoute, (s) => s.oldDef)),
      };
    }
    const pool = onRoute.length >= MIN_SAMPLES ? onRoute : l.samples;
    if (pool.length >= MIN_SAMPLES) return { att: mean(pool, (s) => s.att), def: mean(pool, (s) => s.def) };
    return DEFAULT_NEWCOMER;
  }
}

/**
 * Walk-forward market memory over matches of any leagues: each match with `forecast(m)` true is forecast from the
 * closes of matches at least `minAgeDays` days before its day, never its own. Returns the forecasts by input index.
 */
export function memoryWalkForward(
  matches: readonly MemoryMatch[],
  forecast: (m: MemoryMatch, i: number) => boolean,
  params: MemoryParams = DEFAULT_MEMORY,
): Map<number, { p: P4; home: number; away: number }> {
  const order = matches
    .map((m, i) => ({ m, i, day: dayOf(m.date) }))
    .sort((a, b) => a.day - b.day || (a.m.league < b.m.league ? -1 : a.m.league > b.m.league ? 1 : 0) || cmp(a.m.home, b.m.home) || cmp(a.m.away, b.m.away));
  const memory = new MarketMemory(params);
  const out = new Map<number, { p: P4; home: number; away: number }>();
  let next = 0;
  for (let k = 0; k < order.length;) {
    const day = order[k]!.day;
    let end = k;
    while (end < order.length && order[end]!.day === day) end++;
    while (next < order.length && order[next]!.day <= day - params.minAgeDays) memory.ingest(order[next++]!.m);
    for (let j = k; j < end; j++) {
      const { m, i } = order[j]!;
      if (forecast(m, i)) out.set(i, memory.forecast(m));
    }
    k = end;
  }
  return out;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Pool weights of our models against the market memory, and how they are learned walk-forward. */
export interface StackParams {
  /** Weight of our models in the 1X2 log-linear pool before `minRows` earlier forecasts exist. */
  w1x2: number;
  /** The same for P(over 2.5), a logit-linear pool. */
  wOver: number;
  /** Earlier forecasts of the run needed before the weights are learned from them. */
  minRows: number;
}

/** Prior weights: the ones the development run (2015-16..2019-20) had learned on its last day (decision 0290). */
export const DEFAULT_STACK: StackParams = { w1x2: 0.06, wOver: 0.14, minRows: 1000 };

/** The log-linear pool of two 1X2 forecasts and the logit-linear pool of their P(over 2.5); w = our models' weight. */
export function poolMemory(memory: P4, models: P4, w: number, wo: number): P4 {
  const q = [0, 1, 2].map((k) => Math.exp((1 - w) * Math.log(memory[k]!) + w * Math.log(models[k]!)));
  const s = q[0]! + q[1]! + q[2]!;
  const lo = (p: number) => Math.log(p / (1 - p));
  const z = (1 - wo) * lo(memory[3]) + wo * lo(models[3]);
  return [q[0]! / s, q[1]! / s, q[2]! / s, 1 / (1 + Math.exp(-z))];
}

/** The fair line of stored prices (Shin 1X2, proportional O/U 2.5); undefined without all five prices. */
export function lineOfOdds(o: MatchOdds | undefined): ClosingLine | undefined {
  if (!o?.home || !o.draw || !o.away || !o.over25 || !o.under25) return undefined;
  return closingLineOf({ closing: { ps: { home: o.home, draw: o.draw, away: o.away }, psOU: { over: o.over25, under: o.under25 } }, pre: {}, preOU: {} });
}

/** A season label ('2024-25') for a date without one: seasons turn in July. */
const seasonAt = (date: string) => {
  const y = Number(date.slice(0, 4)) - (Number(date.slice(5, 7)) < 7 ? 1 : 0);
  return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
};

/**
 * The market memory of one league from its stored history, as a deployed run reads it: each played match's closing
 * prices, else the last prices captured before its kickoff, of matches dated before `before` (a run forecasts fixtures
 * of its day or later, so never a fixture's own). Undefined when no match of the last `HORIZON_HALF_LIVES` half-lives
 * has prices: a league without odds stays on our models.
 */
export function leagueMemory(history: readonly MatchRecord[], league: string, before: string, params: MemoryParams = DEFAULT_MEMORY): MarketMemory | undefined {
  const until = dayOf(before);
  const rows = history
    .filter((r) => r.league === league && dayOf(r.date) < until)
    .map((r) => ({
      league,
      season: r.season ?? seasonAt(r.date),
      date: r.date.slice(0, 10),
      home: r.home,
      away: r.away,
      close: lineOfOdds(r.closingOdds ?? r.odds),
    }))
    .sort((a, b) => cmp(a.date, b.date) || cmp(a.home, b.home) || cmp(a.away, b.away));
  if (!rows.some((r) => r.close && dayOf(r.date) >= until - HORIZON_HALF_LIVES * params.halfLifeDays)) return undefined;
  const memory = new MarketMemory(params);
  for (const r of rows) memory.ingest(r);
  return memory;
}

/**
 * The expected goals of a league's remaining fixtures as a season simulation draws them from the market memory: each
 * fixture's two means from the ratings fitted on `asOf` (the simulation's first day), the club new to the memory from
 * its prior (decision 0345).
 */
export function memorySeasonGoals(
  memory: MarketMemory,
  league: string,
  season: string,
  asOf: string,
): (fixture: { home: string; away: string; kickoff: string }) => { home: number; away: number } {
  return (f) => {
    const { home, away } = memory.forecast({ league, season, date: f.kickoff.slice(0, 10), home: f.home, away: f.away }, asOf);
    return { home, away };
  };
}
