/**
 * The default provider when nothing is configured: three fictional leagues from a deterministic
 * world (demo-world.ts). Same seed, same fixtures, results and odds, in any process. A result
 * appears 2 h after kickoff (scheduled before kickoff, live until then), on the injected clock.
 * Odds come from six simulated bookmakers: the true probabilities blurred by noise, plus a
 * margin (about 5 % on 1X2, 6 % on over/under).
 */
import type { FixtureOdds, FixtureProvider, FixtureStatus, League, OddsProvider, ProviderFixture } from '@app/core/pipeline/providers';
import { ProviderRejectedError } from '@app/core/pipeline/providers';
import type { MarketOdds } from '@app/core/predictions/prediction';
import type { MatchRecord } from '@app/model/types';
import { DEMO_BOOKMAKERS, DEMO_LEAGUES, demoLeague, type DemoLeague } from './demo-leagues.ts';
import { DemoWorld, EPOCH_YEAR, seasonYearAt, type DemoMatch, type DemoSeason } from './demo-world.ts';
import { gaussian, rngFor } from './random.ts';
import { HOUR_MS } from '@app/core/clock';

export const DEMO_NAME = 'demo';

export interface DemoProviderOptions {
  /** World seed. Default 'demo'. */
  seed?: string | number;
  now?: () => Date;
  /** Complete seasons before the current one in `history()` (the current one's played part is added). Default 3. */
  historySeasons?: number;
  /** A result is published this long after kickoff. Default 2 h. */
  resultDelayMs?: number;
  /** Odds count as captured this long before kickoff (never later than now). Default 24 h. */
  oddsLeadMs?: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const price = (p: number, margin: number) => Math.max(1.01, round2(1 / (p * (1 + margin))));

/**
 * How far each bookmaker's view strays from the truth (1X2: log scale; O/U: logit): less at the
 * close, when the market has taken in the late news and the money.
 */
const VIEW_NOISE = { 'pre-kickoff': { x12: 0.025, ou: 0.08 }, closing: { x12: 0.01, ou: 0.03 } } as const;

/** Each simulated bookmaker's prices for a match (deterministic per seed and match), a day before kickoff or at the close. */
export function bookmakerPrices(seed: string, m: DemoMatch, timing: keyof typeof VIEW_NOISE = 'pre-kickoff'): MarketOdds[] {
  const noise = VIEW_NOISE[timing];
  return DEMO_BOOKMAKERS.map((b, i) => {
    const rng = timing === 'closing' ? rngFor(seed, m.id, 'closing', i) : rngFor(seed, m.id, 'odds', i);
    // Each bookmaker's view: the truth with log-scale noise, renormalised.
    const raw = [m.truth.home, m.truth.draw, m.truth.away].map((p) => p * Math.exp(noise.x12 * gaussian(rng)));
    const sum = raw[0]! + raw[1]! + raw[2]!;
    const margin1x2 = Math.max(0.02, b.margin1x2 + 0.004 * gaussian(rng));
    const logit = Math.log(m.truth.over25 / (1 - m.truth.over25)) + noise.ou * gaussian(rng);
    const over = 1 / (1 + Math.exp(-logit));
    const marginOu = Math.max(0.02, b.marginOu + 0.004 * gaussian(rng));
    return {
      home: price(raw[0]! / sum, margin1x2),
      draw: price(raw[1]! / sum, margin1x2),
      away: price(raw[2]! / sum, margin1x2),
      over25: price(over, marginOu),
      under25: price(1 - over, marginOu),
    };
  });
}

/** Best (highest) and average prices across the simulated bookmakers. */
export function marketOdds(seed: string, m: DemoMatch): { best: MarketOdds; average: MarketOdds } {
  const books = bookmakerPrices(seed, m);
  const best: MarketOdds = {};
  const average: MarketOdds = {};
  for (const k of ['home', 'draw', 'away', 'over25', 'under25'] as const) {
    const list = books.map((b) => b[k]!);
    best[k] = Math.max(...list);
    average[k] = round2(list.reduce((s, x) => s + x, 0) / list.length);
  }
  return { best, average };
}

export class DemoProvider implements FixtureProvider, OddsProvider {
  readonly name = DEMO_NAME;
  readonly world: DemoWorld;
  private readonly now: () => Date;
  private readonly historySeasons: number;
  private readonly resultDelayMs: number;
  private readonly oddsLeadMs: number;

