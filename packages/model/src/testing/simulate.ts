/** Seeded simulation of leagues for tests and benchmarks (pure, deterministic). */
import { quickMarkets, scoreGrid } from '../grid.ts';
import type { MatchRecord } from '../types.ts';
import { mulberry32 } from '../random.ts';

export interface SimTeam {
  name: string;
  attack: number;
  defence: number;
}

export interface SimOptions {
  league?: string;
  teams?: number;
  seasons?: number;
  firstSeason?: number;
  seed?: number;
  intercept?: number;
  home?: number;
  rho?: number;
  /** Attach synthetic pre-kickoff odds (true probabilities + noise + margin). */
  odds?: boolean;
  /** Relegate/promote this many teams per season (new names, weaker strengths). */
  promoted?: number;
  /** Attach shot statistics. */
  shots?: boolean;
  /** Home advantage per season (log scale), overriding `home` (e.g. a season without crowds). */
  homeBySeason?: number[];
}

export interface SimResult {
  matches: MatchRecord[];
  teams: SimTeam[][] /* per season */;
  params: { intercept: number; home: number; rho: number };
}

/** Double round-robin seasons, one match day per week (Saturday), ten matches per round for 20 teams. */
export function simulateLeague(o: SimOptions = {}): SimResult {
  const league = o.league ?? 'SIM';
  const T = o.teams ?? 20;
  const S = o.seasons ?? 3;
  const first = o.firstSeason ?? 2015;
  const r = mulberry32(o.seed ?? 1);
  const intercept = o.intercept ?? 0.15;
  const home = o.home ?? 0.25;
  const rho = o.rho ?? -0.08;
  const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  let teams: SimTeam[] = Array.from({ length: T }, (_, i) => ({
    name: `Team ${String.fromCharCode(65 + i)}`,
    attack: 0.25 * normal(),
    defence: 0.25 * normal(),
  }));
  const centre = (ts: SimTeam[]) => {
    const ma = ts.reduce((s, t) => s + t.attack, 0) / ts.length;
    const md = ts.reduce((s, t) => s + t.defence, 0) / ts.length;
    for (const t of ts) {
      t.attack -= ma;
      t.defence -= md;
    }
  };
  centre(teams);
  const matches: MatchRecord[] = [];
  const perSeason: SimTeam[][] = [];
  let newIdx = 0;
  for (let s = 0; s < S; s++) {
    if (s > 0 && (o.promoted ?? 0) > 0) {
      // relegate the weakest, promote new weaker clubs
      const sorted = [...teams].sort((a, b) => a.attack + a.defence - (b.attack + b.defence));
      const out = new Set(sorted.slice(0, o.promoted).map((t) => t.name));
      teams = teams.filter((t) => !out.has(t.name));
      for (let k = 0; k < o.promoted!; k++) teams.push({ name: `New ${++newIdx}`, attack: -0.15 + 0.15 * normal(), defence: -0.15 + 0.15 * normal() });
    }
    perSeason.push(teams.map((t) => ({ ...t })));
    const season = `${first + s}-${String((first + s + 1) % 100).padStart(2, '0')}`;
    // circle method rounds
    const names = teams.map((_, i) => i);
    const rounds: [number, number][][] = [];
    const arr = [...names];
    for (let k = 0; k < T - 1; k++) {
      const pairs: [number, number][] = [];
      for (let i = 0; i < T / 2; i++) {
        const a = arr[i]!,
          b = arr[T - 1 - i]!;
        pairs.push(k % 2 === 0 ? [a, b] : [b, a]);
      }
      rounds.push(pairs);
      arr.splice(1, 0, arr.pop()!);
    }
    const all = [...rounds, ...rounds.map((rd) => rd.map(([a, b]) => [b, a] as [number, number]))];
    const start = Date.UTC(first + s, 7, 8);
    all.forEach((rd, k) => {
      const date = new Date(start + k * 7 * 86400000).toISOString().slice(0, 10);
      for (const [hi, ai] of rd) {
        const h = teams[hi]!,
          a = teams[ai]!;
        const lambda = Math.exp(intercept + (o.homeBySeason?.[s] ?? home) + h.attack - a.defence);
        const mu = Math.exp(intercept + a.attack - h.defence);
        const g = scoreGrid(lambda, mu, rho);
        let u = r();
        let hg = 0,
          ag = 0;
        for (let c = 0; c < g.p.length; c++) {
          u -= g.p[c]!;
          if (u <= 0) {
            hg = Math.floor(c / g.size);
            ag = c % g.size;
            break;
          }
        }
        const m: MatchRecord = { date, league, season, home: h.name, away: a.name, homeGoals: hg, awayGoals: ag };
        if (o.odds) {
          const q = quickMarkets(lambda * Math.exp(0.05 * normal()), mu * Math.exp(0.05 * normal()), rho);
          const margin = 1.05;
          m.odds = {
            home: round2(1 / (q[0] * margin)),
            draw: round2(1 / (q[1] * margin)),
            away: round2(1 / (q[2] * margin)),
            over25: round2(1 / (q[3] * margin)),
            under25: round2(1 / ((1 - q[3]) * margin)),
          };
        }
        if (o.shots) {
          m.homeShotsOnTarget = Math.max(0, Math.round(lambda * 3 + normal()));
          m.awayShotsOnTarget = Math.max(0, Math.round(mu * 3 + normal()));
          m.homeShots = m.homeShotsOnTarget * 3;
          m.awayShots = m.awayShotsOnTarget * 3;
        }
        matches.push(m);
      }
    });
  }
  return { matches, teams: perSeason, params: { intercept, home, rho } };
}

const round2 = (x: number) => Math.max(1.01, Math.round(x * 100) / 100);
