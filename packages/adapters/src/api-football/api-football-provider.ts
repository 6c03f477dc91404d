/**
 * Fixtures, results and match statistics from API-Football v3 (docs/providers.md,
 * docs/decisions/0120-production-data-providers.md): `/fixtures` by league, season and date window
 * (one call per league and season), shots and shots on target of finished fixtures twenty at a
 * time (`/fixtures?ids=`), results on the 90-minute score. Errors that arrive with HTTP 200 in the
 * envelope's `errors` are classified like HTTP ones. The daily quota is read from every answer:
 * once it is spent no call leaves before 00:00 UTC, and the history import stops while a share of
 * the day's requests is still left for the results runs, to continue on the next run.
 */
import type { FixtureProvider, FixtureStatus, HistoryProgress, League, MatchStats, ProviderFixture } from '@app/core/pipeline/providers';
import { ProviderRejectedError, ProviderUnavailableError } from '@app/core/pipeline/providers';
import { DAY_MS, utcDay } from '@app/core/clock';
import type { MatchRecord } from '@app/model/types';
import { headerInt } from '../http/headers.ts';
import { JsonHttpClient, type JsonHttpClientOptions, type JsonResponse, type ResponseVerdict } from '../http/json-http-client.ts';
import { parseEach } from '../http/lenient.ts';
import { DEPLOYED_LEAGUES, leagueInfo, seasonLabel, seasonLabelAt, toLeague, type LeagueInfo } from '../leagues/catalog.ts';
import { teamNames, type TeamNames } from '../leagues/team-names.ts';
import { AfEnvelopeSchema, AfFixtureSchema, type AfFixture, type AfGoals } from './schemas.ts';

export const API_FOOTBALL_NAME = 'api-football';
/** Fixture ids one `/fixtures?ids=` call accepts. */
export const IDS_PER_CALL = 20;

/** Usage as the last answer's headers report it. */
export interface ApiFootballQuota {
  /** The plan's requests per day (`x-ratelimit-requests-limit`). */
  dayLimit?: number;
  /** Requests left today (`x-ratelimit-requests-remaining`); the day ends at 00:00 UTC. */
  dayRemaining?: number;
  /** Requests per minute (`X-RateLimit-Limit`) and those left in this minute (`X-RateLimit-Remaining`). */
  minuteLimit?: number;
  minuteRemaining?: number;
  updatedAt: string;
}

export interface ApiFootballProviderOptions {
  /** The API key, sent as `x-apisports-key` (a key of api-sports.io, not of RapidAPI). */
  apiKey: string;
  /** Default `https://v3.football.api-sports.io`. */
  baseUrl?: string;
  /** Our league ids to serve. Default: the ten deployed leagues (catalog.ts `DEPLOYED_LEAGUES`). */
  leagues?: readonly string[];
  /** Seasons before the current one read by `history()`. Default 3 (four seasons in all). */
  historySeasons?: number;
  /** Requests of the day the history import leaves for the daily jobs. Default a tenth of the plan's daily quota. */
  historyReserve?: number;
  /** Wait after an `errors.rateLimit` answer before the next attempt. Default 60 s. */
  rateLimitWaitMs?: number;
  /** Called after every answer that carries quota headers. */
  onQuota?: (quota: ApiFootballQuota) => void;
  /** Transport settings (fetch, sleep, clock, timeouts, retries). */
  http?: Omit<JsonHttpClientOptions, 'provider' | 'headers' | 'classify' | 'pauseAfter' | 'onResponse'>;
}

/** The plan does not include what was asked (a season outside the free plan's range): no retry will help. */
export class ApiFootballPlanError extends ProviderRejectedError {
  constructor(message: string, options?: ErrorOptions) {
    super(API_FOOTBALL_NAME, `not available on this plan: ${message}`, options);
    this.name = 'ApiFootballPlanError';
  }
}

