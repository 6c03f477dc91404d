/**
 * Pre-kickoff odds from The Odds API v4 (docs/providers.md): one `/odds` call per league
 * (h2h + totals, regions uk and eu, decimal), events joined to our fixtures by canonical team
 * names and a kickoff window, O/U taken at the 2.5 line only (from `alternate_totals` of the event
 * when the featured totals carry another main line). Best = highest price across bookmakers,
 * average = mean, sharp = Pinnacle's own prices when it offers the event (the model's preferred
 * market input); each best price names its bookmaker; every bookmaker's own prices are kept with
 * its `last_update` (the quotes value flags read). The odds scan asks for the named bookmakers
 * only (`bookmakers=`, one region's cost) and skips the alternate-totals calls. A spent quota or a
 * bad key opens a circuit: no more calls for a while. `events` lists a league's fixtures from the
 * free `/events` endpoint (no credit): the fixtures of the leagues flagged without a forecast
 * (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md); `results` their scores from `/scores`
 * (2 credits a call with `daysFrom`: docs/decisions/0297-results-for-flag-only-leagues.md).
 */
import type { BookQuote, FeedResultsProvider, FixtureOdds, OddsMarket, OddsProvider, ProviderFixture } from '@app/core/pipeline/providers';
import { FEED_RESULTS_MAX_DAYS, ProviderRejectedError, ProviderUnavailableError } from '@app/core/pipeline/providers';
import type { MarketBookmakers, MarketOdds } from '@app/core/predictions/prediction';
import { errorMessage, JsonHttpClient, type JsonHttpClientOptions, type JsonResponse, type ResponseVerdict } from '../http/json-http-client.ts';
import { headerInt } from '../http/headers.ts';
import { parseEach } from '../http/lenient.ts';
import { leagueInfo, seasonLabelAt } from '../leagues/catalog.ts';
import { teamNames, type TeamNames } from '../leagues/team-names.ts';
import {
  OddsApiErrorSchema,
  OddsApiEventSchema,
  OddsApiEventsSchema,
  OddsApiScoreEventSchema,
  type OddsApiBookmaker,
  type OddsApiEvent,
  type OddsApiScoreEvent,
} from './schemas.ts';

export const THE_ODDS_API_NAME = 'the-odds-api';

/** Our fixture id of a The Odds API event (its own id: 32 hex characters). */
export const oddsApiFixtureId = (eventId: string) => `toa-${eventId}`;

/** Error codes of a 401 that no retry will fix in this process (the circuit opens). */
const CIRCUIT_CODES = new Set(['MISSING_KEY', 'INVALID_KEY', 'DEACTIVATED_KEY', 'OUT_OF_USAGE_CREDITS']);

/** Usage as the last response's headers report it. */
export interface OddsApiQuota {
  /** Credits left this month (`x-requests-remaining`). */
  remaining?: number;
  /** Credits used this month (`x-requests-used`). */
  used?: number;
  /** Cost of the last call (`x-requests-last`). */
  last?: number;
  /** Sum of `x-requests-last` over this instance's calls. */
  spentByThisProcess: number;
  updatedAt: string;
}

export interface TheOddsApiProviderOptions {
  apiKey: string;
  /** Default `https://api.the-odds-api.com`. */
  host?: string;
  /** Default 'uk,eu' (each region costs one credit per market). */
  regions?: string;
  /** Sport key per league id, over the catalog's (e.g. { E0: 'soccer_epl' }). */
  sports?: Readonly<Record<string, string>>;
  /** How far an event's commence time may be from our kickoff to join. Default 180 minutes. */
  kickoffToleranceMinutes?: number;
  /** Event-odds calls for `alternate_totals` per `odds()` call (2 credits each with two regions). Default 10; 0 disables. */
  maxAlternateTotalsCalls?: number;
  /** How long the circuit stays open after a 401 (spent quota, bad key). Default 60 minutes. */
  circuitOpenMinutes?: number;
  /** Wait before retrying a 429 EXCEEDED_FREQ_LIMIT. Default 2 s. */
  frequencyLimitWaitMs?: number;
  /** Called after every response that carries quota headers. */
  onQuota?: (quota: OddsApiQuota) => void;
  now?: () => Date;
  /** Transport settings (fetch, sleep, timeouts, retries). */
  http?: Omit<JsonHttpClientOptions, 'provider' | 'headers' | 'classify' | 'onResponse'>;
}

