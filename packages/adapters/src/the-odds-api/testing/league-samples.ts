/**
 * A recorded `/v4/sports/{sport}/odds` answer per deployed league, with the clubs named as The
 * Odds API names them: the same clubs, index for index, as API-Football's samples
 * (api-football/testing/payloads.ts `TEAMS`), so a test can check that both spellings of a club
 * reach one canonical name. Prices are made up.
 */
import { leagueInfo } from '../../leagues/catalog.ts';
import { event } from './payloads.ts';

export const ODDS_API_CLUBS: Readonly<Record<string, readonly string[]>> = {
  E0: [
    'Manchester United',
    'Everton',
    'Brighton and Hove Albion',
    'Nottingham Forest',
    'Tottenham Hotspur',
    'Wolverhampton Wanderers',
    'Newcastle United',
    'West Ham United',
  ],
  E1: ['Sheffield United', 'Sheffield Wednesday', 'Hull City', 'Stoke City', 'West Bromwich Albion', 'Queens Park Rangers'],
  SP1: ['Atlético Madrid', 'Athletic Bilbao', 'Real Betis', 'Celta Vigo', 'Espanyol', 'Alavés'],
  D1: ['Bayern Munich', 'Borussia Monchengladbach', 'TSG Hoffenheim', '1. FC Köln', 'Eintracht Frankfurt', 'VfB Stuttgart'],
  I1: ['Inter Milan', 'AC Milan', 'AS Roma', 'Hellas Verona FC'],
  F1: ['Paris Saint Germain', 'Brest', 'Saint Etienne', 'Marseille'],
  SC0: ['Heart of Midlothian', 'Dundee United', 'St Mirren', 'Celtic'],
  B1: ['Club Brugge', 'Standard Liège', 'Union Saint-Gilloise', 'Sint-Truidense', 'KV Mechelen', 'Oud-Heverlee Leuven'],
  T1: ['Istanbul Basaksehir', 'Goztepe', 'Caykur Rizespor', 'Gaziantep FK', 'Fenerbahce', 'Besiktas JK'],
  G1: ['Olympiacos', 'AEK Athens', 'PAOK', 'OFI Crete', 'Panathinaikos', 'Levadiakos'],
};

/** Each league's answer: every club at home to the next one in the list, priced by Pinnacle. */
export const ODDS_API_SAMPLES: Readonly<Record<string, ReturnType<typeof event>[]>> = Object.fromEntries(
  Object.entries(ODDS_API_CLUBS).map(([leagueId, clubs], l) => [
    leagueId,
    clubs.map((home, i) =>
      event({
        id: `${String(l).padStart(2, '0')}${String(i).padStart(2, '0')}`.padEnd(32, 'a'),
        sport: leagueInfo(leagueId)!.oddsApi!,
        commence: '2026-02-28T15:00:00Z',
        home,
        away: clubs[(i + 1) % clubs.length]!,
        bookmakers: [{ key: 'pinnacle', h2h: [2.1 + i / 10, 3.4, 3.5 - i / 10], totals: [{ point: 2.5, over: 1.95, under: 1.91 }] }],
      }),
    ),
  ]),
);
