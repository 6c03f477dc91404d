import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickMarkets } from './grid.ts';
import {
  closingLineOf,
  DEFAULT_MEMORY,
  expectedGoalsOf,
  leagueMemory,
  lineOfOdds,
  MarketMemory,
  memorySeasonGoals,
  memoryWalkForward,
  type MemoryMatch,
} from './market-memory.ts';
import type { MatchOdds, MatchRecord } from './types.ts';

const CLUBS = ['Ayr', 'Bury', 'Cove', 'Deal', 'Eton', 'Fife'];
const STRENGTH: Record<string, number> = { Ayr: 0.3, Bury: 0.15, Cove: 0, Deal: 0, Eton: -0.15, Fife: -0.3 };

/** A synthetic league of six clubs: closes priced from the true grid (log mean c + h + s[home] - s[away]), a round a week. */
function league(
  opts: { code?: string; season?: string; start?: string; rounds?: number; teams?: string[]; strength?: Record<string, number> } = {},
): MemoryMatch[] {
  const teams = opts.teams ?? CLUBS;
  const strength = opts.strength ?? STRENGTH;
  const start = Date.parse(`${opts.start ?? '2020-08-01'}T00:00:00Z`);
  const out: MemoryMatch[] = [];
  for (let r = 0; r < (opts.rounds ?? 10); r++) {
    const date = new Date(start + r * 7 * 86_400_000).toISOString().slice(0, 10);
    for (let k = 0; k < 3; k++) {
      const home = teams[(r + k) % 6]!,
        away = teams[(r + 5 - k) % 6]!;
      const lh = Math.exp(Math.log(1.3) + 0.25 + strength[home]! - strength[away]!);
      const la = Math.exp(Math.log(1.3) + strength[away]! - strength[home]!);
      const q = quickMarkets(lh, la, DEFAULT_MEMORY.rho);
      out.push({ league: opts.code ?? 'X1', season: opts.season ?? '2020-21', date, home, away, close: { x1: [q[0], q[1], q[2]], over: q[3] } });
    }
  }
  return out;
}

describe('expectedGoalsOf', () => {
  it('round-trips the closing line it came from', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.3, max: 3.5, noNaN: true }), fc.double({ min: 0.3, max: 3.5, noNaN: true }), (lh, la) => {
        const q = quickMarkets(lh, la, DEFAULT_MEMORY.rho);
        const line = { x1: [q[0], q[1], q[2]] as const, over: q[3] };
        const g = expectedGoalsOf(line);
        const back = quickMarkets(g.home, g.away, DEFAULT_MEMORY.rho);
        expect(back[0] - back[2]).toBeCloseTo(q[0] - q[2], 8);
        expect(back[3]).toBeCloseTo(q[3], 8);
        expect(g.home).toBeCloseTo(lh, 5);
        expect(g.away).toBeCloseTo(la, 5);
      }),
      { numRuns: 200 },
    );
  });

  it('reads Pinnacle closing first, then the closing average, then pre-closing prices', () => {
    const pin = { home: 2, draw: 3.4, away: 4 };
    const avg = { home: 2.5, draw: 3.2, away: 3 };
    const ou = { over: 1.9, under: 2 };
    expect(closingLineOf({ closing: { ps: pin, psOU: ou, avg }, pre: {}, preOU: {} })!.x1[0]).toBeGreaterThan(0.45);
    expect(closingLineOf({ closing: { avg, avgOU: ou }, pre: { ps: pin }, preOU: {} })!.x1[0]).toBeLessThan(0.4);
    expect(closingLineOf({ closing: {}, pre: { ps: pin }, preOU: { avg: ou } })!.over).toBeCloseTo(2 / 3.9, 12);
    expect(closingLineOf({ closing: { ps: pin }, pre: {}, preOU: {} })).toBeUndefined();
  });
});

