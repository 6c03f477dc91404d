/**
 * The Odds API v4 payloads for tests, shaped like the `/v4/sports/soccer_epl/odds` sample in
 * docs/providers.md (prices made up). Outcome order is whatever the test asks for.
 */
export interface BookmakerPrices {
  key: string;
  /** [home, draw, away] prices, listed in `order`. */
  h2h?: [number, number, number];
  order?: ('home' | 'draw' | 'away')[];
  totals?: { point: number; over: number; under: number }[];
  /** Market key of the totals lines: 'totals' (featured) or 'alternate_totals'. */
  totalsKey?: string;
  /** The bookmaker's `last_update` (default 2024-08-19T08:26:02Z) and its h2h market's own, when different. */
  lastUpdate?: string;
  h2hLastUpdate?: string;
  title?: string;
}

export function event(o: { id: string; commence: string; home: string; away: string; bookmakers: BookmakerPrices[]; sport?: string }) {
  return {
    id: o.id,
    sport_key: o.sport ?? 'soccer_epl',
    sport_title: 'EPL',
    commence_time: o.commence,
    home_team: o.home,
    away_team: o.away,
    bookmakers: o.bookmakers.map((b) => {
      const markets: Record<string, unknown>[] = [];
      if (b.h2h) {
        const byOutcome = { home: { name: o.home, price: b.h2h[0] }, draw: { name: 'Draw', price: b.h2h[1] }, away: { name: o.away, price: b.h2h[2] } };
        markets.push({
          key: 'h2h',
          last_update: b.h2hLastUpdate ?? b.lastUpdate ?? '2024-08-19T08:26:02Z',
          outcomes: (b.order ?? ['home', 'away', 'draw']).map((k) => byOutcome[k]),
        });
      }
      if (b.totals) {
        markets.push({
          key: b.totalsKey ?? 'totals',
          last_update: b.lastUpdate ?? '2024-08-19T08:26:02Z',
          outcomes: b.totals.flatMap((t) => [
            { name: 'Over', price: t.over, point: t.point },
            { name: 'Under', price: t.under, point: t.point },
          ]),
        });
      }
      return { key: b.key, title: b.title ?? b.key, last_update: b.lastUpdate ?? '2024-08-19T08:26:02Z', markets };
    }),
  };
}

export const quotaHeaders = (remaining: number, used: number, last: number) => ({
  'x-requests-remaining': String(remaining),
  'x-requests-used': String(used),
  'x-requests-last': String(last),
});

export const outOfCredits = {
  message: 'Usage quota has been reached.',
  error_code: 'OUT_OF_USAGE_CREDITS',
  details_url: 'https://the-odds-api.com/liveapi/guides/v4/api-error-codes.html#out-of-usage-credits',
};
export const frequencyLimit = { message: 'Exceeded frequency limit.', error_code: 'EXCEEDED_FREQ_LIMIT' };
export const invalidMarket = { message: 'Markets not supported by this endpoint.', error_code: 'INVALID_MARKET' };
export const eventNotFound = { message: 'Event not found.', error_code: 'EVENT_NOT_FOUND' };

/**
 * One event of `/v4/sports/{sport}/scores` (the API's own shape: scores as text, null before kickoff) from the contract's
 * event (`toa-<id>`); `reversed` lists the away side's score first.
 */
export function scoreEvent(
  e: { id: string; kickoff: string; homeTeam: string; awayTeam: string; score?: { home: number; away: number } },
  options: { reversed?: boolean; now?: Date } = {},
) {
  const started = Date.parse(e.kickoff) <= (options.now ?? new Date('2026-11-22T13:00:00Z')).getTime();
  const scores = e.score
    ? [
        { name: e.homeTeam, score: String(e.score.home) },
        { name: e.awayTeam, score: String(e.score.away) },
      ]
    : [
        { name: e.homeTeam, score: '0' },
        { name: e.awayTeam, score: '0' },
      ];
  return {
    id: e.id.replace(/^toa-/, ''),
    sport_key: 'soccer_austria_bundesliga',
    sport_title: 'Austrian Football Bundesliga',
    commence_time: e.kickoff,
    completed: e.score !== undefined,
    home_team: e.homeTeam,
    away_team: e.awayTeam,
    scores: started ? (options.reversed ? scores.reverse() : scores) : null,
    last_update: started ? e.kickoff : null,
  };
}
