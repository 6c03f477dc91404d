/**
 * The default provider when nothing is configured: three fictional leagues from a deterministic
 * world (demo-world.ts). Same seed, same fixtures, results and odds, in any process. A result
 * appears 2 h after kickoff (scheduled before kickoff, live until then), on the injected clock.
 * Odds come from six simulated bookmakers that differ as real ones do: mostly by their margin
 * (about 5 % on 1X2, 6 % on over/under), with a little noise around one shared view. That view
 * starts away from the truth and moves to it as news arrives (two pieces per match in its last
 * six days): the sharp book and most books follow at once; now and then a book is late by hours
 * (a stale quote), and only then does a price stand far enough above the fair one to be flagged,
 * and rarely far enough for an arbitrage. Closing prices know all the news and carry half the noise,
 * so closing line value means here what it means in real markets. A seventh, sharp book
 * (`DEMO_SHARP`, a low margin) is the fair price value flags are measured against. Before kickoff
 * every price moves a little from one half hour to the next (deterministic per book and slot); the
 * six books are the demo's declared bookmakers (`DEMO_LISTED`). With `lateMarkets` (the local stack),
 * one match in four opens its market only two days before kickoff (`LATE_MARKET`): published
 * earlier, it has no odds of its own yet, and is forecast from the market memory. A fourth league
 * (`DEMO_FLAG_ONLY_LEAGUE`) has no forecast: the odds feed lists its fixtures (`events`) and reports their results
 * (`results`), as The Odds API does for a league without history (docs/decisions/0297-results-for-flag-only-leagues.md).
 */
import type {
  BookQuote,
  ClosingOdds,
  FeedResultsProvider,
  FixtureOdds,
  FixtureProvider,
  FixtureStatus,
  League,
  OddsProvider,
  ProviderFixture,
} from '@app/core/pipeline/providers';
import type { ListedBookmaker } from '@app/model/bookmakers';
import { ProviderRejectedError } from '@app/core/pipeline/providers';
import type { MarketBookmakers, MarketOdds } from '@app/core/predictions/prediction';
import type { MatchRecord } from '@app/model/types';
import { DEMO_BOOKMAKERS, DEMO_FLAG_ONLY_LEAGUE, DEMO_LEAGUES, DEMO_SHARP, demoLeague, type DemoLeague } from './demo-leagues.ts';
import { DemoWorld, EPOCH_YEAR, seasonYearAt, type DemoMatch, type DemoSeason } from './demo-world.ts';
import { gaussian, rngFor } from './random.ts';
import { DAY_MS, HOUR_MS } from '@app/core/clock';

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
  /**
   * Some matches' markets open late (`LATE_MARKET`): no prices for them before then. Default off
   * (every fixture ahead priced); the local stack turns it on.
   */
  lateMarkets?: boolean;
}

/** With `lateMarkets`: the share of matches whose market opens late, and how long before kickoff it opens. */
export const LATE_MARKET = { share: 0.25, leadMs: 48 * HOUR_MS } as const;

const round2 = (x: number) => Math.round(x * 100) / 100;
const price = (p: number, margin: number) => Math.max(1.01, round2(1 / (p * (1 + margin))));

/** How much each bookmaker's view strays from the shared one before kickoff, and at the close (log scale). */
const NOISE = { opening: { x12: 0.01, ou: 0.016 }, closing: { x12: 0.005, ou: 0.008 } } as const;

/**
 * News that moves a match's market in its last days: when it arrives and how much probability it
 * moves between home and away, and between over and under (standard deviations). The opening view lacks all of it; the close knows it all.
 */
export const NEWS = { count: 2, withinMs: 6 * 24 * HOUR_MS, x12: 0.02, ou: 0.02 } as const;
/**
 * A book slow to shorten one outsider's price (a stale quote on one selection): how many matches
 * have one, how far above its usual price it stands, for how long, and within how long before
 * kickoff it starts. Only prices of at most `maxProbability` go stale, so the rest of the book
 * keeps the best prices summing above 100 % (no arbitrage from it).
 */