  constructor(options: DemoProviderOptions = {}) {
    this.world = new DemoWorld(String(options.seed ?? 'demo'));
    this.now = options.now ?? (() => new Date());
    this.historySeasons = options.historySeasons ?? 3;
    this.resultDelayMs = options.resultDelayMs ?? 2 * HOUR_MS;
    this.oddsLeadMs = options.oddsLeadMs ?? 24 * HOUR_MS;
  }

  async leagues(): Promise<League[]> {
    return DEMO_LEAGUES.map((l) => ({ id: l.id, name: l.name, country: l.country }));
  }

  async fixtures(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]> {
    const league = this.league(leagueId);
    const now = this.now().getTime();
    const out: ProviderFixture[] = [];
    for (const season of this.seasonsBetween(league, from.getTime(), to.getTime())) {
      for (const m of season.matches) {
        if (m.kickoffMs >= from.getTime() && m.kickoffMs <= to.getTime()) out.push(this.toFixture(league, season, m, now));
      }
    }
    return out;
  }

  /** The current season's played matches and the `historySeasons` complete seasons before it, with average pre-kickoff odds. */
  async history(leagueId: string, before: Date): Promise<MatchRecord[]> {
    const league = this.league(leagueId);
    const current = seasonYearAt(league, before.getTime());
    const out: MatchRecord[] = [];
    for (let y = Math.max(EPOCH_YEAR, current - this.historySeasons); y <= current; y++) {
      const season = this.world.season(league, y);
      for (const m of season.matches) {
        if (m.kickoffMs + this.resultDelayMs > before.getTime()) continue;
        out.push({
          date: new Date(m.kickoffMs).toISOString(),
          league: league.id,
          season: season.label,
          home: m.home,
          away: m.away,
          homeGoals: m.homeGoals,
          awayGoals: m.awayGoals,
          homeShots: m.homeShots,
          awayShots: m.awayShots,
          homeShotsOnTarget: m.homeShotsOnTarget,
          awayShotsOnTarget: m.awayShotsOnTarget,
          odds: { ...marketOdds(this.world.seed, m).average },
        });
      }
    }
    return out;
  }

  async odds(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, FixtureOdds>> {
    const league = this.league(leagueId);
    const now = this.now().getTime();
    const out = new Map<string, FixtureOdds>();
    for (const f of fixtures) {
      const y = Number(f.season.slice(0, 4));
      if (!f.id.startsWith(`demo-${league.id}-`) || !Number.isInteger(y) || y < EPOCH_YEAR) continue;
      const m = this.world.season(league, y).byId.get(f.id);
      if (!m) continue;
      out.set(f.id, { ...marketOdds(this.world.seed, m), capturedAt: new Date(Math.min(now, m.kickoffMs - this.oddsLeadMs)).toISOString() });
    }
    return out;
  }

  private toFixture(league: DemoLeague, season: DemoSeason, m: DemoMatch, now: number): ProviderFixture {
    const status: FixtureStatus = now < m.kickoffMs ? 'scheduled' : now < m.kickoffMs + this.resultDelayMs ? 'live' : 'finished';
    const f: ProviderFixture = { id: m.id, leagueId: league.id, season: season.label, kickoff: new Date(m.kickoffMs).toISOString(), homeTeam: m.home, awayTeam: m.away, status };
    if (status === 'finished') {
      f.score = { home: m.homeGoals, away: m.awayGoals };
      f.stats = { homeShots: m.homeShots, awayShots: m.awayShots, homeShotsOnTarget: m.homeShotsOnTarget, awayShotsOnTarget: m.awayShotsOnTarget };
    }
    return f;
  }

  private seasonsBetween(league: DemoLeague, fromMs: number, toMs: number): DemoSeason[] {
    if (toMs < fromMs) return [];
    const first = Math.max(EPOCH_YEAR, seasonYearAt(league, fromMs));
    const last = seasonYearAt(league, toMs);
    const out: DemoSeason[] = [];
    for (let y = first; y <= last; y++) out.push(this.world.season(league, y));
    return out;
  }

  private league(leagueId: string): DemoLeague {
    const league = demoLeague(leagueId);
    if (!league) throw new ProviderRejectedError(DEMO_NAME, `unknown demo league ${leagueId}`);
    return league;
  }
}
