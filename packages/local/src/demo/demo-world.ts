/**
 * The demo world: a deterministic football calendar and its results, from a seed.
 *
 * Calendar. Seasons run back to back from a fixed epoch (the 2000-01 season): the world's year
 * starts on the first Tuesday in May; Northshire's season starts then, Valdoria's 16 weeks later
 * and Ostmark's 32 weeks later. Each opens with its summer break (14 weeks, Ostmark's 18) and
 * then plays one round every weekend: a double round robin (38 rounds of 20 clubs, 34 of 18), the second half the
 * first with venues swapped, each club switching between home and away from one round to the next
 * except for a few (never three in a row). The breaks do not overlap, so every weekend at least two
 * leagues play and the previous 30 days always hold played matches.
 *
 * Results. Dixon-Coles: Poisson goals with the low-score correction, home advantage, and hidden
 * attack and defence strengths per club that drift a little every round and regress toward the
 * club's long-run level between seasons. Their spread and the goal rates are set so that the
 * demo's seasons look like real leagues' (docs/decisions/0330-a-demo-world-that-looks-like-football.md).
 */
import { gridOutcomes, gridOver, scoreGrid } from '@app/model/grid';
import type { DemoLeague, Slot } from './demo-leagues.ts';
import { binomial, gaussian, poisson, rngFor, shuffled } from './random.ts';
import { slug } from '@app/core/text';
import { DAY_MS, WEEK_MS } from '@app/core/clock';

export const EPOCH_YEAR = 2000;
/** Between-season regression toward the club's long-run level (share of the gap kept). */
const CARRY_OVER = 0.6;
/** Per-round drift of a strength (standard deviation, log scale). */
const DRIFT = 0.01;
/** Spread of the clubs' long-run quality (and the elite's lead), of attack and defence around it, and from season to season (log scale). */
const SPREAD = { quality: 0.17, elite: 0.4, side: 0.05, season: 0.05 } as const;

export interface DemoMatch {
  id: string;
  round: number;
  kickoffMs: number;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  homeShots: number;
  awayShots: number;
  homeShotsOnTarget: number;
  awayShotsOnTarget: number;
  /** The true probabilities (hidden from users; the bookmakers' prices are built from them). */
  truth: { home: number; draw: number; away: number; over25: number };
  /** Expected goals of the hidden model. */
  lambda: number;
  mu: number;
}

export interface TeamStrength {
  team: string;
  /** Log-scale attack and defence (higher is better), at the season's start. */
  attack: number;
  defence: number;
}

export interface DemoSeason {
  leagueId: string;
  startYear: number;
  /** '2025-26'. */
  label: string;
  startMs: number;
  endMs: number;
  matches: DemoMatch[];
  byId: Map<string, DemoMatch>;
  strengths: TeamStrength[];
}

export function seasonLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

function firstTuesdayOnOrAfter(ms: number): number {
  const day = new Date(ms).getUTCDay();
  return ms + ((2 - day + 7) % 7) * DAY_MS;
}

/** Tuesday 00:00 UTC on which the league's season `startYear` begins (its summer break first). */
export function seasonStartMs(league: DemoLeague, startYear: number): number {
  return firstTuesdayOnOrAfter(Date.UTC(startYear, 4, 1)) + league.offsetWeeks * WEEK_MS;
}

/** The start year of the league's season running at `ms` (seasons are back to back). */
export function seasonYearAt(league: DemoLeague, ms: number): number {
  const y = new Date(ms).getUTCFullYear();
  return ms >= seasonStartMs(league, y) ? y : y - 1;
}

/** Rounds of a season: a double round robin. */
export const roundsOf = (league: DemoLeague) => 2 * (league.clubs.length - 1);

const slotMs = (weekStart: number, s: Slot) => weekStart + s.day * DAY_MS + (s.hour * 60 + s.minute) * 60_000;

/** Kickoff times of the season's rounds (half the clubs' number each), in order: one round a week after the summer break. */
export function seasonCalendar(league: DemoLeague, startYear: number): number[][] {
  const start = seasonStartMs(league, startYear);
  const weeks = Math.round((seasonStartMs(league, startYear + 1) - start) / WEEK_MS);
  const rounds = roundsOf(league);
  const slots = league.weekend.slice(0, league.clubs.length / 2);
  if (slots.length !== league.clubs.length / 2) throw new Error(`demo league ${league.id} has ${league.weekend.length} slots for ${league.clubs.length} clubs`);
  if (league.breakWeeks + rounds > weeks) throw new Error(`demo calendar of ${league.id} ${startYear} has ${weeks} weeks for ${rounds} rounds`);
  return Array.from({ length: rounds }, (_, r) => slots.map((s) => slotMs(start + (league.breakWeeks + r) * WEEK_MS, s)));
}