export const STALE_PRICE = { share: 0.8, by: [0.09, 0.15], hours: [12, 36], withinMs: 96 * HOUR_MS, maxProbability: 0.35 } as const;

interface StaleEpisode {
  book: number;
  selection: keyof MarketOdds;
  by: number;
  fromMs: number;
  toMs: number;
}

function staleEpisode(seed: string, m: DemoMatch): StaleEpisode | undefined {
  const rng = rngFor(seed, m.id, 'stale-price');
  if (rng() >= STALE_PRICE.share) return undefined;
  const probability = { home: m.truth.home, draw: m.truth.draw, away: m.truth.away, over25: m.truth.over25, under25: 1 - m.truth.over25 };
  const outsiders = (Object.keys(probability) as (keyof typeof probability)[]).filter((k) => probability[k] <= STALE_PRICE.maxProbability);
  const book = Math.floor(rng() * DEMO_BOOKMAKERS.length);
  const selection = outsiders[Math.floor(rng() * outsiders.length)];
  const by = STALE_PRICE.by[0] + rng() * (STALE_PRICE.by[1] - STALE_PRICE.by[0]);
  const fromMs = m.kickoffMs - Math.floor(rng() * STALE_PRICE.withinMs);
  const hours = STALE_PRICE.hours[0] + rng() * (STALE_PRICE.hours[1] - STALE_PRICE.hours[0]);
  return selection && { book, selection, by, fromMs, toMs: Math.min(m.kickoffMs, fromMs + hours * HOUR_MS) };
}

/** How often a book is late with a piece of news (a stale quote), and by how long at most. */
export const STALE = { share: 0.15, maxMs: 6 * HOUR_MS } as const;

interface News {
  atMs: number;
  x12: number;
  ou: number;
}

function newsOf(seed: string, m: DemoMatch): News[] {
  return Array.from({ length: NEWS.count }, (_, e) => {
    const rng = rngFor(seed, m.id, 'news', e);
    return { atMs: m.kickoffMs - Math.floor(rng() * NEWS.withinMs), x12: NEWS.x12 * gaussian(rng), ou: NEWS.ou * gaussian(rng) };
  });
}

/** The news a viewer has not priced in at `atMs` (Infinity-late before any: all of it), summed. */
function pending(news: readonly News[], atMs: number, lagMs: (e: number) => number = () => 0): { x12: number; ou: number } {
  let x12 = 0,
    ou = 0;
  news.forEach((n, e) => {
    if (n.atMs + lagMs(e) > atMs) {
      x12 += n.x12;
      ou += n.ou;
    }
  });
  return { x12, ou };
}

/** How late book `i` is with each piece of news: mostly not at all, now and then by up to `STALE.maxMs`. */
const lagOf = (seed: string, m: DemoMatch, i: number) => (e: number) => {
  const rng = rngFor(seed, m.id, 'lag', i, e);
  return rng() < STALE.share ? Math.ceil(rng() * STALE.maxMs) : 0;
};

/**
 * Prices of a view that has not priced in `p` yet: the news moves probability from away to home
 * (from under to over) by `p`, so a view without it still prices the side it favours longer.
 */
function shifted(prices: MarketOdds, p: { x12: number; ou: number }): MarketOdds {
  const f = (x: number, by: number) => Math.max(1.01, round2(1 / Math.min(0.99, Math.max(0.01, 1 / x + by))));
  return {
    home: f(prices.home!, -p.x12),
    draw: prices.draw,
    away: f(prices.away!, p.x12),
    over25: f(prices.over25!, -p.ou),
    under25: f(prices.under25!, p.ou),
  };
}