/** A status and a 90-minute score read from an API-Football fixture. */
export interface MappedStatus {
  status: FixtureStatus;
  score?: { home: number; away: number };
}

function both(g: AfGoals | undefined): { home: number; away: number } | undefined {
  return g?.home !== undefined && g.away !== undefined ? { home: g.home, away: g.away } : undefined;
}

/**
 * API-Football `fixture.status.short` -> ours. FT is settled on `score.fulltime` (the goals when it
 * is missing). AET and PEN are settled on `score.fulltime` only when fulltime plus extratime adds
 * up to the goals, which shows it is the 90-minute score; otherwise 'unknown' (for review, never
 * settled on the wrong score). PST stays pending (docs/decisions/0121-postponed-matches-stay-pending.md);
 * CANC, ABD, AWD and WO are void: an awarded or walked-over score was not played.
 */
export function mapApiFootballStatus(
  short: string | undefined,
  goals: AfGoals | undefined,
  score: { fulltime?: AfGoals; extratime?: AfGoals } | undefined,
): MappedStatus {
  switch (short) {
    case 'TBD':
    case 'NS':
      return { status: 'scheduled' };
    case '1H':
    case 'HT':
    case '2H':
    case 'ET':
    case 'BT':
    case 'P':
    case 'SUSP':
    case 'INT':
    case 'LIVE':
      return { status: 'live' };
    case 'FT': {
      const full = both(score?.fulltime) ?? both(goals);
      return full ? { status: 'finished', score: full } : { status: 'unknown' };
    }
    case 'AET':
    case 'PEN': {
      const full = both(score?.fulltime);
      const extra = both(score?.extratime);
      const total = both(goals);
      const adds = full && extra && total && full.home + extra.home === total.home && full.away + extra.away === total.away;
      return adds ? { status: 'finished', score: full } : { status: 'unknown' };
    }
    case 'PST':
      return { status: 'postponed' };
    case 'CANC':
    case 'ABD':
    case 'AWD':
    case 'WO':
      return { status: 'cancelled' };
    default:
      return { status: 'unknown' };
  }
}

/** A count of a statistics entry: an integer or a digit string; null (and anything else) is missing, never 0. */
function count(value: number | string | null | undefined): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** Shots ('Total Shots') and shots on target ('Shots on Goal') of a fixture read with `ids=`; each pair only when both sides have it. */
export function matchStatistics(item: AfFixture): MatchStats | undefined {
  const side = (teamId: number | undefined) => (teamId === undefined ? undefined : item.statistics.find((s) => s.team.id === teamId));
  const home = side(item.teams.home.id);
  const away = side(item.teams.away.id);
  if (!home || !away) return undefined;
  const pair = (type: string) => {
    const h = count(home.statistics.find((s) => s.type === type)?.value);
    const a = count(away.statistics.find((s) => s.type === type)?.value);
    return h !== undefined && a !== undefined ? [h, a] : undefined;
  };
  const shots = pair('Total Shots');
  const onTarget = pair('Shots on Goal');
  const stats: MatchStats = {
    ...(shots ? { homeShots: shots[0], awayShots: shots[1] } : {}),
    ...(onTarget ? { homeShotsOnTarget: onTarget[0], awayShotsOnTarget: onTarget[1] } : {}),
  };
  return Object.keys(stats).length ? stats : undefined;
}

