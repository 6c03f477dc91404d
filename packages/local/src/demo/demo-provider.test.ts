import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProviderRejectedError, type ProviderFixture } from '@app/core/pipeline/providers';
import { knownTeam, RESEARCH_CLUBS } from '@app/adapters/leagues/teams';
import { DEMO_FLAG_ONLY_LEAGUE, DEMO_LEAGUES, demoLeague } from './demo-leagues.ts';
import { DEMO_LISTED, DemoProvider, LATE_MARKET, liveOdds } from './demo-provider.ts';
import { DemoWorld, seasonYearAt } from './demo-world.ts';
import { captureView } from '@app/core/predictions/value-flags';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = new Date('2026-11-22T12:00:00Z');
const LEAGUE_IDS = ['NSP', 'VLP', 'OSL'];
const clock = (at: Date) => {
  let t = at.getTime();
  return { now: () => new Date(t), set: (d: Date) => void (t = d.getTime()) };
};

async function window(demo: DemoProvider, from: Date, days: number): Promise<ProviderFixture[]> {
  const to = new Date(from.getTime() + days * DAY);
  return (await Promise.all(LEAGUE_IDS.map((l) => demo.fixtures(l, from, to)))).flat();
}

function correlation(xs: number[], ys: number[]): number {
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let sxy = 0,
    sxx = 0,
    syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe('DemoProvider: the world', () => {
  it('serves three fictional leagues of 20, 20 and 18 invented clubs', async () => {
    // Prepare
    const demo = new DemoProvider({ now: () => NOW });
    // Every club of ten real leagues, 2005-06 to 2022-23, as football-data.co.uk spells them.
    const realNames = new Set(
      Object.values(RESEARCH_CLUBS)
        .flat()
        .map((name) => name.toLowerCase()),
    );
    expect(realNames.size).toBeGreaterThan(300);

    // Act
    const leagues = await demo.leagues();

    // Assess
    expect(leagues).toEqual([
      { id: 'NSP', name: 'Northshire Premier', country: 'Northshire' },
      { id: 'VLP', name: 'Valdoria Primera', country: 'Valdoria' },
      { id: 'OSL', name: 'Ostmark Liga', country: 'Ostmark' },
    ]);
    const clubs = DEMO_LEAGUES.flatMap((l) => l.clubs);
    expect(DEMO_LEAGUES.map((l) => l.clubs.length)).toEqual([20, 20, 18]);
    expect(new Set(clubs).size).toBe(58);
    for (const club of clubs) {
      expect(knownTeam(club)).toBeUndefined();
      expect(realNames.has(club.toLowerCase())).toBe(false);
    }
  });

  it('builds the same fixtures, results and odds from the same seed, and another world from another seed', async () => {
    // Prepare
    const a = new DemoProvider({ seed: 42, now: () => NOW });
    const b = new DemoProvider({ seed: 42, now: () => NOW });
    const c = new DemoProvider({ seed: 43, now: () => NOW });
    const from = new Date(NOW.getTime() - 30 * DAY);

    // Act
    const fa = await window(a, from, 37);
    const fb = await window(b, from, 37);
    const fc2 = await window(c, from, 37);

    // Assess
    expect(fb).toEqual(fa);
    expect(await b.odds('NSP', fb)).toEqual(await a.odds('NSP', fa));
    expect(await b.history('VLP', NOW)).toEqual(await a.history('VLP', NOW));
    expect(fc2.map((f) => f.id)).not.toEqual(fa.map((f) => f.id));
  });

  it('keeps the world of a seed fixed across processes and releases (golden values)', async () => {
    // Prepare
    const demo = new DemoProvider({ seed: 'golden', now: () => NOW });

    // Act
    const fixtures = await demo.fixtures('NSP', new Date('2026-11-20T00:00:00Z'), new Date('2026-11-22T00:00:00Z'));
    const odds = await demo.odds('NSP', fixtures.slice(0, 1));

    // Assess: a change here changes every stored demo fixture; do it on purpose or not at all.
    expect(fixtures.slice(0, 2).map((f) => [f.id, f.kickoff, f.score])).toEqual([
      ['demo-NSP-2026-27-r15-upperford-town-greywater-albion', '2026-11-20T19:45:00.000Z', { home: 1, away: 2 }],
      ['demo-NSP-2026-27-r15-thornbury-vale-coldwater-town', '2026-11-21T12:30:00.000Z', { home: 5, away: 1 }],
    ]);
    const played = odds.get(fixtures[0]!.id)!;
    expect(played).toMatchObject({
      best: { home: 2.79, draw: 3.56, away: 2.51, over25: 2.23, under25: 1.68 },
      bestBookmakers: { home: 'Crown & Anchor', draw: 'Velox', away: 'Northbet', over25: 'Northbet', under25: 'Velox' },
      average: { home: 2.77, draw: 3.5, away: 2.48, over25: 2.19, under25: 1.66 },
      capturedAt: '2026-11-19T19:45:00.000Z',
    });
    // each book's own quote, as captured, and the sharp book's prices
    expect(played.quotes!.map((q) => [q.key, q.updatedAt, q.prices.home])).toEqual([
      ['northbet', '2026-11-19T19:45:00.000Z', 2.78],
      ['crown-anchor', '2026-11-19T19:45:00.000Z', expect.any(Number)],
      ['velox', '2026-11-19T19:45:00.000Z', expect.any(Number)],
      ['stakewell', '2026-11-19T19:45:00.000Z', expect.any(Number)],
      ['meridian-odds', '2026-11-19T19:45:00.000Z', expect.any(Number)],
      ['fenwick-sports', '2026-11-19T19:45:00.000Z', expect.any(Number)],
    ]);
    expect(Object.keys(played.sharp!)).toEqual(['home', 'draw', 'away', 'over25', 'under25']);
  });

  it('has at least 19 fixtures in the next 7 days (two leagues playing) and played matches in the previous 30 days of any date', async () => {
    // Prepare
    const c = clock(NOW);
    const demo = new DemoProvider({ now: c.now });
    const dates = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true });
    const decades = fc.date({ min: new Date('2003-01-01T00:00:00Z'), max: new Date('2099-01-01T00:00:00Z'), noInvalidDate: true });

    // Act + Assess
    for (const arbitrary of [dates, decades]) {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (at) => {
          c.set(at);
          const next = await window(demo, at, 7);
          const played = (await window(demo, new Date(at.getTime() - 30 * DAY), 30)).filter((f) => f.status === 'finished');
          expect(next.length).toBeGreaterThanOrEqual(19);
          expect(played.length).toBeGreaterThan(0);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('reveals a result only 2 h after kickoff: scheduled, then live, then finished with score and shots', async () => {
    // Prepare
    const c = clock(NOW);
    const demo = new DemoProvider({ now: c.now });
    const [target] = await demo.fixtures('NSP', NOW, new Date(NOW.getTime() + 7 * DAY));
    const kickoff = Date.parse(target!.kickoff);
    const read = async () => (await demo.fixtures('NSP', new Date(kickoff), new Date(kickoff))).find((f) => f.id === target!.id)!;

    // Act
    c.set(new Date(kickoff - 60_000));
    const before = await read();
    c.set(new Date(kickoff + HOUR + 59 * 60_000));
    const during = await read();
    c.set(new Date(kickoff + 2 * HOUR));
    const after = await read();

    // Assess
    expect(before).toMatchObject({ status: 'scheduled' });
    expect(before.score).toBeUndefined();
    expect(during).toMatchObject({ status: 'live' });
    expect(during.score).toBeUndefined();
    expect(after.status).toBe('finished');
    expect(after.score).toEqual({ home: expect.any(Number), away: expect.any(Number) });
    expect(after.stats!.homeShotsOnTarget!).toBeGreaterThanOrEqual(after.score!.home);
    expect(after.stats!.homeShots!).toBeGreaterThanOrEqual(after.stats!.homeShotsOnTarget!);
  });

  it('plays each season as a double round robin at weekend slots after the summer break, venues alternating', () => {
    // Prepare
    const demo = new DemoProvider();

    // Act
    const season = demo.world.season(demoLeague('OSL')!, 2026);

    // Assess
    expect(season.label).toBe('2026-27');
    expect(season.matches).toHaveLength(306);
    const played = new Map<string, number>();
    const home = new Map<string, number>();
    const pairs = new Map<string, number>();
    const venues = new Map<string, string>();
    for (const m of season.matches) {
      for (const t of [m.home, m.away]) played.set(t, (played.get(t) ?? 0) + 1);
      home.set(m.home, (home.get(m.home) ?? 0) + 1);
      venues.set(m.home, (venues.get(m.home) ?? '') + 'H');
      venues.set(m.away, (venues.get(m.away) ?? '') + 'A');
      const key = [m.home, m.away].sort().join('|');
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
      const d = new Date(m.kickoffMs);
      expect([5, 6, 0]).toContain(d.getUTCDay());
      expect(d.getUTCHours()).toBeGreaterThanOrEqual(11);
      expect(d.getUTCHours()).toBeLessThanOrEqual(20);
      expect(m.kickoffMs).toBeGreaterThanOrEqual(season.startMs + 18 * 7 * DAY);
      expect(m.kickoffMs).toBeLessThan(season.endMs);
    }
    expect([...played.values()].every((n) => n === 34)).toBe(true);
    expect([...home.values()].every((n) => n === 17)).toBe(true);
    expect(pairs.size).toBe(153);
    expect([...pairs.values()].every((n) => n === 2)).toBe(true);
    // never three home or three away matches in a row, and mostly a switch from one round to the next
    for (const v of venues.values()) {
      expect(v).not.toMatch(/HHH|AAA/);
      expect((v.match(/HH|AA/g) ?? []).length).toBeLessThanOrEqual(4);
    }
    expect(new Set(season.matches.map((m) => m.id)).size).toBe(306);
    expect(season.matches[0]!.id).toMatch(/^demo-OSL-2026-27-r01-[a-z0-9-]+$/);
  });
});

describe('DemoProvider: a world that looks like real leagues', () => {
  // The targets, from ten seasons' worth of five real leagues (England, Spain, Germany, Italy,
  // France, 2005-06 to 2022-23): docs/decisions/0330-a-demo-world-that-looks-like-football.md.
  it('scores, draws and ends seasons as real leagues do, over many seeds', () => {
    // Prepare
    const seeds = Array.from({ length: 10 }, (_, i) => `looks-real-${i}`);

    // Act
    const stats = DEMO_LEAGUES.map((league) => {
      let n = 0,
        sixPlus = 0,
        goalless = 0,
        homeWins = 0,
        draws = 0,
        goals = 0;
      const champion: number[] = [];
      const bottom: number[] = [];
      seeds.forEach((seed, i) => {
        const season = new DemoWorld(seed, 1).season(league, 2010 + i);
        const points = new Map(league.clubs.map((c) => [c, 0]));
        for (const m of season.matches) {
          const total = m.homeGoals + m.awayGoals;
          n += 1;
          goals += total;
          sixPlus += total >= 6 ? 1 : 0;
          goalless += total === 0 ? 1 : 0;
          homeWins += m.homeGoals > m.awayGoals ? 1 : 0;
          draws += m.homeGoals === m.awayGoals ? 1 : 0;
          const [h, a] = m.homeGoals > m.awayGoals ? [3, 0] : m.homeGoals === m.awayGoals ? [1, 1] : [0, 3];
          points.set(m.home, points.get(m.home)! + h);
          points.set(m.away, points.get(m.away)! + a);
        }
        champion.push(Math.max(...points.values()));
        bottom.push(Math.min(...points.values()));
      });
      const mean = (xs: number[]) => xs.reduce((t, x) => t + x, 0) / xs.length;
      const games = 2 * (league.clubs.length - 1);
      return {
        id: league.id,
        sixPlus: sixPlus / n,
        goalless: goalless / n,
        homeWins: homeWins / n,
        draws: draws / n,
        goals: goals / n,
        champion: mean(champion) / games,
        bottom: mean(bottom) / games,
      };
    });

    // Assess: each league within the real leagues' range (points per game: 38 or 34 games)
    for (const s of stats) {
      expect(s.sixPlus, s.id).toBeGreaterThanOrEqual(0.035);
      expect(s.sixPlus, s.id).toBeLessThanOrEqual(0.09);
      expect(s.goalless, s.id).toBeGreaterThanOrEqual(0.05);
      expect(s.goalless, s.id).toBeLessThanOrEqual(0.1);
      expect(s.homeWins, s.id).toBeGreaterThanOrEqual(0.42);
      expect(s.homeWins, s.id).toBeLessThanOrEqual(0.49);
      expect(s.draws, s.id).toBeGreaterThanOrEqual(0.21);
      expect(s.draws, s.id).toBeLessThanOrEqual(0.29);
      expect(s.goals, s.id).toBeGreaterThanOrEqual(2.4);
      expect(s.goals, s.id).toBeLessThanOrEqual(3.1);
      // champions on 76-95 points of 114, bottom sides on 18-32 (34 games: 68-85 and 16-29)
      expect(s.champion, s.id).toBeGreaterThanOrEqual(2.0);
      expect(s.champion, s.id).toBeLessThanOrEqual(2.5);
      expect(s.bottom, s.id).toBeGreaterThanOrEqual(0.47);
      expect(s.bottom, s.id).toBeLessThanOrEqual(0.84);
    }
  });

  it('prices as real books do: near each other, a value flag now and then, an arbitrage rarely', () => {
    // Prepare: the matches of a month, each read five times over its last four days
    const demo = new DemoProvider({ now: () => NOW });
    const matches = DEMO_LEAGUES.flatMap((l) =>
      demo.world.season(l, seasonYearAt(l, NOW.getTime())).matches.filter((m) => m.kickoffMs > NOW.getTime() && m.kickoffMs < NOW.getTime() + 30 * DAY),
    );
    expect(matches.length).toBeGreaterThan(60);

    // Act
    let reads = 0,
      flagged = 0,
      arbitrages = 0,
      spread = 0;
    for (const m of matches) {
      for (let h = 12; h <= 96; h += 21) {
        const at = new Date(m.kickoffMs - h * HOUR);
        const odds = liveOdds(demo.world.seed, m, at.getTime());
        reads += 1;
        flagged += captureView(odds, at, DEMO_LISTED).flags.length > 0 ? 1 : 0;
        const b = odds.best;
        arbitrages += 1 / b.home! + 1 / b.draw! + 1 / b.away! < 1 || 1 / b.over25! + 1 / b.under25! < 1 ? 1 : 0;
        const homes = odds.quotes!.map((q) => q.prices.home!);
        spread += Math.max(...homes) / Math.min(...homes) - 1;
      }
    }

    // Assess: books a few per cent apart; a flag on one read in a hundred to one in five (the rule in force flags 1X2 from a 1 %
    // edge: 1,512 of 10,598 real matches, 14 %, in its evaluation, docs/decisions/0310-a-value-rule-chosen-for-what-a-subscriber-earns.md);
    // arbitrages rarer still, under one in a hundred
    expect(spread / reads).toBeLessThan(0.04);
    expect(flagged / reads).toBeGreaterThan(0.01);
    expect(flagged / reads).toBeLessThan(0.2);
    expect(arbitrages).toBeLessThan(flagged);
    expect(arbitrages / reads).toBeLessThan(0.01);
  });
});

describe('DemoProvider: history and odds', () => {
  it('returns three complete previous seasons and the played part of the current one, with pre-kickoff odds', async () => {
    // Prepare
    const demo = new DemoProvider({ now: () => NOW });

    // Act
    const history = await demo.history('NSP', NOW);

    // Assess
    const bySeason = new Map<string, number>();
    for (const h of history) bySeason.set(h.season!, (bySeason.get(h.season!) ?? 0) + 1);
    const current = seasonYearAt(demoLeague('NSP')!, NOW.getTime());
    expect([...bySeason.keys()]).toEqual([current - 3, current - 2, current - 1, current].map((y) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`));
    expect([...bySeason.values()].slice(0, 3)).toEqual([380, 380, 380]);
    expect(bySeason.get(`${current}-${String((current + 1) % 100).padStart(2, '0')}`)).toBeGreaterThan(0);
    expect(history.every((h) => Date.parse(h.date) + 2 * HOUR <= NOW.getTime())).toBe(true);
    expect(history.every((h) => h.odds && Object.keys(h.odds).length === 5)).toBe(true);
    expect(history.every((h, i) => i === 0 || history[i - 1]!.date <= h.date)).toBe(true);
  });

  it('prices with about a 5 % margin on 1X2 and 6 % on over/under on average, best above average', async () => {
    // Prepare
    const demo = new DemoProvider({ now: () => NOW });
    const fixtures = await demo.fixtures('NSP', new Date(NOW.getTime() - 365 * DAY), NOW);

    // Act
    const odds = await demo.odds('NSP', fixtures);

    // Assess
    expect(odds.size).toBe(fixtures.length);
    const book = (o: Record<string, number | undefined>, keys: string[]) => keys.reduce((s, k) => s + 1 / o[k]!, 0);
    const avg1x2 = [...odds.values()].map((o) => book(o.average, ['home', 'draw', 'away']));
    const avgOu = [...odds.values()].map((o) => book(o.average, ['over25', 'under25']));
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(avg1x2)).toBeGreaterThan(1.04);
    expect(mean(avg1x2)).toBeLessThan(1.065);
    expect(mean(avgOu)).toBeGreaterThan(1.05);
    expect(mean(avgOu)).toBeLessThan(1.075);
    expect(avg1x2.every((x) => x > 1.0 && x < 1.12)).toBe(true);
    for (const o of odds.values()) {
      for (const k of ['home', 'draw', 'away', 'over25', 'under25'] as const) expect(o.best[k]!).toBeGreaterThanOrEqual(o.average[k]!);
      expect(book(o.best, ['home', 'draw', 'away'])).toBeGreaterThan(0.98);
    }
  });

  it('closes each played match at prices nearer the truth than its opening ones, and gives none before kickoff', async () => {
    // Prepare
    const demo = new DemoProvider({ now: () => NOW });
    const fixtures = await demo.fixtures('NSP', new Date(NOW.getTime() - 120 * DAY), new Date(NOW.getTime() + 7 * DAY));
    const played = fixtures.filter((f) => Date.parse(f.kickoff) <= NOW.getTime());

    // Act
    const [opening, closing] = await Promise.all([demo.odds('NSP', played), demo.closingOdds('NSP', fixtures)]);

    // Assess: the average's implied home probability, margin removed, against the hidden truth.
    expect([...closing.keys()]).toEqual(played.map((f) => f.id));
    const error = (o: { home?: number; draw?: number; away?: number }, id: string) => {
      const truth = demo.world.season(demoLeague('NSP')!, Number(id.split('-')[2])).byId.get(id)!.truth.home;
      const book = 1 / o.home! + 1 / o.draw! + 1 / o.away!;
      return Math.abs(1 / o.home! / book - truth);
    };
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(played.map((f) => error(closing.get(f.id)!.average!, f.id)))).toBeLessThan(
      0.7 * mean(played.map((f) => error(opening.get(f.id)!.average, f.id))),
    );
    expect(closing.get(played[0]!.id)!.capturedAt).toBe(new Date(Date.parse(played[0]!.kickoff) - 60_000).toISOString());
  });

  it('with late markets, prices a quarter of the matches only from two days before kickoff; the rest as without', async () => {
    // Prepare: the fixtures of the week ahead
    const usual = new DemoProvider({ now: () => NOW });
    const late = new DemoProvider({ now: () => NOW, lateMarkets: true });
    const fixtures = (await Promise.all(DEMO_LEAGUES.map((l) => usual.fixtures(l.id, NOW, new Date(NOW.getTime() + 7 * DAY))))).flat();

    // Act
    const priced = new Map<string, unknown>();
    const everything = new Map<string, unknown>();
    for (const l of DEMO_LEAGUES) {
      const ofLeague = fixtures.filter((f) => f.leagueId === l.id);
      for (const [id, o] of await late.odds(l.id, ofLeague)) priced.set(id, o);
      for (const [id, o] of await usual.odds(l.id, ofLeague)) everything.set(id, o);
    }

    // Assess: within two days of kickoff every match is priced; beyond, some are not yet, and the priced ones are priced alike
    const unpriced = fixtures.filter((f) => !priced.has(f.id));
    expect(fixtures.filter((f) => Date.parse(f.kickoff) - NOW.getTime() <= LATE_MARKET.leadMs).every((f) => priced.has(f.id))).toBe(true);
    expect(unpriced.length).toBeGreaterThan(0);
    expect(unpriced.length).toBeLessThan(fixtures.length / 2);
    for (const [id, o] of priced) expect(o).toEqual(everything.get(id));
    expect(everything.size).toBe(fixtures.length);
    // once its market opens, the match is priced
    const first = unpriced[0]!;
    const then = new DemoProvider({ now: () => new Date(Date.parse(first.kickoff) - LATE_MARKET.leadMs), lateMarkets: true });
    expect((await then.odds(first.leagueId, [first])).has(first.id)).toBe(true);
  });

  it('prices only its own fixtures, captured a day before kickoff and never after now', async () => {
    // Prepare
    const demo = new DemoProvider({ now: () => NOW });
    const [past] = await demo.fixtures('NSP', new Date(NOW.getTime() - 7 * DAY), NOW);
    const soon = (await demo.fixtures('NSP', NOW, new Date(NOW.getTime() + 7 * DAY))).at(-1)!;

    // Act
    const odds = await demo.odds('NSP', [past!, soon, { ...soon, id: 'fdo-1' }, { ...soon, id: soon.id.replace('-r', '-x') }]);

    // Assess
    expect([...odds.keys()]).toEqual([past!.id, soon.id]);
    expect(odds.get(past!.id)!.capturedAt).toBe(new Date(Date.parse(past!.kickoff) - DAY).toISOString());
    expect(odds.get(soon.id)!.capturedAt).toBe(NOW.toISOString());
  });

  it('simulates goals that follow the hidden strengths, with a visible home advantage', () => {
    // Prepare
    const demo = new DemoProvider({ seed: 'strengths' });
    const attack: number[] = [],
      scored: number[] = [],
      defence: number[] = [],
      conceded: number[] = [];
    let homeGoals = 0,
      awayGoals = 0,
      homeWins = 0,
      awayWins = 0,
      expected = 0,
      actual = 0,
      n = 0;

    // Act
    for (const league of DEMO_LEAGUES) {
      for (let y = 2020; y <= 2025; y++) {
        const season = demo.world.season(league, y);
        for (const s of season.strengths) {
          const games = season.matches.filter((m) => m.home === s.team || m.away === s.team);
          attack.push(s.attack);
          defence.push(s.defence);
          scored.push(games.reduce((t, m) => t + (m.home === s.team ? m.homeGoals : m.awayGoals), 0) / games.length);
          conceded.push(games.reduce((t, m) => t + (m.home === s.team ? m.awayGoals : m.homeGoals), 0) / games.length);
        }
        for (const m of season.matches) {
          homeGoals += m.homeGoals;
          awayGoals += m.awayGoals;
          homeWins += m.homeGoals > m.awayGoals ? 1 : 0;
          awayWins += m.homeGoals < m.awayGoals ? 1 : 0;
          expected += m.lambda + m.mu;
          actual += m.homeGoals + m.awayGoals;
          n += 1;
        }
      }
    }

    // Assess
    expect(correlation(attack, scored)).toBeGreaterThan(0.6);
    expect(correlation(defence, conceded)).toBeLessThan(-0.6);
    expect(homeGoals / awayGoals).toBeGreaterThan(1.2);
    expect(homeWins / n).toBeGreaterThan(awayWins / n + 0.1);
    expect(Math.abs(actual / expected - 1)).toBeLessThan(0.03);
  });

  it('rejects a league it does not have', async () => {
    const demo = new DemoProvider();
    await expect(demo.fixtures('E0', NOW, NOW)).rejects.toBeInstanceOf(ProviderRejectedError);
  });
});

describe('DemoProvider: the league without a forecast (docs/decisions/0297-results-for-flag-only-leagues.md)', () => {
  it('is no forecast league: the odds feed lists its fixtures, priced by the sharp book and the six listed books, a flag now and then', async () => {
    const demo = new DemoProvider({ now: () => NOW });
    expect((await demo.leagues()).map((l) => l.id)).toEqual(LEAGUE_IDS);
    expect(DEMO_FLAG_ONLY_LEAGUE).toMatchObject({ id: 'LDM', name: 'Lindmark Division', country: 'Lindmark' });
    const reach = new Date(NOW.getTime() + 3 * DAY);
    const events = await demo.events('LDM', NOW, reach);
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.every((f) => f.leagueId === 'LDM' && f.status === 'scheduled' && f.score === undefined)).toBe(true);
    expect(new Set(events.flatMap((f) => [f.homeTeam, f.awayTeam])).size).toBe(2 * events.length);
    // a forecast league's fixtures are not the feed's to list
    expect(await demo.events('NSP', NOW, reach)).toEqual([]);
    const odds = await demo.odds('LDM', events);
    expect([...odds.keys()]).toEqual(events.map((f) => f.id));
    for (const o of odds.values()) {
      expect(o.sharp).toMatchObject({ home: expect.any(Number), draw: expect.any(Number), away: expect.any(Number) });
      expect(o.quotes!.map((q) => q.key)).toEqual(DEMO_LISTED.map((b) => b.key));
    }
    // a flag on some reads of its matches over a month, as in the other leagues
    const matches = demo.world
      .season(DEMO_FLAG_ONLY_LEAGUE, seasonYearAt(DEMO_FLAG_ONLY_LEAGUE, NOW.getTime()))
      .matches.filter((m) => m.kickoffMs > NOW.getTime() && m.kickoffMs < NOW.getTime() + 30 * DAY);
    const reads = matches.flatMap((m) =>
      [12, 36, 60].map((h) => captureView(liveOdds(demo.world.seed, m, m.kickoffMs - h * HOUR), new Date(m.kickoffMs - h * HOUR), DEMO_LISTED)),
    );
    expect(reads.filter((v) => v.flags.length > 0).length).toBeGreaterThan(0);
  });

  it('reports its results as the feed does: live from kickoff, finished with the score 2 h after; none of a forecast league', async () => {
    const c = clock(NOW);
    const demo = new DemoProvider({ now: c.now });
    const [target] = await demo.events('LDM', NOW, new Date(NOW.getTime() + 7 * DAY));
    const kickoff = Date.parse(target!.kickoff);
    const read = async () => (await demo.results('LDM', 1)).find((f) => f.id === target!.id);

    c.set(new Date(kickoff - 60_000));
    expect(await read()).toBeUndefined();
    c.set(new Date(kickoff + HOUR));
    expect(await read()).toMatchObject({ status: 'live' });
    c.set(new Date(kickoff + 2 * HOUR));
    const played = (await demo.fixtures('LDM', new Date(kickoff), new Date(kickoff))).find((f) => f.id === target!.id)!;
    expect(await read()).toMatchObject({ status: 'finished', score: played.score });
    // out of the days asked, and never a forecast league's
    c.set(new Date(kickoff + 2 * DAY));
    expect(await read()).toBeUndefined();
    expect((await demo.results('LDM', 3)).map((f) => f.id)).toContain(target!.id);
    expect(await demo.results('NSP', 3)).toEqual([]);
  });

  it('plays from late July to February, a winter league: in season in December, off in spring; a match always within 72 hours in season', async () => {
    const demo = new DemoProvider({ now: () => NOW });
    const inWeek = async (from: string) => (await demo.events('LDM', new Date(from), new Date(Date.parse(from) + 7 * DAY))).length;
    expect(await inWeek('2026-12-08T00:00:00Z')).toBe(8);
    expect(await inWeek('2026-08-04T00:00:00Z')).toBe(8);
    expect(await inWeek('2027-02-09T00:00:00Z')).toBe(8);
    expect(await inWeek('2026-03-10T00:00:00Z')).toBe(0);
    expect(await inWeek('2026-06-02T00:00:00Z')).toBe(0);
    // in season, one of its fixtures is always within the odds scan's 72 hours (a match midweek too)
    for (let at = Date.parse('2026-12-08T00:00:00Z'); at < Date.parse('2026-12-22T00:00:00Z'); at += 6 * HOUR) {
      expect((await demo.events('LDM', new Date(at), new Date(at + 72 * HOUR))).length, new Date(at).toISOString()).toBeGreaterThan(0);
    }
  });
});