/** Each simulated bookmaker's prices for a match (deterministic per seed and match), before any news or at the close. */
export function bookmakerPrices(seed: string, m: DemoMatch, line: keyof typeof NOISE = 'opening'): MarketOdds[] {
  const noise = NOISE[line];
  const unpriced = line === 'opening' ? pending(newsOf(seed, m), -Infinity) : { x12: 0, ou: 0 };
  return DEMO_BOOKMAKERS.map((b, i) => {
    const rng = rngFor(seed, m.id, line === 'opening' ? 'odds' : 'closing', i);
    // Each bookmaker's view: the truth with log-scale noise, renormalised.
    const raw = [m.truth.home, m.truth.draw, m.truth.away].map((p) => p * Math.exp(noise.x12 * gaussian(rng)));
    const sum = raw[0]! + raw[1]! + raw[2]!;
    const margin1x2 = Math.max(0.02, b.margin1x2 + 0.004 * gaussian(rng));
    const logit = Math.log(m.truth.over25 / (1 - m.truth.over25)) + noise.ou * gaussian(rng);
    const over = 1 / (1 + Math.exp(-logit));
    const marginOu = Math.max(0.02, b.marginOu + 0.004 * gaussian(rng));
    return shifted(
      {
        home: price(raw[0]! / sum, margin1x2),
        draw: price(raw[1]! / sum, margin1x2),
        away: price(raw[2]! / sum, margin1x2),
        over25: price(over, marginOu),
        under25: price(1 - over, marginOu),
      },
      unpriced,
    );
  });
}

/** The demo's declared bookmakers: its six fictional books, keyed by a slug of their name. */
export const DEMO_LISTED: readonly ListedBookmaker[] = DEMO_BOOKMAKERS.map((b) => ({ key: b.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name: b.name }));

/** The sharp book's prices: the truth with half the books' noise and a low margin, before any news or at the close. */
export function sharpPrices(seed: string, m: DemoMatch, line: keyof typeof NOISE = 'opening'): MarketOdds {
  return shifted(sharpBase(seed, m, line), line === 'opening' ? pending(newsOf(seed, m), -Infinity) : { x12: 0, ou: 0 });
}

function sharpBase(seed: string, m: DemoMatch, line: keyof typeof NOISE): MarketOdds {
  const noise = NOISE[line];
  const rng = rngFor(seed, m.id, line === 'opening' ? 'sharp' : 'sharp-closing');
  const raw = [m.truth.home, m.truth.draw, m.truth.away].map((p) => p * Math.exp((noise.x12 / 2) * gaussian(rng)));
  const sum = raw[0]! + raw[1]! + raw[2]!;
  const over = 1 / (1 + Math.exp(-(Math.log(m.truth.over25 / (1 - m.truth.over25)) + (noise.ou / 2) * gaussian(rng))));
  return {
    home: price(raw[0]! / sum, DEMO_SHARP.margin1x2),
    draw: price(raw[1]! / sum, DEMO_SHARP.margin1x2),
    away: price(raw[2]! / sum, DEMO_SHARP.margin1x2),
    over25: price(over, DEMO_SHARP.marginOu),
    under25: price(1 - over, DEMO_SHARP.marginOu),
  };
}

/** How old a demo book's quote is at most when read (well within the quote age value flags accept). */
const DEMO_QUOTE_AGE_MS = 5 * 60_000;

/** Half an hour: the demo's prices hold within one and move to the next. */
export const DEMO_PRICE_SLOT_MS = 30 * 60_000;
/** How far a book's price strays from its opening one in a slot (log scale), and the sharp book's. */
const DRIFT = { book: 0.002, sharp: 0.002 } as const;

/** Prices as they stand in the half hour of `atMs`: moved by that slot's drift. */
function drifted(prices: MarketOdds, size: number, ...rngParts: (string | number)[]): MarketOdds {
  const rng = rngFor(...rngParts);
  const out: MarketOdds = {};
  for (const k of ['home', 'draw', 'away', 'over25', 'under25'] as const) out[k] = Math.max(1.01, round2(prices[k]! * Math.exp(size * gaussian(rng))));
  return out;
}

/**
 * A fixture's prices at `atMs` (before kickoff): each book's and the sharp book's with the news
 * each has priced in by then (a stale book lags), moved for that half hour, every quote updated at
 * the start of it or a few minutes ago; the best and average from the six books.
 */