/**
 * One single round robin (circle method, venues as in the Berger tables): n-1 rounds of n/2
 * [home, away] index pairs. Every club switches venue from one round to the next except once at
 * most; the fixed club alternates throughout.
 */
function roundRobin(order: readonly number[]): [number, number][][] {
  const n = order.length;
  const m = n - 1;
  const rounds: [number, number][][] = [];
  for (let r = 0; r < m; r++) {
    const fixed = order[m]!;
    const other = order[r]!;
    const pairs: [number, number][] = [r % 2 === 0 ? [other, fixed] : [fixed, other]];
    for (let k = 1; k < n / 2; k++) {
      const a = order[(r + k) % m]!;
      const b = order[(r - k + m) % m]!;
      pairs.push(k % 2 === 1 ? [b, a] : [a, b]);
    }
    rounds.push(pairs);
  }
  return rounds;
}

/** The longest run of home or of away matches of any club in the schedule. */
function longestRun(schedule: readonly (readonly [number, number])[][]): number {
  const last = new Map<number, { home: boolean; run: number }>();
  let longest = 0;
  for (const round of schedule) {
    for (const [h, a] of round) {
      for (const [club, home] of [
        [h, true],
        [a, false],
      ] as const) {
        const prev = last.get(club);
        const run = prev && prev.home === home ? prev.run + 1 : 1;
        last.set(club, { home, run });
        longest = Math.max(longest, run);
      }
    }
  }
  return longest;
}

/**
 * The second half: the first's rounds with venues swapped, in the same order turned so that no
 * club plays three home or three away matches in a row across the halfway point.
 */
function doubleRoundRobin(half: [number, number][][]): [number, number][][] {
  const swapped = half.map((r) => r.map(([h, a]) => [a, h] as [number, number]));
  for (let shift = 0; shift < half.length; shift++) {
    const schedule = [...half, ...swapped.slice(shift), ...swapped.slice(0, shift)];
    if (longestRun(schedule) <= 2) return schedule;
  }
  throw new Error('no double round robin without three home or away matches in a row');
}

/** The hidden strengths of a league's clubs season after season (cheap: no match is simulated). */
class StrengthChain {
  private readonly starts: Float64Array[] = [];
  private readonly level: Float64Array;

  constructor(
    private readonly seed: string,
    private readonly league: DemoLeague,
  ) {
    const n = league.clubs.length;
    this.level = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const rng = rngFor(seed, league.id, 'level', i);
      // a few elite clubs stand above the rest, as in real leagues; the bottom is closer together
      const quality = SPREAD.quality * gaussian(rng) + SPREAD.elite * Math.max(0, gaussian(rng) - 0.6);
      this.level[i] = quality + SPREAD.side * gaussian(rng); // attack
      this.level[n + i] = quality + SPREAD.side * gaussian(rng); // defence
    }
    center(this.level, n);
  }

  /** Attack (0..n-1) and defence (n..2n-1) at the season's start. */
  start(startYear: number): Float64Array {
    const idx = startYear - EPOCH_YEAR;
    if (idx < 0) throw new RangeError(`the demo world starts with the ${EPOCH_YEAR} season`);
    const n = this.league.clubs.length;
    while (this.starts.length <= idx) {
      const y = EPOCH_YEAR + this.starts.length;
      const s = new Float64Array(2 * n);
      const prevEnd = this.starts.length ? this.end(y - 1) : this.level;
      for (let k = 0; k < 2 * n; k++) {
        const noise = SPREAD.season * gaussian(rngFor(this.seed, this.league.id, 'season', y, k));
        s[k] = this.level[k]! + CARRY_OVER * (prevEnd[k]! - this.level[k]!) + noise;
      }
      center(s, n);
      this.starts.push(s);
    }
    return this.starts[idx]!;
  }

  /** Cumulative drift per round: drift[r][k] added to the start strength at round r (0-based). */
  drift(startYear: number): Float64Array[] {
    const n2 = 2 * this.league.clubs.length;
    const rngs = Array.from({ length: n2 }, (_, k) => rngFor(this.seed, this.league.id, 'drift', startYear, k));
    const out: Float64Array[] = [new Float64Array(n2)];
    for (let r = 1; r <= roundsOf(this.league); r++) {
      const prev = out[r - 1]!;
      const cur = new Float64Array(n2);
      for (let k = 0; k < n2; k++) cur[k] = prev[k]! + DRIFT * gaussian(rngs[k]!);
      out.push(cur);
    }
    return out;
  }

  private end(startYear: number): Float64Array {
    const s = this.start(startYear);
    const last = this.drift(startYear)[roundsOf(this.league)]!;
    return s.map((v, k) => v + last[k]!);
  }
}

