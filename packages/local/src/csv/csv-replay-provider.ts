/**
 * A football-data.co.uk folder (`<LEAGUE>/<YYYY-YY>.csv`) served as if it were live: each
 * league's latest season is replayed around today, moved by a whole number of weeks (weekdays
 * kept), and its results appear only once the moved kickoff + 2 h has passed. Every earlier season
 * moves by the same shift, so the history the model trains on stays just before the replay.
 *
 * - Kickoff: the UK wall-clock time of the `Time` column (15:00 when absent) on the moved date,
 *   converted to UTC with the Europe/London rules of that date (a 15:00 match stays a 15:00 match).
 * - Season label: the file's season moved by the whole years nearest the shift ('2022-23' shifted
 *   by 208 weeks is labelled '2026-27'), so labels agree with the moved dates.
 * - Ids keep the original date: `csv-<league>-<original yyyymmdd>-<home slug>-<away slug>`, the same
 *   for any shift and across restarts.
 * - Odds: pre-kickoff columns only (Max/BbMx best, Avg/BbAv average, Pinnacle's PS sharp); the
 *   closing columns (PSC*, PC>2.5, AvgC*, AvgC>2.5) only for the closing price of a match that has
 *   kicked off, never for a forecast.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClosingOdds, FixtureOdds, FixtureProvider, FixtureStatus, League, OddsProvider, ProviderFixture } from '@app/core/pipeline/providers';
import { ProviderRejectedError } from '@app/core/pipeline/providers';
import type { MarketBookmakers, MarketOdds } from '@app/core/predictions/prediction';
import { parseFootballDataCsv, seasonFromFileName, type ParsedMatch, type ThreeWayPrices, type TwoWayPrices } from '@app/model/football-data';
import type { MatchRecord } from '@app/model/types';
import { leagueInfo } from '@app/adapters/leagues/catalog';
import { ukLocalToUtc } from '@app/model/uk-time';
import { slug } from '@app/core/text';
import { DAY_MS, HOUR_MS } from '@app/core/clock';

export const CSV_REPLAY_NAME = 'csv-replay';
/** Where in the replayed season today should land by default (55-60 %: weeks played, weeks to come). */
export const DEFAULT_REPLAY_FRACTION = 0.575;

export interface CsvReplayProviderOptions {
  /** Folder holding `<LEAGUE>/<YYYY-YY>.csv`. */
  dir: string;
  /** Days every match moves by; a multiple of 7. Default: `proposeShiftDaysForFolder(dir, now())` at first use. */
  shiftDays?: number;
  now?: () => Date;
  /** Only these league folders (default: every folder with season files). */
  leagues?: readonly string[];
  /** A result is published this long after kickoff (the match is 'live' until then). Default 2 h. */
  resultDelayMs?: number;
  /** Odds count as captured this long before kickoff (never later than now). Default 24 h. */
  oddsLeadMs?: number;
}

interface ReplayMatch {
  id: string;
  match: ParsedMatch;
  season: string;
  kickoffMs: number;
  kickoff: string;
}

interface LeagueReplay {
  /** Every season's matches, by moved kickoff. */
  matches: ReplayMatch[];
  byId: Map<string, ReplayMatch>;
}

/** The season a season file covers: first and last match dates ('YYYY-MM-DD'). */
export interface SeasonSpan {
  first: string;
  last: string;
}

/**
 * A shift (whole weeks) that moves the season so `today` lands at `fraction` of it (default 57.5 %:
 * weeks of results behind, weeks of fixtures ahead). Pure.
 */
export function proposeShiftDays(season: SeasonSpan, today: Date, fraction = DEFAULT_REPLAY_FRACTION): number {
  const first = Date.parse(`${season.first}T00:00:00Z`);
  const last = Date.parse(`${season.last}T23:59:59Z`);
  const target = first + fraction * (last - first);
  const weeks = Math.round((today.getTime() - target) / (7 * DAY_MS));
  return weeks * 7 + 0; // + 0 turns -0 into 0
}

