/**
 * Fixtures and results from football-data.org v4 (docs/providers.md): one competition per
 * league, matches fetched in windows of at most 10 days, the 90-minute score only, the free
 * plan's rate limit honoured (pause when the minute's window is spent, 'Wait N seconds' on 429).
 */
import type { FixtureProvider, FixtureStatus, League, ProviderFixture } from '@app/core/pipeline/providers';
import { ProviderRejectedError } from '@app/core/pipeline/providers';
import type { MatchRecord } from '@app/model/types';
import { errorMessage, JsonHttpClient, retryAfterMs, type JsonHttpClientOptions, type JsonResponse, type ResponseVerdict } from '../http/json-http-client.ts';
import { asCount, asNumber, asObject, asString, headerInt, objects, type JsonObject } from '../http/json.ts';
import { FOOTBALL_DATA_ORG_FREE_COMPETITIONS, leagueForFootballDataOrg, leagueInfo, seasonLabel, seasonLabelAt, toLeague, type LeagueInfo } from '../leagues/catalog.ts';
import { canonicalTeam } from '../leagues/teams.ts';

export const FOOTBALL_DATA_ORG_NAME = 'football-data.org';
const DAY_MS = 86_400_000;

export interface FootballDataOrgProviderOptions {
  /** API token, sent as `X-Auth-Token`. */
  token: string;
  /** Default `https://api.football-data.org/v4`. */
  baseUrl?: string;
  /** Competition codes to serve (PL, PD...). Default: the free plan's leagues we know. */
  competitions?: readonly string[];
  /** Calendar days per `/matches` request (dateFrom..dateTo inclusive). Default 10. */
  maxWindowDays?: number;
  /** Seasons before the current one read by `history()`. Default 3. */
  historySeasons?: number;
  /** Pause until the window resets once `X-Requests-Available-Minute` is at most this. Default 1. */
  pauseWhenAvailableAtMost?: number;
  /** Transport settings (fetch, sleep, clock, timeouts, retries). */
  http?: Omit<JsonHttpClientOptions, 'provider' | 'headers' | 'classify' | 'pauseAfter'>;
}

/** A status and a 90-minute score read from a football-data.org match. */
export interface MappedStatus {
  status: FixtureStatus;
  score?: { home: number; away: number };
}

function pair(v: unknown): { home: number; away: number } | undefined {
  const o = asObject(v);
  const home = asCount(o?.home);
  const away = asCount(o?.away);
  return home !== undefined && away !== undefined ? { home, away } : undefined;
}

/**
 * football-data.org status -> ours. FINISHED is settled on the 90-minute score: `regularTime` when
 * given, else `fullTime` of a REGULAR match; a match decided in extra time or on penalties without
 * a regular-time node is 'unknown' (flagged for review, never settled on the wrong score).
 * AWARDED is void ('cancelled'): the awarded score is not a played one.
 */
export function mapFootballDataOrgStatus(status: string | undefined, score: unknown): MappedStatus {
  switch (status) {
    case 'SCHEDULED':
    case 'TIMED':
      return { status: 'scheduled' };
    case 'IN_PLAY':
    case 'PAUSED':
    case 'EXTRA_TIME':
    case 'PENALTY_SHOOTOUT':
    case 'LIVE':
      return { status: 'live' };
    case 'FINISHED': {
      const s = asObject(score);
      const regular = pair(s?.regularTime);
      if (regular) return { status: 'finished', score: regular };
      const duration = asString(s?.duration) ?? 'REGULAR';
      const full = pair(s?.fullTime);
      if (duration === 'REGULAR' && full) return { status: 'finished', score: full };
      return { status: 'unknown' };
    }
    case 'AWARDED':
    case 'CANCELLED':
      return { status: 'cancelled' };
    case 'POSTPONED':
    case 'SUSPENDED':
      return { status: 'postponed' };
    default:
      return { status: 'unknown' };
  }
}