/** One fixture of a payload, its clubs by their canonical names; undefined when its date or a team is unusable. */
export function toFixture(item: AfFixture, leagueId: string, { canonicalTeam }: Pick<TeamNames, 'canonicalTeam'>): ProviderFixture | undefined {
  const { fixture } = item;
  const kickoffMs = fixture.date ? Date.parse(fixture.date) : fixture.timestamp !== undefined ? fixture.timestamp * 1000 : NaN;
  const homeName = item.teams.home.name?.trim();
  const awayName = item.teams.away.name?.trim();
  if (!Number.isFinite(kickoffMs) || !homeName || !awayName) return undefined;
  const kickoff = new Date(kickoffMs);
  const start = item.league?.season;
  const season =
    start !== undefined && start > 1800 ? (leagueInfo(leagueId)?.calendarYear ? String(start) : seasonLabel(start)) : seasonLabelAt(leagueId, kickoff);
  const mapped = mapApiFootballStatus(fixture.status?.short, item.goals, item.score);
  return {
    id: `af-${fixture.id}`,
    leagueId,
    season,
    kickoff: kickoff.toISOString(),
    homeTeam: canonicalTeam(homeName),
    awayTeam: canonicalTeam(awayName),
    status: mapped.status,
    ...(mapped.score ? { score: mapped.score } : {}),
  };
}

/** The messages of a non-empty `errors` node, by kind; undefined when there is none. */
export function envelopeErrors(body: unknown): Record<string, string> | undefined {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  if (Array.isArray(errors)) return errors.length ? { errors: errors.map(text).join('; ') } : undefined;
  if (errors && typeof errors === 'object') {
    const entries = Object.entries(errors as Record<string, unknown>);
    return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, text(v)])) : undefined;
  }
  return undefined;
}

const startYear = (leagueId: string, at: Date) => Number(seasonLabelAt(leagueId, at).slice(0, 4));
const nextUtcMidnight = (at: Date) => new Date(Date.parse(utcDay(at)) + DAY_MS);

function toRecord(f: ProviderFixture, stats: MatchStats | undefined): MatchRecord {
  return {
    date: f.kickoff,
    league: f.leagueId,
    season: f.season,
    home: f.homeTeam,
    away: f.awayTeam,
    homeGoals: f.score!.home,
    awayGoals: f.score!.away,
    ...stats,
  };
}

/** The deployed stages' fixture provider: fixtures, results and match statistics of the configured leagues. */
export class ApiFootballProvider implements FixtureProvider {
  readonly name = API_FOOTBALL_NAME;
  private readonly http: JsonHttpClient;
  private readonly baseUrl: string;
  private readonly served: readonly LeagueInfo[];
  private readonly historySeasons: number;
  private readonly historyReserve: number | undefined;
  private readonly rateLimitWaitMs: number;
  private readonly onQuota: ((quota: ApiFootballQuota) => void) | undefined;
  private readonly now: () => Date;
  private lastQuota: ApiFootballQuota | undefined;
  /** Set when the day's quota is spent: no call leaves before then. */
  private spentUntil: Date | undefined;

  constructor(options: ApiFootballProviderOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://v3.football.api-sports.io').replace(/\/+$/, '');
    this.historySeasons = options.historySeasons ?? 3;
    this.historyReserve = options.historyReserve;
    this.rateLimitWaitMs = options.rateLimitWaitMs ?? 60_000;
    this.onQuota = options.onQuota;
    this.now = options.http?.now ?? (() => new Date());
    this.served = (options.leagues ?? DEPLOYED_LEAGUES).map((id) => {
      const info = leagueInfo(id);
      if (info?.apiFootball === undefined) throw new Error(`league '${id}' has no API-Football id in the catalog`);
      return info;
    });
    this.http = new JsonHttpClient({
      ...options.http,
      provider: API_FOOTBALL_NAME,
      headers: { 'x-apisports-key': options.apiKey },
      classify: (r) => this.classify(r),
      pauseAfter: (r) => (headerInt(r.headers, 'x-ratelimit-remaining') === 0 ? 60_000 : undefined),
      onResponse: (r) => this.account(r),
    });
  }

  /** Usage reported by the last answer with quota headers (undefined before any call). */
  get quota(): ApiFootballQuota | undefined {
    return this.lastQuota ? { ...this.lastQuota } : undefined;
  }

  async leagues(): Promise<League[]> {
    return this.served.map(toLeague);
  }