/**
 * `proposeShiftDays` for a folder: the span of the most recent season present (over the leagues
 * whose latest season it is).
 */
export async function proposeShiftDaysForFolder(dir: string, today: Date, fraction = DEFAULT_REPLAY_FRACTION, leagues?: readonly string[]): Promise<number> {
  const folders = await scanFolder(dir, leagues);
  const latest = [...folders.values()]
    .map((seasons) => seasons.at(-1)!)
    .sort()
    .at(-1);
  if (!latest) throw new Error(`No football-data.co.uk season files under ${dir}`);
  let first = '9999-12-31';
  let last = '0000-01-01';
  for (const [league, seasons] of folders) {
    if (seasons.at(-1) !== latest) continue;
    for (const m of await parseSeason(dir, league, latest)) {
      if (m.date < first) first = m.date;
      if (m.date > last) last = m.date;
    }
  }
  return proposeShiftDays({ first, last }, today, fraction);
}

/** League folder -> its season labels, oldest first. */
async function scanFolder(dir: string, only?: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const entries = await readdir(dir, { withFileTypes: true });
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!e.isDirectory() || (only && !only.includes(e.name))) continue;
    const files = await readdir(join(dir, e.name));
    const seasons = files.flatMap((f) => {
      const s = seasonFromFileName(f);
      return s ? [s] : [];
    });
    if (seasons.length) out.set(e.name, seasons.sort());
  }
  return out;
}

async function readSeason(dir: string, league: string, season: string): Promise<string> {
  return readFile(join(dir, league, `${season}.csv`), 'utf8');
}

async function parseSeason(dir: string, league: string, season: string): Promise<ParsedMatch[]> {
  return parseFootballDataCsv(await readSeason(dir, league, season), { league, season });
}