export function liveOdds(seed: string, m: DemoMatch, atMs: number): FixtureOdds {
  const slot = Math.floor(atMs / DEMO_PRICE_SLOT_MS);
  // each book last touched its prices at the start of the slot, or in the last few minutes
  const updatedAt = new Date(Math.max(slot * DEMO_PRICE_SLOT_MS, atMs - DEMO_QUOTE_AGE_MS)).toISOString();
  const news = newsOf(seed, m);
  const stale = staleEpisode(seed, m);
  const books = bookmakerPrices(seed, m, 'closing').map((b, i) => {
    const prices = drifted(shifted(b, pending(news, atMs, lagOf(seed, m, i))), DRIFT.book, seed, m.id, 'live', i, slot);
    if (stale && stale.book === i && atMs >= stale.fromMs && atMs < stale.toMs) prices[stale.selection] = round2(prices[stale.selection]! * (1 + stale.by));
    return prices;
  });
  const quotes: BookQuote[] = books.map((prices, i) => ({ key: DEMO_LISTED[i]!.key!, name: DEMO_LISTED[i]!.name, updatedAt, prices }));
  return {
    ...summary(books),
    sharp: drifted(shifted(sharpBase(seed, m, 'closing'), pending(news, atMs)), DRIFT.sharp, seed, m.id, 'live-sharp', slot),
    sharpName: DEMO_SHARP.name,
    quotes,
    capturedAt: new Date(atMs).toISOString(),
  };
}

/** Best (highest) prices with the bookmaker offering each (the first listed on a tie), and the average. */
export function marketOdds(
  seed: string,
  m: DemoMatch,
  line: 'opening' | 'closing' = 'opening',
): { best: MarketOdds; bestBookmakers: MarketBookmakers; average: MarketOdds } {
  return summary(bookmakerPrices(seed, m, line));
}

function summary(books: readonly MarketOdds[]): { best: MarketOdds; bestBookmakers: MarketBookmakers; average: MarketOdds } {
  const best: MarketOdds = {};
  const bestBookmakers: MarketBookmakers = {};
  const average: MarketOdds = {};
  for (const k of ['home', 'draw', 'away', 'over25', 'under25'] as const) {
    const list = books.map((b) => b[k]!);
    best[k] = Math.max(...list);
    bestBookmakers[k] = DEMO_BOOKMAKERS[list.indexOf(best[k])]!.name;
    average[k] = round2(list.reduce((s, x) => s + x, 0) / list.length);
  }
  return { best, bestBookmakers, average };
}

export class DemoProvider implements FixtureProvider, OddsProvider, FeedResultsProvider {
  readonly name = DEMO_NAME;
  readonly bookmakers = DEMO_LISTED;
  readonly world: DemoWorld;
  private readonly now: () => Date;
  private readonly historySeasons: number;
  private readonly resultDelayMs: number;
  private readonly oddsLeadMs: number;
  private readonly lateMarkets: boolean;

  constructor(options: DemoProviderOptions = {}) {
    this.world = new DemoWorld(String(options.seed ?? 'demo'));
    this.now = options.now ?? (() => new Date());
    this.historySeasons = options.historySeasons ?? 3;
    this.resultDelayMs = options.resultDelayMs ?? 2 * HOUR_MS;
    this.oddsLeadMs = options.oddsLeadMs ?? 24 * HOUR_MS;
    this.lateMarkets = options.lateMarkets ?? false;
  }