/** A fixture of the feed's own (a league without history): its id, season and teams as the feed names them. */
function feedFixture(leagueId: string, eventId: string, kickoff: Date, homeTeam: string, awayTeam: string) {
  return { id: oddsApiFixtureId(eventId), leagueId, season: seasonLabelAt(leagueId, kickoff), kickoff: kickoff.toISOString(), homeTeam, awayTeam };
}

/** The circuit is open after a 401: calls are refused without reaching the API until `until`. */
export class OddsApiCircuitOpenError extends ProviderRejectedError {
  constructor(
    readonly until: Date,
    reason: string,
    options?: ErrorOptions,
  ) {
    super(THE_ODDS_API_NAME, `circuit open until ${until.toISOString()} (${reason})`, options);
    this.name = 'OddsApiCircuitOpenError';
  }
}

/** One bookmaker's price of one selection. */
type Quote = { price: number; bookmaker: string };
type Prices = { home: Quote[]; draw: Quote[]; away: Quote[]; over25: Quote[]; under25: Quote[] };
const emptyPrices = (): Prices => ({ home: [], draw: [], away: [], over25: [], under25: [] });
/** The bookmaker whose prices the model prefers (the sharpest pre-kickoff line in the backtest data). */
const SHARP_BOOKMAKER = 'pinnacle';
/** Every bookmaker's prices, the sharp bookmaker's alone, and each bookmaker's own quote by key. */
type EventPrices = { all: Prices; sharp: Prices; quotes: Map<string, BookQuote> };
const emptyEventPrices = (): EventPrices => ({ all: emptyPrices(), sharp: emptyPrices(), quotes: new Map() });
const appendPrices = (into: Prices, from: Prices) => {
  for (const market of Object.keys(from) as (keyof Prices)[]) into[market].push(...from[market]);
};
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function validPrice(p: number | undefined): number | undefined {
  return p !== undefined && p > 1 && p < 1000 ? p : undefined;
}

/** Every bookmaker's prices of an event, the sharp bookmaker's also on their own, and each one's quote. */
function collectEvent(event: OddsApiEvent, totalsKeys: readonly string[], into: EventPrices, capturedAt: string, names: Pick<TeamNames, 'teamKey'>): void {
  for (const b of event.bookmakers) {
    const own = emptyPrices();
    collectBookmaker(b, event, totalsKeys, own, names);
    appendPrices(into.all, own);
    if (b.key === SHARP_BOOKMAKER) appendPrices(into.sharp, own);
    if (!b.key) continue;
    // A quote is as fresh as its stalest market (ISO strings of one format sort as times).
    const updatedAt = new Date([b.last_update, ...b.markets.map((m) => m.last_update)].filter(Boolean).sort()[0] ?? capturedAt).toISOString();
    const quote = into.quotes.get(b.key) ?? { key: b.key, name: b.title ?? b.key, updatedAt, prices: {} };
    if (updatedAt < quote.updatedAt) quote.updatedAt = updatedAt;
    for (const [market, [first]] of Object.entries(own)) if (first) quote.prices[market as keyof Prices] = first.price;
    into.quotes.set(b.key, quote);
  }
}

