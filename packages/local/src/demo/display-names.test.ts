import { displayTeamName, LEAGUE_IDS_WITH_COUNTRY, leagueCountry, RENAMED_TEAMS } from '@app/contracts/display-names';
import { describe, expect, it } from 'vitest';
import { DEMO_FLAG_ONLY_LEAGUE, DEMO_LEAGUES } from './demo-leagues.ts';
import { LEAGUE_CATALOG } from '@app/adapters/leagues/catalog';
import { canonicalTeam, knownTeam, RESEARCH_CLUBS } from '@app/adapters/leagues/teams';

/** Forms that only a data file uses: short words, apostrophes for missing letters, codes. */
const DATA_FILE_FORMS: RegExp[] = [
  /'/, // M'gladbach, Nott'm Forest
  /^(Ath|Ein|Sp|Ad\.|Man|FC Koln|Paris SG)\b/, // Ath Madrid, Ein Frankfurt, Sp Gijon, Ad. Demirspor, Man United
  /\b(Weds|BB|C|VA|NFC|GFCO|SG)$/, // Sheffield Weds, Erzurum BB, Inverness C, Beerschot VA, Volos NFC
  /^(Sociedad|Buyuksehyr|Peterboro|Goztep|Espanol|Vallecano|Betis|Celta|Spal|Inter|Milan|Hertha|Dortmund|Leverkusen|M.gladbach)$/,
  /\b(Koln|Nurnberg|Furth|Dusseldorf|Fenerbahce|Besiktas|Coruna|Gijon|Malaga|Almeria|Cadiz|Alaves|Leganes|Cordoba|Nimes|Etienne)\b/, // missing accents
];

const everyClub = Object.entries(RESEARCH_CLUBS).flatMap(([league, names]) => names.map((name) => ({ league, name })));

describe('display names of clubs', () => {
  it('names every club of ten real leagues, 2005-06 to 2022-23, the way people know it', () => {
    expect(everyClub.length).toBeGreaterThan(350);
    const abbreviated = everyClub
      .map(({ league, name }) => ({ league, name, shown: displayTeamName(name) }))
      .filter(({ shown }) => shown.trim() === '' || DATA_FILE_FORMS.some((form) => form.test(shown)));
    expect(abbreviated).toEqual([]);
  });

  it('renames the spellings users reported', () => {
    expect(displayTeamName('Ath Madrid')).toBe('Atlético Madrid');
    expect(displayTeamName("M'gladbach")).toBe('Borussia Mönchengladbach');
    expect(displayTeamName('Ein Frankfurt')).toBe('Eintracht Frankfurt');
    expect(displayTeamName('Sociedad')).toBe('Real Sociedad');
    expect(displayTeamName('Buyuksehyr')).toBe('İstanbul Başakşehir');
    expect(displayTeamName('Arsenal')).toBe('Arsenal');
  });

  it('shows the same name for the football-data.org and The Odds API spellings of a club', () => {
    for (const [spelling, shown] of [
      ['Club Atlético de Madrid', 'Atlético Madrid'],
      ['Atletico Madrid', 'Atlético Madrid'],
      ['Manchester United FC', 'Manchester United'],
      ['Manchester United', 'Manchester United'],
      ['Nottingham Forest FC', 'Nottingham Forest'],
      ['Real Sociedad de Fútbol', 'Real Sociedad'],
      ['Wolverhampton Wanderers FC', 'Wolverhampton Wanderers'],
      ['Brighton & Hove Albion FC', 'Brighton & Hove Albion'],
      ['Heart of Midlothian FC', 'Hearts'],
    ] as const) {
      expect(displayTeamName(canonicalTeam(spelling)), spelling).toBe(shown);
    }
  });

  it('renames only clubs that exist in the data or in the provider alias table', () => {
    const known = new Set(everyClub.map(({ name }) => name));
    expect(RENAMED_TEAMS.filter((name) => !known.has(name) && knownTeam(name) !== name)).toEqual([]);
  });
});

describe('countries of leagues', () => {
  it('names the country of every league of the catalog and of the demo, as they do', () => {
    const leagues = [...LEAGUE_CATALOG, ...DEMO_LEAGUES, DEMO_FLAG_ONLY_LEAGUE];
    expect(leagues.map((league) => [league.id, leagueCountry(league.id)])).toEqual(leagues.map((league) => [league.id, league.country]));
    expect([...LEAGUE_IDS_WITH_COUNTRY].sort()).toEqual(leagues.map((league) => league.id).sort());
  });
});