/** 'You reached your request limit. Wait 48 seconds.' -> 48000. */
export function parseWaitMs(message: string | undefined): number | undefined {
  const m = /wait\s+(\d+(?:\.\d+)?)\s*(second|sec|s\b|minute|min)/i.exec(message ?? '');
  if (!m) return undefined;
  const n = Number(m[1]);
  return Math.round(n * (m[2]!.toLowerCase().startsWith('m') ? 60_000 : 1000));
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class FootballDataOrgProvider implements FixtureProvider {
  readonly name = FOOTBALL_DATA_ORG_NAME;
  private readonly http: JsonHttpClient;
  private readonly baseUrl: string;
  private readonly served: readonly LeagueInfo[];
  private readonly maxWindowDays: number;
  private readonly historySeasons: number;
  private readonly pauseAt: number;
  private readonly now: () => Date;

  constructor(options: FootballDataOrgProviderOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://api.football-data.org/v4').replace(/\/+$/, '');
    this.maxWindowDays = Math.max(1, Math.floor(options.maxWindowDays ?? 10));
    this.historySeasons = options.historySeasons ?? 3;
    this.pauseAt = options.pauseWhenAvailableAtMost ?? 1;
    this.now = options.http?.now ?? (() => new Date());
    const codes = options.competitions ?? FOOTBALL_DATA_ORG_FREE_COMPETITIONS;
    this.served = codes.map((code) => {
      const info = leagueForFootballDataOrg(code);
      if (!info) throw new Error(`football-data.org competition '${code}' is not a league of the catalog`);
      return info;
    });
    this.http = new JsonHttpClient({
      ...options.http,
      provider: FOOTBALL_DATA_ORG_NAME,
      headers: { 'X-Auth-Token': options.token },
      classify: (r) => this.classify(r),
      pauseAfter: (r) => this.windowPause(r),
    });
  }

  async leagues(): Promise<League[]> {
    return this.served.map(toLeague);
  }

  async fixtures(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]> {
    const code = this.competition(leagueId);
    const out = new Map<string, ProviderFixture>();
    const lastDay = Date.parse(utcDay(to.getTime()));
    for (let day = Date.parse(utcDay(from.getTime())); day <= lastDay; day += this.maxWindowDays * DAY_MS) {
      const windowEnd = Math.min(lastDay, day + (this.maxWindowDays - 1) * DAY_MS);
      const url = new URL(`${this.baseUrl}/competitions/${code}/matches`);
      url.searchParams.set('dateFrom', utcDay(day));
      url.searchParams.set('dateTo', utcDay(windowEnd));
      for (const f of await this.matches(url, leagueId)) {
        const t = Date.parse(f.kickoff);
        if (t >= from.getTime() && t <= to.getTime()) out.set(f.id, f);
      }
    }
    return [...out.values()].sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  }

  /**
   * Finished matches of the current season and the `historySeasons` before it, played before
   * `before`, on the 90-minute score (football-data.org has no odds on the free plan). A past
   * season the plan does not cover (403) is skipped; if none is readable, the error is thrown.
   */
  async history(leagueId: string, before: Date): Promise<MatchRecord[]> {
    const code = this.competition(leagueId);
    const current = Number(seasonLabelAt(leagueId, before).slice(0, 4));
    const records = new Map<string, MatchRecord>();
    let firstRejection: ProviderRejectedError | undefined;
    let readable = 0;
    for (let season = current - this.historySeasons; season <= current; season++) {
      const url = new URL(`${this.baseUrl}/competitions/${code}/matches`);
      url.searchParams.set('season', String(season));
      let fixtures: ProviderFixture[];
      try {
        fixtures = await this.matches(url, leagueId);
      } catch (error) {
        if (!(error instanceof ProviderRejectedError)) throw error;
        firstRejection ??= error;
        continue;
      }
      readable += 1;
      for (const f of fixtures) {
        if (f.status !== 'finished' || !f.score || Date.parse(f.kickoff) >= before.getTime()) continue;
        records.set(f.id, { date: f.kickoff, league: leagueId, season: f.season, home: f.homeTeam, away: f.awayTeam, homeGoals: f.score.home, awayGoals: f.score.away });
      }
    }
    if (readable === 0 && firstRejection) throw firstRejection;
    return [...records.values()].sort((a, b) => a.date.localeCompare(b.date));
  }

  private competition(leagueId: string): string {
    const info = this.served.find((l) => l.id === leagueId);
    if (!info) throw new ProviderRejectedError(FOOTBALL_DATA_ORG_NAME, `league ${leagueId} is not among the configured competitions`);
    return info.footballDataOrg!;
  }

  private async matches(url: URL, leagueId: string): Promise<ProviderFixture[]> {
    const res = await this.http.getJson(url);
    return objects(asObject(res.body)?.matches).flatMap((m) => {
      const f = toFixture(m, leagueId);
      return f ? [f] : [];
    });
  }

  private classify(r: JsonResponse): ResponseVerdict | undefined {
    if (r.status >= 200 && r.status < 300) return { action: 'accept' };
    const message = errorMessage(r.body) ?? `HTTP ${r.status}`;
    if (r.status === 429) {
      const wait = parseWaitMs(message) ?? secondsHeader(r.headers, 'X-RequestCounter-Reset') ?? retryAfterMs(r.headers, this.now()) ?? 60_000;
      return { action: 'retry', reason: `rate limited: ${message}`, waitMs: wait };
    }
    if (r.status === 403) {
      return { action: 'reject', error: new ProviderRejectedError(FOOTBALL_DATA_ORG_NAME, `not available on this plan (HTTP 403): ${message}`) };
    }
    if (r.status >= 400 && r.status < 500 && r.status !== 408) {
      return { action: 'reject', error: new ProviderRejectedError(FOOTBALL_DATA_ORG_NAME, `HTTP ${r.status}: ${message}`) };
    }
    return undefined;
  }

  private windowPause(r: JsonResponse): number | undefined {
    const available = headerInt(r.headers, 'X-Requests-Available-Minute');
    if (available === undefined || available > this.pauseAt) return undefined;
    return secondsHeader(r.headers, 'X-RequestCounter-Reset') ?? 60_000;
  }
}

function secondsHeader(headers: Headers, name: string): number | undefined {
  const s = headerInt(headers, name);
  return s !== undefined && s >= 0 ? s * 1000 : undefined;
}

/** Season label from the match's season node ('2025-26', or '2025' for a calendar-year season). */
function seasonOf(m: JsonObject, leagueId: string, kickoff: Date): string {
  const s = asObject(m.season);
  const start = Number(asString(s?.startDate)?.slice(0, 4));
  const end = Number(asString(s?.endDate)?.slice(0, 4));
  if (Number.isInteger(start) && start > 1800) {
    if (end === start || (!end && leagueInfo(leagueId)?.calendarYear)) return String(start);
    return seasonLabel(start);
  }
  return seasonLabelAt(leagueId, kickoff);
}

function teamName(v: unknown): string | undefined {
  const t = asObject(v);
  const name = asString(t?.name)?.trim() || asString(t?.shortName)?.trim();
  return name ? canonicalTeam(name) : undefined;
}

/** One match of a football-data.org payload; undefined when it lacks an id, a date or a team. The `odds` node is ignored. */
export function toFixture(m: JsonObject, leagueId: string): ProviderFixture | undefined {
  const id = asNumber(m.id);
  const kickoffMs = Date.parse(asString(m.utcDate) ?? '');
  const homeTeam = teamName(m.homeTeam);
  const awayTeam = teamName(m.awayTeam);
  if (id === undefined || !Number.isFinite(kickoffMs) || !homeTeam || !awayTeam) return undefined;
  const kickoff = new Date(kickoffMs);
  const mapped = mapFootballDataOrgStatus(asString(m.status), m.score);
  return {
    id: `fdo-${id}`,
    leagueId,
    season: seasonOf(m, leagueId, kickoff),
    kickoff: kickoff.toISOString(),
    homeTeam,
    awayTeam,
    status: mapped.status,
    ...(mapped.score ? { score: mapped.score } : {}),
  };
}