describe('MarketMemory', () => {
  it('recovers the strengths the closes were priced from', () => {
    const ms = league();
    const mem = new MarketMemory({ ...DEFAULT_MEMORY, ridge: 1e-4, homeRidge: 1e-4 });
    for (const m of ms) mem.ingest(m);
    const r = mem.ratings('X1', 18_600);
    const t = r.teams;
    expect(t.Ayr!.att + t.Ayr!.def - t.Fife!.att - t.Fife!.def).toBeCloseTo(1.2, 2);
    expect(t.Bury!.att + t.Bury!.def - t.Eton!.att - t.Eton!.def).toBeCloseTo(0.6, 2);
    expect(r.home).toBeCloseTo(0.25, 2);
    expect(Math.exp(r.c + r.home + t.Cove!.att - t.Deal!.def)).toBeCloseTo(1.3 * Math.exp(0.25), 2);
  });

  it("raises a club's rating after prices that rate it higher", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.3, noNaN: true }), fc.integer({ min: 0, max: 5 }), (lift, which) => {
        const base = league({ rounds: 8 });
        const team = ['Ayr', 'Bury', 'Cove', 'Deal', 'Eton', 'Fife'][which]!;
        const strong = { ...STRENGTH, [team]: STRENGTH[team]! + lift };
        const later = league({ rounds: 2, start: '2020-09-26', strength: strong });
        const plain = league({ rounds: 2, start: '2020-09-26' });
        const fit = (extra: MemoryMatch[]) => {
          const mem = new MarketMemory();
          for (const m of [...base, ...extra]) mem.ingest(m);
          const r = mem.ratings('X1', 18_550).teams[team]!;
          return r.att + r.def;
        };
        expect(fit(later)).toBeGreaterThan(fit(plain));
      }),
      { numRuns: 20 },
    );
  });

  it('is deterministic and ignores the order of a day', () => {
    const ms = [...league({ season: '2019-20', start: '2019-08-03' }), ...league({ season: '2020-21', start: '2020-08-01' })];
    const shuffled = [...ms].reverse();
    const a = memoryWalkForward(ms, (m) => m.season === '2020-21');
    const b = memoryWalkForward(shuffled, (m) => m.season === '2020-21');
    expect(a.size).toBe(30);
    for (const [i, f] of a) expect(b.get(ms.length - 1 - i)).toEqual(f);
  });

  it("never reads a fixture's own close, nor any close younger than the memory's age", () => {
    const ms = league();
    const blanked = ms.map((m, i) => (i >= 12 ? { ...m, close: { x1: [0.9, 0.06, 0.04] as const, over: 0.9 } } : m));
    const day = (m: MemoryMatch) => m.date;
    const cut = ms[12]!.date;
    const base = memoryWalkForward(ms, (m) => day(m) === cut);
    const changed = memoryWalkForward(blanked, (m) => day(m) === cut);
    expect([...changed]).toEqual([...base]);
    const week = ms[15]!.date;
    const aged = { ...DEFAULT_MEMORY, minAgeDays: 8 };
    expect([...memoryWalkForward(blanked, (m) => day(m) === week, aged)]).toEqual([...memoryWalkForward(ms, (m) => day(m) === week, aged)]);
    expect([...memoryWalkForward(blanked, (m) => day(m) === week)]).not.toEqual([...memoryWalkForward(ms, (m) => day(m) === week)]);
  });

  it("reads a season's remaining fixtures from the ratings of the simulation's day, however far ahead they are", () => {
    const mem = new MarketMemory();
    for (const m of league()) mem.ingest(m);
    const today = '2020-10-10';
    const goals = memorySeasonGoals(mem, 'X1', '2020-21', today);
    const near = goals({ home: 'Ayr', away: 'Fife', kickoff: '2020-10-10T15:00:00Z' });
    const far = goals({ home: 'Ayr', away: 'Fife', kickoff: '2021-04-10T15:00:00Z' });
    expect(far).toEqual(near);
    // The strong side is expected to score more, as the closes priced it.
    expect(near.home).toBeGreaterThan(2 * near.away);
    // Weighted from its own day six months on, every close has faded toward the priors: not what a simulation wants.
    const faded = mem.forecast({ league: 'X1', season: '2020-21', date: '2021-04-10', home: 'Ayr', away: 'Fife' });
    expect(faded.home / faded.away).toBeLessThan(near.home / near.away);
  });

  it("carries a relegated club's rating into the league below, relative to earlier movers", () => {
    // two leagues, five seasons: each summer the weakest club of the top league swaps with the strongest below;
    // the bottom league's clubs are 0.4 weaker (as priced against each other, the same closes)
    const matches: MemoryMatch[] = [];
    let top = CLUBS.map((t) => `Top ${t}`);
    let bottom = CLUBS.map((t) => `Low ${t}`);
    const strength: Record<string, number> = {};
    top.forEach((t, i) => (strength[t] = STRENGTH[CLUBS[i]!]!));
    bottom.forEach((t, i) => (strength[t] = STRENGTH[CLUBS[i]!]!));
    for (let s = 0; s < 5; s++) {
      const season = `${2016 + s}-${String(17 + s).padStart(2, '0')}`;
      if (s > 0) {
        const down = top[5]!,
          up = bottom[0]!;
        top = [up, ...top.slice(0, 5)];
        bottom = [...bottom.slice(1), down];
        // within its new league the relegated club is the strongest, the promoted one the weakest
        strength[down] = 0.35;
        strength[up] = -0.35;
      }
      matches.push(...league({ code: 'T1', season, start: `${2016 + s}-08-06`, teams: top, strength }));
      matches.push(...league({ code: 'T2', season, start: `${2016 + s}-08-06`, teams: bottom, strength }));
    }
    matches.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const mem = new MarketMemory();
    for (const m of matches) mem.ingest(m);
    // the next relegated club, before it has played in the league below: the earlier movers' shift says it is strong
    const relegated = top[5]!;
    const rival = bottom[3]!;
    const f = mem.forecast({ league: 'T2', season: '2021-22', date: '2021-08-07', home: relegated, away: rival });
    // a club from outside the leagues held gets the newcomers' mean instead
    const u = mem.forecast({ league: 'T2', season: '2021-22', date: '2021-08-07', home: 'Stranger', away: rival });
    expect(f.p[0]).toBeGreaterThan(u.p[0] + 0.1);
    expect(f.p[0]).toBeGreaterThan(0.5);
  });
});