/** One bookmaker's 1X2 (all three outcomes, matched by name) and 2.5 totals, added to `into`. */
function collectBookmaker(
  bookmaker: OddsApiBookmaker,
  event: OddsApiEvent,
  totalsKeys: readonly string[],
  into: Prices,
  { teamKey }: Pick<TeamNames, 'teamKey'>,
): void {
  const name = bookmaker.title ?? bookmaker.key ?? 'unknown';
  const quote = (price: number): Quote => ({ price, bookmaker: name });
  const homeKey = teamKey(event.home_team ?? '');
  const awayKey = teamKey(event.away_team ?? '');
  for (const market of bookmaker.markets) {
    const key = market.key;
    const outcomes = market.outcomes;
    if (key === 'h2h') {
      let home: number | undefined, draw: number | undefined, away: number | undefined;
      for (const o of outcomes) {
        const outcome = o.name ?? '';
        const price = validPrice(o.price);
        if (/^draw$/i.test(outcome.trim())) draw = price;
        else if (teamKey(outcome) === homeKey) home = price;
        else if (teamKey(outcome) === awayKey) away = price;
      }
      if (home !== undefined && draw !== undefined && away !== undefined) {
        into.home.push(quote(home));
        into.draw.push(quote(draw));
        into.away.push(quote(away));
      }
    } else if (key && totalsKeys.includes(key)) {
      let over: number | undefined, under: number | undefined;
      for (const o of outcomes) {
        if (o.point === undefined || Math.abs(o.point - 2.5) > 1e-9) continue;
        const side = (o.name ?? '').trim().toLowerCase();
        if (side === 'over') over = validPrice(o.price);
        else if (side === 'under') under = validPrice(o.price);
      }
      if (over !== undefined && under !== undefined) {
        into.over25.push(quote(over));
        into.under25.push(quote(under));
      }
    }
  }
}

function toFixtureOdds(prices: EventPrices, capturedAt: string): FixtureOdds | undefined {
  const best: MarketOdds = {};
  const bestBookmakers: MarketBookmakers = {};
  const average: MarketOdds = {};
  const sharp: MarketOdds = {};
  for (const market of ['home', 'draw', 'away', 'over25', 'under25'] as const) {
    const list = prices.all[market];
    if (!list.length) continue;
    // The first bookmaker listed at the highest price.
    const top = list.reduce((a, b) => (b.price > a.price ? b : a));
    best[market] = top.price;
    bestBookmakers[market] = top.bookmaker;
    average[market] = round3(list.reduce((s, x) => s + x.price, 0) / list.length);
    // Whole markets only: collectBookmaker adds all three 1X2 prices or none, both totals or none.
    const own = prices.sharp[market][0];
    if (own !== undefined) sharp[market] = own.price;
  }
  if (!Object.keys(best).length) return undefined;
  const quotes = [...prices.quotes.values()].filter((q) => Object.keys(q.prices).length);
  return { best, bestBookmakers, average, ...(Object.keys(sharp).length ? { sharp } : {}), quotes, capturedAt };
}

/** A completed event's goals, each side's score found by its team's name; undefined unless both are whole numbers. */
function finalScore(e: OddsApiScoreEvent, { teamKey }: Pick<TeamNames, 'teamKey'>): { home: number; away: number } | undefined {
  const goals = (team: string) => {
    const s = e.scores.find((x) => x.name !== undefined && teamKey(x.name) === teamKey(team))?.score;
    const n = typeof s === 'number' ? s : s !== undefined && /^\d+$/.test(s.trim()) ? Number(s) : undefined;
    return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
  };
  const home = goals(e.home_team ?? '');
  const away = goals(e.away_team ?? '');
  return home !== undefined && away !== undefined ? { home, away } : undefined;
}

export class TheOddsApiProvider implements OddsProvider, FeedResultsProvider {
  readonly name = THE_ODDS_API_NAME;
  private readonly http: JsonHttpClient;
  private readonly host: string;
  private readonly apiKey: string;
  private readonly regions: string;
  private readonly sports: Readonly<Record<string, string>>;
  private readonly toleranceMs: number;
  private readonly maxAlternateCalls: number;
  private readonly circuitMs: number;
  private readonly now: () => Date;
  private readonly onQuota: ((q: OddsApiQuota) => void) | undefined;
  private circuit: { until: number; reason: string; cause: Error } | undefined;
  private currentQuota: OddsApiQuota | undefined;