  async fixtures(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]> {
    const league = this.leagueId(leagueId);
    const out = new Map<string, ProviderFixture>();
    const names = await teamNames();
    // `from`/`to` go with a season: a window across the summer break asks each season.
    for (const season of new Set([startYear(leagueId, from), startYear(leagueId, to)])) {
      for (const item of await this.get({ league, season, from: utcDay(from), to: utcDay(to) })) {
        const f = toFixture(item, leagueId, names);
        if (f && Date.parse(f.kickoff) >= from.getTime() && Date.parse(f.kickoff) <= to.getTime()) out.set(f.id, f);
      }
    }
    return [...out.values()].sort((a, b) => a.kickoff.localeCompare(b.kickoff));
  }

  /**
   * Finished matches of the current season and the `historySeasons` before it, played before
   * `before`, with their shots and shots on target. Matches in `progress.known` are returned as
   * they are; the others are read twenty per call and saved batch by batch. A season the plan does
   * not cover is skipped (the error is thrown when none is readable). When the day's requests are
   * down to the reserve the import stops with a ProviderRejectedError: the next run continues.
   */
  async history(leagueId: string, before: Date, progress?: HistoryProgress): Promise<MatchRecord[]> {
    const league = this.leagueId(leagueId);
    const current = startYear(leagueId, before);
    const finished: ProviderFixture[] = [];
    let refused: ApiFootballPlanError | undefined;
    let readable = 0;
    const names = await teamNames();
    for (let season = current - this.historySeasons; season <= current; season++) {
      let items: AfFixture[];
      try {
        items = await this.get({ league, season });
      } catch (error) {
        if (!(error instanceof ApiFootballPlanError)) throw error;
        refused ??= error;
        continue;
      }
      readable += 1;
      for (const item of items) {
        const f = toFixture(item, leagueId, names);
        if (f?.status === 'finished' && f.score && Date.parse(f.kickoff) < before.getTime()) finished.push(f);
      }
    }
    if (readable === 0 && refused) throw refused;

    const key = (r: { date: string; home: string; away: string }) => `${Date.parse(r.date)}|${r.home}|${r.away}`;
    const known = new Map((progress?.known ?? []).map((r) => [key(r), r]));
    const out: MatchRecord[] = [];
    const toRead: ProviderFixture[] = [];
    for (const f of finished) {
      const k = known.get(key({ date: f.kickoff, home: f.homeTeam, away: f.awayTeam }));
      if (k) out.push(k);
      else toRead.push(f);
    }
    for (let i = 0; i < toRead.length; i += IDS_PER_CALL) {
      this.keepReserve(leagueId, out.length, finished.length);
      const batch = toRead.slice(i, i + IDS_PER_CALL);
      const stats = await this.read(batch);
      const records = batch.map((f) => toRecord(f, stats.get(f.id)));
      await progress?.save(records);
      out.push(...records);
    }
    return out.sort((a, b) => a.date.localeCompare(b.date));
  }

  /** Shots and shots on target of finished fixtures (ours: `af-` ids), twenty per call. */
  async statistics(leagueId: string, fixtures: ProviderFixture[]): Promise<Map<string, MatchStats>> {
    this.leagueId(leagueId); // refuses a league it does not serve, like the other calls
    const ours = fixtures.filter((f) => /^af-\d+$/.test(f.id));
    const out = new Map<string, MatchStats>();
    for (let i = 0; i < ours.length; i += IDS_PER_CALL) {
      for (const [id, stats] of await this.read(ours.slice(i, i + IDS_PER_CALL))) out.set(id, stats);
    }
    return out;
  }

  private async read(fixtures: ProviderFixture[]): Promise<Map<string, MatchStats>> {
    const items = await this.get({ ids: fixtures.map((f) => f.id.slice('af-'.length)).join('-') });
    const out = new Map<string, MatchStats>();
    for (const item of items) {
      const stats = matchStatistics(item);
      if (stats) out.set(`af-${item.fixture.id}`, stats);
    }
    return out;
  }