describe('leagueMemory (the product reads the stored history)', () => {
  /** Prices with a margin from a fair line. */
  const priced = (m: MemoryMatch): MatchOdds => ({
    home: 1 / (m.close!.x1[0] * 1.05),
    draw: 1 / (m.close!.x1[1] * 1.05),
    away: 1 / (m.close!.x1[2] * 1.05),
    over25: 1 / (m.close!.over * 1.04),
    under25: 1 / ((1 - m.close!.over) * 1.04),
  });
  const played = league({ rounds: 8 });
  const record = (m: MemoryMatch, prices: Partial<Pick<MatchRecord, 'odds' | 'closingOdds'>>): MatchRecord => ({
    date: `${m.date}T15:00:00Z`,
    league: m.league,
    season: m.season,
    home: m.home,
    away: m.away,
    homeGoals: 1,
    awayGoals: 1,
    ...prices,
  });
  const fixture = { league: 'X1', season: '2020-21', date: '2020-09-26', home: 'Ayr', away: 'Fife' };

  it('reads the closing prices, else the last ones captured, of matches before the day it is asked for', () => {
    const line = lineOfOdds(priced(played[0]!))!;
    expect(line.over).toBeCloseTo(played[0]!.close!.over, 10);
    const closes = played.map((m) => record(m, { closingOdds: priced(m) }));
    const fromCloses = leagueMemory(closes, 'X1', fixture.date)!.forecast(fixture);
    // the last captured prices stand in for a close that was not stored
    const fromCaptured = leagueMemory(
      played.map((m) => record(m, { odds: priced(m) })),
      'X1',
      fixture.date,
    )!.forecast(fixture);
    expect(fromCaptured.p).toEqual(fromCloses.p.map((v) => expect.closeTo(v, 12)));
    expect(fromCloses.p[0]).toBeGreaterThan(fromCloses.p[2] + 0.3);
    // a close on the day asked for or later is never read (a fixture's own): wild prices there change nothing
    const wild = { home: 10, draw: 5, away: 1.2, over25: 3, under25: 1.3 };
    const own = record({ ...fixture, close: played[0]!.close! }, { closingOdds: wild });
    const later = record({ ...fixture, date: '2020-10-03', close: played[0]!.close! }, { closingOdds: wild });
    expect(leagueMemory([...closes, own, later], 'X1', fixture.date)!.forecast(fixture).p).toEqual(fromCloses.p);
    // another league's prices are not this league's memory
    expect(leagueMemory(closes, 'X2', fixture.date)).toBeUndefined();
  });

  it('is undefined for a league whose recent matches have no prices: it stays on our models', () => {
    expect(
      leagueMemory(
        played.map((m) => record(m, {})),
        'X1',
        fixture.date,
      ),
    ).toBeUndefined();
    const closes = played.map((m) => record(m, { closingOdds: priced(m) }));
    const long = DEFAULT_MEMORY.halfLifeDays * 12 + 60;
    const afar = new Date(Date.parse('2020-09-19T00:00:00Z') + long * 86_400_000).toISOString().slice(0, 10);
    expect(leagueMemory(closes, 'X1', afar)).toBeUndefined();
  });
});