function center(v: Float64Array, n: number): void {
  for (const offset of [0, n]) {
    let mean = 0;
    for (let i = 0; i < n; i++) mean += v[offset + i]!;
    mean /= n;
    for (let i = 0; i < n; i++) v[offset + i] = v[offset + i]! - mean;
  }
}

/** Draws a cell of the score grid. */
function sampleScore(p: Float64Array, size: number, u: number): [number, number] {
  let acc = 0;
  for (let i = 0; i < p.length; i++) {
    acc += p[i]!;
    if (u < acc) return [Math.floor(i / size), i % size];
  }
  return [size - 1, size - 1];
}

export class DemoWorld {
  private readonly chains = new Map<string, StrengthChain>();
  private readonly cache = new Map<string, DemoSeason>();

  constructor(
    readonly seed: string,
    private readonly cacheSize = 16,
  ) {}

  /** Generates (or reuses) one league season. */
  season(league: DemoLeague, startYear: number): DemoSeason {
    const key = `${league.id}|${startYear}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const season = this.generate(league, startYear);
    this.cache.set(key, season);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    return season;
  }

  private chain(league: DemoLeague): StrengthChain {
    let c = this.chains.get(league.id);
    if (!c) {
      c = new StrengthChain(this.seed, league);
      this.chains.set(league.id, c);
    }
    return c;
  }

  private generate(league: DemoLeague, startYear: number): DemoSeason {
    const { clubs } = league;
    const n = clubs.length;
    const chain = this.chain(league);
    const start = chain.start(startYear);
    const drift = chain.drift(startYear);
    const calendar = seasonCalendar(league, startYear);
    const label = seasonLabel(startYear);
    const indices = clubs.map((_, i) => i);
    const schedule = doubleRoundRobin(roundRobin(shuffled(indices, rngFor(this.seed, league.id, startYear, 'order'))));
    const baseHome = Math.log(league.homeGoals);
    const baseAway = Math.log(league.awayGoals);

    const matches: DemoMatch[] = [];
    for (let r = 0; r < schedule.length; r++) {
      const pairs = schedule[r]!;
      const slots = shuffled(calendar[r]!, rngFor(this.seed, league.id, startYear, r, 'slots'));
      const d = drift[r]!;
      pairs.forEach(([h, a], i) => {
        const att = (k: number) => start[k]! + d[k]!;
        const def = (k: number) => start[n + k]! + d[n + k]!;
        const lambda = Math.exp(baseHome + att(h) - def(a));
        const mu = Math.exp(baseAway + att(a) - def(h));
        const grid = scoreGrid(lambda, mu, league.rho);
        const outcome = gridOutcomes(grid);
        const home = clubs[h]!;
        const away = clubs[a]!;
        const id = `demo-${league.id}-${label}-r${String(r + 1).padStart(2, '0')}-${slug(home)}-${slug(away)}`;
        const rng = rngFor(this.seed, id, 'result');
        const [hg, ag] = sampleScore(grid.p, grid.size, rng());
        const hs = hg + poisson(rng, 6 + 4 * lambda);
        const as = ag + poisson(rng, 6 + 4 * mu);
        matches.push({
          id,
          round: r + 1,
          kickoffMs: slots[i]!,
          home,
          away,
          homeGoals: hg,
          awayGoals: ag,
          homeShots: hs,
          awayShots: as,
          homeShotsOnTarget: hg + binomial(rng, hs - hg, 0.27),
          awayShotsOnTarget: ag + binomial(rng, as - ag, 0.27),
          truth: { home: outcome.home, draw: outcome.draw, away: outcome.away, over25: gridOver(grid, 2.5) },
          lambda,
          mu,
        });
      });
    }
    matches.sort((x, y) => x.kickoffMs - y.kickoffMs || x.id.localeCompare(y.id));
    return {
      leagueId: league.id,
      startYear,
      label,
      startMs: seasonStartMs(league, startYear),
      endMs: seasonStartMs(league, startYear + 1),
      matches,
      byId: new Map(matches.map((m) => [m.id, m])),
      strengths: clubs.map((team, i) => ({ team, attack: start[i]!, defence: start[n + i]! })),
    };
  }
}