  constructor(options: TheOddsApiProviderOptions) {
    this.apiKey = options.apiKey;
    this.host = (options.host ?? 'https://api.the-odds-api.com').replace(/\/+$/, '');
    this.regions = options.regions ?? 'uk,eu';
    this.sports = options.sports ?? {};
    this.toleranceMs = (options.kickoffToleranceMinutes ?? 180) * 60_000;
    this.maxAlternateCalls = options.maxAlternateTotalsCalls ?? 10;
    this.circuitMs = (options.circuitOpenMinutes ?? 60) * 60_000;
    this.now = options.now ?? options.http?.now ?? (() => new Date());
    this.onQuota = options.onQuota;
    const freqWait = options.frequencyLimitWaitMs ?? 2000;
    this.http = new JsonHttpClient({
      now: this.now,
      ...options.http,
      provider: THE_ODDS_API_NAME,
      classify: (r) => this.classify(r, freqWait),
      onResponse: (r) => this.account(r),
    });
  }

  /** Usage reported by the last response with quota headers (undefined before any call). */
  get quota(): OddsApiQuota | undefined {
    return this.currentQuota ? { ...this.currentQuota } : undefined;
  }

  /** When the circuit closes again, if it is open. */
  get circuitOpenUntil(): Date | undefined {
    return this.circuit && this.circuit.until > this.now().getTime() ? new Date(this.circuit.until) : undefined;
  }

  sportFor(leagueId: string): string | undefined {
    return this.sports[leagueId] ?? leagueInfo(leagueId)?.oddsApi;
  }

  async odds(
    leagueId: string,
    fixtures: ProviderFixture[],
    scan?: { bookmakers: readonly string[]; markets?: readonly OddsMarket[] },
  ): Promise<Map<string, FixtureOdds>> {
    const out = new Map<string, FixtureOdds>();
    const sport = this.sportFor(leagueId);
    // The API only prices events that have not started: past fixtures are not worth a credit.
    const now = this.now().getTime();
    const upcoming = fixtures.filter((f) => Date.parse(f.kickoff) > now);
    if (!sport || upcoming.length === 0) return out;
    this.assertCircuitClosed();

    const kickoffs = upcoming.map((f) => Date.parse(f.kickoff));
    const url = this.url(`/v4/sports/${encodeURIComponent(sport)}/odds`, {
      // up to 10 named bookmakers cost what one region does
      ...(scan ? { bookmakers: scan.bookmakers.join(',') } : { regions: this.regions }),
      // each market costs a credit a region: a scan names only the markets it flags
      markets: scan?.markets?.length ? scan.markets.join(',') : 'h2h,totals',
      oddsFormat: 'decimal',
      dateFormat: 'iso',
      commenceTimeFrom: isoSeconds(Math.max(now, Math.min(...kickoffs) - this.toleranceMs)),
      commenceTimeTo: isoSeconds(Math.max(...kickoffs) + this.toleranceMs),
    });
    const res = await this.http.getJson(url);
    const events = OddsApiEventsSchema.safeParse(res.body);
    if (!events.success) throw new ProviderUnavailableError(THE_ODDS_API_NAME, `unexpected payload from ${url.pathname}: not a list of events`);

    const joined: { fixture: ProviderFixture; eventId: string; prices: EventPrices }[] = [];
    const capturedAt = this.now().toISOString();
    const taken = new Set<string>();
    const names = await teamNames();
    for (const event of parseEach(OddsApiEventSchema, events.data)) {
      const fixture = this.join(event, upcoming, names);
      if (!fixture || taken.has(fixture.id)) continue;
      taken.add(fixture.id);
      const prices = emptyEventPrices();
      collectEvent(event, ['totals'], prices, capturedAt, names);
      joined.push({ fixture, eventId: event.id ?? '', prices });
    }

    // The featured totals give each bookmaker's main line (often 2.25 or 2.75): ask the event's
    // alternate lines for 2.5. A failure here keeps the 1X2 prices already fetched.
    let altCalls = 0;
    for (const j of joined) {
      if (scan || j.prices.all.over25.length || !j.eventId || altCalls >= this.maxAlternateCalls) continue;
      altCalls += 1;
      try {
        const alt = await this.http.getJson(
          this.url(`/v4/sports/${encodeURIComponent(sport)}/events/${encodeURIComponent(j.eventId)}/odds`, {
            regions: this.regions,
            markets: 'alternate_totals',
            oddsFormat: 'decimal',
            dateFormat: 'iso',
          }),
        );
        const event = OddsApiEventSchema.safeParse(alt.body);
        const extra = emptyEventPrices();
        if (event.success) collectEvent(event.data, ['alternate_totals', 'totals'], extra, capturedAt, names);
        appendPrices(j.prices.all, extra.all);
        appendPrices(j.prices.sharp, extra.sharp);
        for (const [key, q] of extra.quotes) {
          const known = j.prices.quotes.get(key);
          if (!known) j.prices.quotes.set(key, q);
          else known.prices = { ...q.prices, ...known.prices };
        }
      } catch (error) {
        // An unknown event (404) only loses that event's line; a spent quota or an outage stops the lot.
        if (error instanceof OddsApiCircuitOpenError || !(error instanceof ProviderRejectedError)) break;
      }
    }

    for (const j of joined) {
      const odds = toFixtureOdds(j.prices, capturedAt);
      if (odds) out.set(j.fixture.id, odds);
    }
    return out;
  }