const addDays = (ymd: string, days: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function movedSeason(season: string, years: number): string {
  const start = Number(season.slice(0, 4)) + years;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

function maxThree(list: (ThreeWayPrices | undefined)[]): ThreeWayPrices | undefined {
  const got = list.filter((p): p is ThreeWayPrices => p !== undefined);
  if (!got.length) return undefined;
  return { home: Math.max(...got.map((p) => p.home)), draw: Math.max(...got.map((p) => p.draw)), away: Math.max(...got.map((p) => p.away)) };
}

function maxTwo(list: (TwoWayPrices | undefined)[]): TwoWayPrices | undefined {
  const got = list.filter((p): p is TwoWayPrices => p !== undefined);
  if (!got.length) return undefined;
  return { over: Math.max(...got.map((p) => p.over)), under: Math.max(...got.map((p) => p.under)) };
}

function market(three: ThreeWayPrices | undefined, two: TwoWayPrices | undefined): MarketOdds {
  return {
    ...(three ? { home: three.home, draw: three.draw, away: three.away } : {}),
    ...(two ? { over25: two.over, under25: two.under } : {}),
  };
}

/**
 * Who offers each best price: the files name only Pinnacle's and Bet365's own columns; a best
 * price that is neither is the market maximum of unnamed bookmakers.
 */
function bestBookmakers(best: MarketOdds, named: Array<[string, MarketOdds]>): MarketBookmakers {
  const out: MarketBookmakers = {};
  for (const k of Object.keys(best) as (keyof MarketOdds)[]) {
    const found = named.find(([, prices]) => prices[k] !== undefined && prices[k] === best[k]);
    if (found) out[k] = found[0];
  }
  return out;
}

export class CsvReplayProvider implements FixtureProvider, OddsProvider {
  readonly name = CSV_REPLAY_NAME;
  private readonly dir: string;
  private readonly now: () => Date;
  private readonly only: readonly string[] | undefined;
  private readonly resultDelayMs: number;
  private readonly oddsLeadMs: number;
  private shift: Promise<number> | undefined;
  private folders: Promise<Map<string, string[]>> | undefined;
  private readonly loaded = new Map<string, Promise<LeagueReplay>>();

  constructor(options: CsvReplayProviderOptions) {
    if (options.shiftDays !== undefined && (!Number.isInteger(options.shiftDays) || options.shiftDays % 7 !== 0)) {
      throw new Error(`shiftDays must be a whole number of weeks (got ${options.shiftDays})`);
    }
    this.dir = options.dir;
    this.now = options.now ?? (() => new Date());
    this.only = options.leagues;
    this.resultDelayMs = options.resultDelayMs ?? 2 * HOUR_MS;
    this.oddsLeadMs = options.oddsLeadMs ?? 24 * HOUR_MS;
    if (options.shiftDays !== undefined) this.shift = Promise.resolve(options.shiftDays);
  }

  /** The shift in days (proposed from the folder and the clock when not configured). */
  shiftDays(): Promise<number> {
    this.shift ??= proposeShiftDaysForFolder(this.dir, this.now(), DEFAULT_REPLAY_FRACTION, this.only);
    return this.shift;
  }

  async leagues(): Promise<League[]> {
    return [...(await this.scan()).keys()].map((id) => {
      const info = leagueInfo(id);
      return { id, name: info?.name ?? id, country: info?.country ?? 'Unknown' };
    });
  }

  async fixtures(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]> {
    const replay = await this.league(leagueId);
    const now = this.now().getTime();
    return replay.matches.filter((r) => r.kickoffMs >= from.getTime() && r.kickoffMs <= to.getTime()).map((r) => this.toFixture(leagueId, r, now));
  }

  /** Every match whose result is out before `before` (earlier seasons and the replayed part), with pre-kickoff odds. */
  async history(leagueId: string, before: Date): Promise<MatchRecord[]> {
    const replay = await this.league(leagueId);
    const out: MatchRecord[] = [];
    for (const r of replay.matches) {
      if (r.kickoffMs + this.resultDelayMs > before.getTime()) continue;
      const m = r.match;
      out.push({
        date: r.kickoff,
        league: leagueId,
        season: r.season,
        home: m.home,
        away: m.away,
        homeGoals: m.homeGoals,
        awayGoals: m.awayGoals,
        ...(m.homeShots !== undefined ? { homeShots: m.homeShots, awayShots: m.awayShots } : {}),
        ...(m.homeShotsOnTarget !== undefined ? { homeShotsOnTarget: m.homeShotsOnTarget, awayShotsOnTarget: m.awayShotsOnTarget } : {}),
        ...(m.odds ? { odds: { ...m.odds } } : {}),
      });
    }
    return out;
  }

  /** Pre-kickoff prices of our fixtures: best from Max/BbMx, average from Avg/BbAv (Pinnacle or Bet365 when those are blank), sharp from Pinnacle (PSH, P>2.5). */
  async odds(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, FixtureOdds>> {
    const out = new Map<string, FixtureOdds>();
    if (!fixtures.length) return out;
    const replay = await this.league(leagueId);
    const now = this.now().getTime();
    for (const f of fixtures) {
      const r = replay.byId.get(f.id);
      if (!r) continue;
      const { pre, preOU } = r.match;
      const best = market(pre.max ?? maxThree([pre.avg, pre.ps, pre.b365]), preOU.max ?? maxTwo([preOU.avg, preOU.ps, preOU.b365]));
      const average = market(pre.avg ?? pre.ps ?? pre.b365, preOU.avg ?? preOU.ps ?? preOU.b365);
      const sharp = market(pre.ps, preOU.ps);
      if (!Object.keys(best).length) continue;
      const capturedAt = new Date(Math.min(now, r.kickoffMs - this.oddsLeadMs)).toISOString();
      const named = bestBookmakers(best, [
        ['Pinnacle', sharp],
        ['Bet365', market(pre.b365, preOU.b365)],
      ]);
      out.set(f.id, {
        best,
        ...(Object.keys(named).length ? { bestBookmakers: named } : {}),
        average,
        ...(Object.keys(sharp).length ? { sharp } : {}),
        capturedAt,
      });
    }
    return out;
  }

  /** Closing prices of our fixtures that have kicked off: Pinnacle's (PSC*, PC>2.5) and the market average's (AvgC*, AvgC>2.5). */
  async closingOdds(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, ClosingOdds>> {
    const out = new Map<string, ClosingOdds>();
    if (!fixtures.length) return out;
    const replay = await this.league(leagueId);
    const now = this.now().getTime();
    for (const f of fixtures) {
      const r = replay.byId.get(f.id);
      if (!r || r.kickoffMs > now) continue;
      const { ps, psOU, avg, avgOU } = r.match.closing;
      const sharp = market(ps, psOU);
      const average = market(avg, avgOU);
      if (!Object.keys(sharp).length && !Object.keys(average).length) continue;
      out.set(f.id, {
        ...(Object.keys(sharp).length ? { sharp } : {}),
        ...(Object.keys(average).length ? { average } : {}),
        capturedAt: new Date(r.kickoffMs - 60_000).toISOString(),
      });
    }
    return out;
  }

  private toFixture(leagueId: string, r: ReplayMatch, now: number): ProviderFixture {
    const m = r.match;
    const status: FixtureStatus = now < r.kickoffMs ? 'scheduled' : now < r.kickoffMs + this.resultDelayMs ? 'live' : 'finished';
    const f: ProviderFixture = { id: r.id, leagueId, season: r.season, kickoff: r.kickoff, homeTeam: m.home, awayTeam: m.away, status };
    if (status === 'finished') {
      f.score = { home: m.homeGoals, away: m.awayGoals };
      const stats = {
        ...(m.homeShots !== undefined ? { homeShots: m.homeShots, awayShots: m.awayShots } : {}),
        ...(m.homeShotsOnTarget !== undefined ? { homeShotsOnTarget: m.homeShotsOnTarget, awayShotsOnTarget: m.awayShotsOnTarget } : {}),
      };
      if (Object.keys(stats).length) f.stats = stats;
    }
    return f;
  }

  private scan(): Promise<Map<string, string[]>> {
    this.folders ??= scanFolder(this.dir, this.only);
    return this.folders;
  }

  private league(leagueId: string): Promise<LeagueReplay> {
    let p = this.loaded.get(leagueId);
    if (!p) {
      p = this.load(leagueId);
      p.catch(() => this.loaded.delete(leagueId));
      this.loaded.set(leagueId, p);
    }
    return p;
  }

  private async load(leagueId: string): Promise<LeagueReplay> {
    const seasons = (await this.scan()).get(leagueId);
    if (!seasons) throw new ProviderRejectedError(CSV_REPLAY_NAME, `no season files for league ${leagueId} under ${this.dir}`);
    const shift = await this.shiftDays();
    const years = Math.round(shift / 365.2425);
    const matches: ReplayMatch[] = [];
    for (const season of seasons) {
      const text = await readSeason(this.dir, leagueId, season);
      for (const m of parseFootballDataCsv(text, { league: leagueId, season })) {
        const kickoffMs = ukLocalToUtc(addDays(m.date, shift), m.time ?? '15:00').getTime();
        matches.push({
          id: `csv-${leagueId}-${m.date.replace(/-/g, '')}-${slug(m.home)}-${slug(m.away)}`,
          match: m,
          season: movedSeason(season, years),
          kickoffMs,
          kickoff: new Date(kickoffMs).toISOString(),
        });
      }
    }
    matches.sort((a, b) => a.kickoffMs - b.kickoffMs || a.id.localeCompare(b.id));
    return { matches, byId: new Map(matches.map((r) => [r.id, r])) };
  }
}
