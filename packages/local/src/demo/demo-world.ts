/**
 * The demo world: a deterministic football calendar and its results, from a seed.
 *
 * Calendar. Seasons run back to back from a fixed epoch (the 2000-01 season): each league's
 * season starts on a Tuesday in July (Northshire), three weeks later (Valdoria) and six weeks
 * later (Ostmark), opens with a two-week break, then plays a round every weekend and some
 * midweeks: 16 clubs meeting four times (60 rounds of 8 matches). Every league's weekly slots are
 * the same, so a 7-day window holds one weekend of each league (24 matches); while one league is
 * on its break, another plays midweek rounds in the weeks around it, so every 7-day window holds
 * at least 24 matches, and the previous 30 days always hold played ones.
 *
 * Results. Dixon-Coles: Poisson goals with the low-score correction, home advantage, and hidden
 * attack and defence strengths per club that drift a little every round and regress toward the
 * club's long-run level between seasons.
 */
import { gridOutcomes, gridOver, scoreGrid } from '@app/model/grid';
import type { DemoLeague, Slot } from './demo-leagues.ts';
import { binomial, gaussian, poisson, rngFor, shuffled } from './random.ts';
import { slug } from '@app/core/text';
import { DAY_MS, WEEK_MS } from '@app/core/clock';

export const EPOCH_YEAR = 2000;
export const ROUNDS = 60;
const BREAK_WEEKS = 2;
/** Between-season regression toward the club's long-run level (share of the gap kept). */
const CARRY_OVER = 0.6;
/** Per-round drift of a strength (standard deviation, log scale). */
const DRIFT = 0.01;

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

/** Tuesday 00:00 UTC on which the league's season `startYear` begins (its break first). */
export function seasonStartMs(league: DemoLeague, startYear: number): number {
  return firstTuesdayOnOrAfter(Date.UTC(startYear, 6, 11)) + league.offsetWeeks * WEEK_MS;
}

/** The start year of the league's season running at `ms` (seasons are back to back). */
export function seasonYearAt(league: DemoLeague, ms: number): number {
  const y = new Date(ms).getUTCFullYear();
  return ms >= seasonStartMs(league, y) ? y : y - 1;
}

const slotMs = (weekStart: number, s: Slot) => weekStart + s.day * DAY_MS + (s.hour * 60 + s.minute) * 60_000;

/** Kickoff times of the 60 rounds (8 each), in order. */
export function seasonCalendar(league: DemoLeague, startYear: number): number[][] {
  const start = seasonStartMs(league, startYear);
  const weeks = Math.round((seasonStartMs(league, startYear + 1) - start) / WEEK_MS);
  const active: number[] = [];
  for (let w = BREAK_WEEKS; w < weeks; w++) active.push(w);
  // Extra midweek rounds in the weeks around another league's break: Northshire covers Ostmark's
  // (its weeks 6-8), Valdoria the next Northshire one and Ostmark the next Valdoria one (their last three weeks).
  const cover = league.coverWeeks === 'early' ? [6, 7, 8] : [weeks - 3, weeks - 2, weeks - 1];
  const extra = ROUNDS - active.length - cover.length;
  const candidates = active.filter((w) => w > BREAK_WEEKS && !cover.includes(w));
  const spread = Array.from({ length: extra }, (_, i) => candidates[Math.floor(((i + 0.5) * candidates.length) / extra)]!);
  const midweeks = new Set([...cover, ...spread]);
  const rounds: number[][] = [];
  for (const w of active) {
    const weekStart = start + w * WEEK_MS;
    if (midweeks.has(w)) rounds.push(league.midweek.map((s) => slotMs(weekStart, s)));
    rounds.push(league.weekend.map((s) => slotMs(weekStart, s)));
  }
  if (rounds.length !== ROUNDS) throw new Error(`demo calendar of ${league.id} ${startYear} has ${rounds.length} rounds`);
  return rounds;
}

/** One single round robin (circle method): 15 rounds of 8 [home, away] index pairs. */
function roundRobin(order: readonly number[]): [number, number][][] {
  const n = order.length;
  const rot = [...order];
  const rounds: [number, number][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = rot[i]!;
      const b = rot[n - 1 - i]!;
      // Alternate venues so that every club switches between home and away.
      pairs.push((i === 0 ? r % 2 === 0 : (r + i) % 2 === 0) ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    rot.splice(1, 0, rot.pop()!);
  }
  return rounds;
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
      const quality = 0.15 * gaussian(rng);
      this.level[i] = quality + 0.06 * gaussian(rng); // attack
      this.level[n + i] = quality + 0.06 * gaussian(rng); // defence
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
        const noise = 0.05 * gaussian(rngFor(this.seed, this.league.id, 'season', y, k));
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
    for (let r = 1; r <= ROUNDS; r++) {
      const prev = out[r - 1]!;
      const cur = new Float64Array(n2);
      for (let k = 0; k < n2; k++) cur[k] = prev[k]! + DRIFT * gaussian(rngs[k]!);
      out.push(cur);
    }
    return out;
  }

  private end(startYear: number): Float64Array {
    const s = this.start(startYear);
    const last = this.drift(startYear)[ROUNDS]!;
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
    const legA = roundRobin(shuffled(indices, rngFor(this.seed, league.id, startYear, 'order-a')));
    const legB = roundRobin(shuffled(indices, rngFor(this.seed, league.id, startYear, 'order-b')));
    const legs = [legA, legA.map((r) => r.map(([h, a]) => [a, h] as [number, number])), legB, legB.map((r) => r.map(([h, a]) => [a, h] as [number, number]))];
    const baseHome = Math.log(league.homeGoals);
    const baseAway = Math.log(league.awayGoals);

    const matches: DemoMatch[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const pairs = legs[Math.floor(r / (n - 1))]![r % (n - 1)]!;
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