  /** Whether the match's market has not opened yet at `now` (a late market, more than its lead before kickoff). */
  private marketClosed(m: DemoMatch, now: number): boolean {
    return this.lateMarkets && m.kickoffMs - now > LATE_MARKET.leadMs && rngFor(this.world.seed, m.id, 'late-market')() < LATE_MARKET.share;
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

  /** The league without a forecast's fixtures with kickoff in [from, to], as the odds feed lists them (scheduled); none of another league. */
  async events(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]> {
    if (leagueId !== DEMO_FLAG_ONLY_LEAGUE.id) return [];
    return (await this.fixtures(leagueId, from, to)).map(({ score: _score, stats: _stats, ...f }) => ({ ...f, status: 'scheduled' as const }));
  }

  /**
   * The league without a forecast's fixtures that kicked off within the last `days` days, as the odds feed reports
   * them: finished with the score once the result is out (2 h after kickoff), live until then. None of another league.
   */
  async results(leagueId: string, days: number): Promise<ProviderFixture[]> {
    if (leagueId !== DEMO_FLAG_ONLY_LEAGUE.id) return [];
    const now = this.now().getTime();
    return (await this.fixtures(leagueId, new Date(now - days * DAY_MS), new Date(now))).map(({ stats: _stats, ...f }) => f);
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

  /**
   * A fixture ahead: its prices as they stand now (they move every half hour), none while its
   * market has not opened (`lateMarkets`). One that has kicked
   * off (a first run's backfill): the opening prices, as captured a day before kickoff, each
   * quote updated then.
   */
  async odds(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, FixtureOdds>> {
    const now = this.now().getTime();
    const out = new Map<string, FixtureOdds>();
    for (const m of this.matches(leagueId, fixtures)) {
      if (m.kickoffMs > now) {
        if (!this.marketClosed(m, now)) out.set(m.id, liveOdds(this.world.seed, m, now));
        continue;
      }
      const capturedAt = new Date(Math.min(now, m.kickoffMs - this.oddsLeadMs)).toISOString();
      const quotes: BookQuote[] = bookmakerPrices(this.world.seed, m).map((prices, i) => ({
        key: DEMO_LISTED[i]!.key!,
        name: DEMO_LISTED[i]!.name,
        updatedAt: capturedAt,
        prices,
      }));
      out.set(m.id, { ...marketOdds(this.world.seed, m), sharp: sharpPrices(this.world.seed, m), sharpName: DEMO_SHARP.name, quotes, capturedAt });
    }
    return out;
  }

  /** The closing prices of fixtures that have kicked off: the sharp book's and the six books' average. */
  async closingOdds(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, ClosingOdds>> {
    const now = this.now().getTime();
    const out = new Map<string, ClosingOdds>();
    for (const m of this.matches(leagueId, fixtures)) {
      if (m.kickoffMs > now) continue;
      out.set(m.id, {
        sharp: sharpPrices(this.world.seed, m, 'closing'),
        average: marketOdds(this.world.seed, m, 'closing').average,
        capturedAt: new Date(m.kickoffMs - 60_000).toISOString(),
      });
    }
    return out;
  }

  /** The demo matches behind our fixtures of one league (others are skipped). */
  private matches(leagueId: string, fixtures: ProviderFixture[]): DemoMatch[] {
    const league = this.league(leagueId);
    return fixtures.flatMap((f) => {
      const y = Number(f.season.slice(0, 4));
      if (!f.id.startsWith(`demo-${league.id}-`) || !Number.isInteger(y) || y < EPOCH_YEAR) return [];
      const m = this.world.season(league, y).byId.get(f.id);
      return m ? [m] : [];
    });
  }

  private toFixture(league: DemoLeague, season: DemoSeason, m: DemoMatch, now: number): ProviderFixture {
    const status: FixtureStatus = now < m.kickoffMs ? 'scheduled' : now < m.kickoffMs + this.resultDelayMs ? 'live' : 'finished';
    const f: ProviderFixture = {
      id: m.id,
      leagueId: league.id,
      season: season.label,
      kickoff: new Date(m.kickoffMs).toISOString(),
      homeTeam: m.home,
      awayTeam: m.away,
      status,
    };
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
    const league = demoLeague(leagueId) ?? (leagueId === DEMO_FLAG_ONLY_LEAGUE.id ? DEMO_FLAG_ONLY_LEAGUE : undefined);
    if (!league) throw new ProviderRejectedError(DEMO_NAME, `unknown demo league ${leagueId}`);
    return league;
  }
}
