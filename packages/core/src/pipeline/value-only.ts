/**
 * Value flags in every league with a sharp price (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md):
 * a flag needs Pinnacle's fair price and a declared book's, not our models, so the odds scan also flags the fixtures
 * of catalog leagues without history, known only from the odds feed. Their forecast cards stay away: such a fixture
 * gets a flag-only record (`valueOnly`), written the first time the scan flags it. Pure functions.
 */
import { sharpFair } from '../predictions/value-flags.ts';
import type { FixtureOdds } from '../predictions/odds.ts';
import { fixtureRefOf, type StoredPrediction } from '../predictions/prediction.ts';
import type { StoredFixture } from './ports.ts';
import type { League, ProviderFixture } from './providers.ts';

/** The model version a flag-only record and its ledger entries carry: no model made them. */
export const VALUE_ONLY_MODEL = 'value-only';

/** The leagues a deployed stage flags without a forecast: every catalog league with an odds-feed key, or a list, or none. */
export type ValueOnlyLeaguesSetting = 'all' | 'none' | readonly string[];

/**
 * The flag-only leagues of a setting: the catalog's leagues the odds feed has a key for, less the leagues that get
 * forecasts (their fixtures are scanned as forecasts). A named league the feed has no key for, or one that gets
 * forecasts, is a configuration mistake, refused with its reason.
 */
export function valueOnlyLeagues(
  setting: ValueOnlyLeaguesSetting,
  catalog: readonly (League & { oddsApi?: string })[],
  forecastLeagues: readonly string[],
): League[] {
  const quoted = catalog.filter((l) => l.oddsApi !== undefined);
  const toLeague = (l: League): League => ({ id: l.id, name: l.name, country: l.country });
  if (setting === 'none') return [];
  if (setting === 'all') return quoted.filter((l) => !forecastLeagues.includes(l.id)).map(toLeague);
  const problems = setting.flatMap((id) => {
    if (!catalog.some((l) => l.id === id)) return [`${id}: not a league of the catalog`];
    if (!quoted.some((l) => l.id === id)) return [`${id}: The Odds API has no sport key for it`];
    if (forecastLeagues.includes(id)) return [`${id}: it gets forecasts already`];
    return [];
  });
  if (problems.length) throw new Error(`VALUE_ONLY_LEAGUES: ${problems.join('; ')}`);
  return [...new Set(setting)].map((id) => toLeague(quoted.find((l) => l.id === id)!));
}

/** The scan asks the odds feed for the flag-only leagues' fixtures once an hour (the run at :00): the list costs no credit, but a call. */
export const valueOnlyListingDue = (now: Date): boolean => now.getUTCMinutes() < 15;

/** A fixture the odds feed lists, as stored for the scan (its league's name from the setting). */
export function feedFixture(f: ProviderFixture, league: League, now: Date): StoredFixture {
  return { ...f, leagueName: league.name, updatedAt: now.toISOString() };
}

/** Whether a listed fixture is new to the store or moved (a kickoff or a status the stored one does not have). */
export const fixtureChanged = (listed: ProviderFixture, stored: StoredFixture | undefined): boolean =>
  !stored || stored.kickoff !== listed.kickoff || stored.status !== listed.status;

/**
 * The flag-only record a fixture starts from before the scan first flags it (never stored as it is: a record without
 * a flag is not written). `generatedAt` is the scan's time; the fair price is set by the scan that writes it.
 */
export function blankValueOnly(f: Pick<StoredFixture, 'id' | 'leagueId' | 'leagueName' | 'homeTeam' | 'awayTeam' | 'kickoff'>, now: Date): StoredPrediction {
  return {
    ...fixtureRefOf({ ...f, kickoff: new Date(f.kickoff).toISOString() }, f.leagueName),
    valueOnly: true,
    probabilities: { home: 0, draw: 0, away: 0 },
    overUnder25: { over: 0, under: 0 },
    valueBets: [],
    modelVersion: VALUE_ONLY_MODEL,
    generatedAt: now.toISOString(),
    origin: 'published',
    status: 'scheduled',
  };
}

/** A flag-only record never written before (the scan read none): it is written only once it carries a flag. */
export const unwrittenValueOnly = (p: StoredPrediction): boolean => p.valueOnly === true && p.valueScannedAt === undefined;

/**
 * A flag-only record with the sharp fair price of this capture, where it has a whole 1X2 (and Over/Under): what its
 * flags were measured against, and what its ledger entries record as the fair probability.
 */
export function withFairPrice(p: StoredPrediction, odds: Pick<FixtureOdds, 'sharp'>): StoredPrediction {
  if (!p.valueOnly) return p;
  const fair = sharpFair(odds);
  if (fair.home === undefined || fair.draw === undefined || fair.away === undefined) return p;
  const over = fair.over25 ?? p.market?.over25 ?? 0;
  const x1 = { home: fair.home, draw: fair.draw, away: fair.away };
  return { ...p, probabilities: x1, overUnder25: { over, under: over ? 1 - over : 0 }, market: { ...x1, over25: over } };
}