  /**
   * The league's events with a commence time in [from, to], as fixtures (`toa-<event id>`, the feed's team names):
   * `GET /v4/sports/{sport}/events`, which costs no credit. An event without an id, a time or both teams is skipped.
   */
  async events(leagueId: string, from: Date, to: Date): Promise<ProviderFixture[]> {
    const sport = this.sportFor(leagueId);
    if (!sport || to.getTime() < from.getTime()) return [];
    this.assertCircuitClosed();
    const url = this.url(`/v4/sports/${encodeURIComponent(sport)}/events`, {
      dateFormat: 'iso',
      commenceTimeFrom: isoSeconds(from.getTime()),
      commenceTimeTo: isoSeconds(to.getTime()),
    });
    const res = await this.http.getJson(url);
    const events = OddsApiEventsSchema.safeParse(res.body);
    if (!events.success) throw new ProviderUnavailableError(THE_ODDS_API_NAME, `unexpected payload from ${url.pathname}: not a list of events`);
    return parseEach(OddsApiEventSchema, events.data).flatMap((e) => {
      const commence = Date.parse(e.commence_time ?? '');
      if (!e.id || !Number.isFinite(commence) || !e.home_team || !e.away_team) return [];
      return [{ ...feedFixture(leagueId, e.id, new Date(commence), e.home_team, e.away_team), status: 'scheduled' as const }];
    });
  }

  /**
   * The league's events that kicked off within the last `days` days (1 to 3) and before now, from
   * `GET /v4/sports/{sport}/scores?daysFrom=` (2 credits): `finished` with the score once `completed`, `live` until
   * then. A league's matches have no extra time, so the final score is the 90-minute one. An event without an id, a
   * time or both teams is skipped; a completed one whose scores do not name both teams reads as still `live`.
   */
  async results(leagueId: string, days: number): Promise<ProviderFixture[]> {
    const sport = this.sportFor(leagueId);
    if (!sport) return [];
    const daysFrom = Math.min(FEED_RESULTS_MAX_DAYS, Math.max(1, Math.ceil(days)));
    this.assertCircuitClosed();
    const url = this.url(`/v4/sports/${encodeURIComponent(sport)}/scores`, { daysFrom: String(daysFrom), dateFormat: 'iso' });
    const res = await this.http.getJson(url);
    const events = OddsApiEventsSchema.safeParse(res.body);
    if (!events.success) throw new ProviderUnavailableError(THE_ODDS_API_NAME, `unexpected payload from ${url.pathname}: not a list of events`);
    const now = this.now().getTime();
    const from = now - daysFrom * 24 * 3_600_000;
    const names = await teamNames();
    return parseEach(OddsApiScoreEventSchema, events.data).flatMap((e) => {
      const commence = Date.parse(e.commence_time ?? '');
      if (!e.id || !Number.isFinite(commence) || commence > now || commence < from || !e.home_team || !e.away_team) return [];
      const score = e.completed ? finalScore(e, names) : undefined;
      const fixture = feedFixture(leagueId, e.id, new Date(commence), e.home_team, e.away_team);
      return [score ? { ...fixture, status: 'finished' as const, score } : { ...fixture, status: 'live' as const }];
    });
  }