  /** Stops the history import while the day still has its reserve of requests for the results runs. */
  private keepReserve(leagueId: string, done: number, total: number): void {
    const left = this.lastQuota?.dayRemaining;
    if (left === undefined) return;
    const reserve = this.historyReserve ?? Math.ceil((this.lastQuota?.dayLimit ?? 0) / 10);
    if (left > reserve) return;
    throw new ProviderRejectedError(
      API_FOOTBALL_NAME,
      `history import of ${leagueId} paused after ${done} of ${total} matches: ${left} requests left today are kept for the results runs; the next run continues`,
    );
  }

  private leagueId(leagueId: string): number {
    const info = this.served.find((l) => l.id === leagueId);
    if (!info) throw new ProviderRejectedError(API_FOOTBALL_NAME, `league ${leagueId} is not among the configured leagues`);
    return info.apiFootball!;
  }

  private async get(params: Record<string, string | number>): Promise<AfFixture[]> {
    if (this.spentUntil && this.now() < this.spentUntil) {
      throw new ProviderRejectedError(API_FOOTBALL_NAME, `daily request quota spent: no call before ${this.spentUntil.toISOString()}`);
    }
    const url = new URL(`${this.baseUrl}/fixtures`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    const res = await this.http.getJson(url);
    const envelope = AfEnvelopeSchema.safeParse(res.body);
    if (!envelope.success) throw new ProviderUnavailableError(API_FOOTBALL_NAME, `unexpected payload from ${url.pathname}: no response list`);
    return parseEach(AfFixtureSchema, envelope.data.response);
  }

  /** Errors in the envelope of an HTTP 200, classified as the JSON client's verdicts; other statuses keep its defaults. */
  private classify(r: JsonResponse): ResponseVerdict | undefined {
    if (r.status < 200 || r.status >= 300) return undefined;
    const errors = envelopeErrors(r.body);
    if (!errors) return { action: 'accept' };
    if (errors.requests !== undefined) {
      this.spentUntil = nextUtcMidnight(this.now());
      return {
        action: 'reject',
        error: new ProviderRejectedError(API_FOOTBALL_NAME, `daily request quota spent (${errors.requests}): no call before ${this.spentUntil.toISOString()}`),
      };
    }
    if (errors.rateLimit !== undefined) return { action: 'retry', reason: `rate limited: ${errors.rateLimit}`, waitMs: this.rateLimitWaitMs };
    if (errors.plan !== undefined) return { action: 'reject', error: new ApiFootballPlanError(errors.plan) };
    const said = Object.entries(errors)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    return { action: 'reject', error: new ProviderRejectedError(API_FOOTBALL_NAME, `request refused (${said})`) };
  }

  private account(r: JsonResponse): void {
    const dayLimit = headerInt(r.headers, 'x-ratelimit-requests-limit');
    const dayRemaining = headerInt(r.headers, 'x-ratelimit-requests-remaining');
    const minuteLimit = headerInt(r.headers, 'x-ratelimit-limit');
    const minuteRemaining = headerInt(r.headers, 'x-ratelimit-remaining');
    if ([dayLimit, dayRemaining, minuteLimit, minuteRemaining].every((v) => v === undefined)) return;
    const now = this.now();
    this.lastQuota = {
      ...(dayLimit !== undefined ? { dayLimit } : {}),
      ...(dayRemaining !== undefined ? { dayRemaining } : {}),
      ...(minuteLimit !== undefined ? { minuteLimit } : {}),
      ...(minuteRemaining !== undefined ? { minuteRemaining } : {}),
      updatedAt: now.toISOString(),
    };
    if (dayRemaining === 0) this.spentUntil = nextUtcMidnight(now);
    this.onQuota?.({ ...this.lastQuota });
  }
}
