import { describe, expect, it } from 'vitest';
import { valueOnlyLeagues, valueOnlyListingDue } from './value-only.ts';

const catalog = [
  { id: 'E0', name: 'Premier League', country: 'England', oddsApi: 'soccer_epl' },
  { id: 'EC', name: 'National League', country: 'England' },
  { id: 'AUT', name: 'Bundesliga', country: 'Austria', oddsApi: 'soccer_austria_bundesliga' },
  { id: 'DNK', name: 'Superliga', country: 'Denmark', oddsApi: 'soccer_denmark_superliga' },
];

describe('the leagues flagged without a forecast (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md)', () => {
  it('all: every catalog league the odds feed has a key for, less the leagues with forecasts', () => {
    expect(valueOnlyLeagues('all', catalog, ['E0']).map((l) => l.id)).toEqual(['AUT', 'DNK']);
    expect(valueOnlyLeagues('all', catalog, ['E0'])[0]).toEqual({ id: 'AUT', name: 'Bundesliga', country: 'Austria' });
    expect(valueOnlyLeagues('none', catalog, ['E0'])).toEqual([]);
  });

  it('a list names its leagues once, and refuses one the feed has no key for, one with forecasts or one not in the catalog', () => {
    expect(valueOnlyLeagues(['DNK', 'AUT', 'DNK'], catalog, ['E0']).map((l) => l.id)).toEqual(['DNK', 'AUT']);
    expect(() => valueOnlyLeagues(['EC', 'E0', 'XX'], catalog, ['E0'])).toThrow(
      'VALUE_ONLY_LEAGUES: EC: The Odds API has no sport key for it; E0: it gets forecasts already; XX: not a league of the catalog',
    );
  });

  it("lists the feed's fixtures at the scan on the hour only", () => {
    expect(valueOnlyListingDue(new Date('2026-11-22T13:00:00Z'))).toBe(true);
    expect(valueOnlyListingDue(new Date('2026-11-22T13:14:59Z'))).toBe(true);
    expect(valueOnlyListingDue(new Date('2026-11-22T13:15:00Z'))).toBe(false);
  });
});