  /** The fixture an event is: kickoff within the tolerance, and the same clubs (exact key first, then close spellings), unambiguously. */
  private join(event: OddsApiEvent, fixtures: ProviderFixture[], { sameTeam, teamKey }: Pick<TeamNames, 'sameTeam' | 'teamKey'>): ProviderFixture | undefined {
    const commence = Date.parse(event.commence_time ?? '');
    const home = event.home_team;
    const away = event.away_team;
    if (!Number.isFinite(commence) || !home || !away) return undefined;
    const near = fixtures.filter((f) => Math.abs(Date.parse(f.kickoff) - commence) <= this.toleranceMs);
    const exact = near.filter((f) => teamKey(f.homeTeam) === teamKey(home) && teamKey(f.awayTeam) === teamKey(away));
    if (exact.length === 1) return exact[0];
    if (exact.length > 1) return undefined;
    const close = near.filter((f) => sameTeam(f.homeTeam, home) && sameTeam(f.awayTeam, away));
    return close.length === 1 ? close[0] : undefined;
  }

  private url(path: string, params: Record<string, string>): URL {
    const u = new URL(`${this.host}${path}`);
    u.searchParams.set('apiKey', this.apiKey);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u;
  }

  private assertCircuitClosed(): void {
    if (!this.circuit) return;
    if (this.circuit.until > this.now().getTime()) {
      throw new OddsApiCircuitOpenError(new Date(this.circuit.until), this.circuit.reason, { cause: this.circuit.cause });
    }
    this.circuit = undefined;
  }

  private classify(r: JsonResponse, freqWait: number): ResponseVerdict | undefined {
    if (r.status >= 200 && r.status < 300) return { action: 'accept' };
    const body = OddsApiErrorSchema.safeParse(r.body);
    const code = (body.success ? body.data.error_code : undefined) ?? '';
    const message = errorMessage(r.body) ?? `HTTP ${r.status}`;
    if (r.status === 429) return { action: 'retry', reason: `frequency limit: ${code || message}`, waitMs: freqWait };
    if (r.status === 401) {
      const error = new ProviderRejectedError(THE_ODDS_API_NAME, `HTTP 401 ${code || 'UNAUTHORIZED'}: ${message}`);
      if (CIRCUIT_CODES.has(code) || code === '') {
        this.circuit = { until: this.now().getTime() + this.circuitMs, reason: code || 'HTTP 401', cause: error };
        return { action: 'reject', error: new OddsApiCircuitOpenError(new Date(this.circuit.until), this.circuit.reason, { cause: error }) };
      }
      return { action: 'reject', error };
    }
    if (r.status >= 400 && r.status < 500 && r.status !== 408) {
      return { action: 'reject', error: new ProviderRejectedError(THE_ODDS_API_NAME, `HTTP ${r.status} ${code}: ${message}`.replace(/\s+:/, ':')) };
    }
    return undefined;
  }

  private account(r: JsonResponse): void {
    const remaining = headerInt(r.headers, 'x-requests-remaining');
    const used = headerInt(r.headers, 'x-requests-used');
    const last = headerInt(r.headers, 'x-requests-last');
    if (remaining === undefined && used === undefined && last === undefined) return;
    this.currentQuota = {
      ...(remaining !== undefined ? { remaining } : {}),
      ...(used !== undefined ? { used } : {}),
      ...(last !== undefined ? { last } : {}),
      spentByThisProcess: (this.currentQuota?.spentByThisProcess ?? 0) + (last ?? 0),
      updatedAt: this.now().toISOString(),
    };
    this.onQuota?.({ ...this.currentQuota });
  }
}
