import { describe, expect, it } from 'vitest';
import { LEAGUE_SAMPLES, TEAMS } from '../api-football/testing/payloads.ts';
import { ODDS_API_CLUBS, ODDS_API_SAMPLES } from '../the-odds-api/testing/league-samples.ts';
import { DEPLOYED_LEAGUES, LEAGUE_CATALOG, leagueForOddsApiSport, leagueInfo, seasonLabelAt } from './catalog.ts';
import { canonicalTeam, knownTeam, normaliseTeamName, RESEARCH_CLUBS, sameTeam, teamKey } from './teams.ts';
import { slug } from '@app/core/text';

describe('league catalog', () => {
  it('gives every deployed league an API-Football id and a The Odds API sport', () => {
    expect(DEPLOYED_LEAGUES.map((id) => [id, leagueInfo(id)?.apiFootball])).toEqual([
      ['E0', 39],
      ['E1', 40],
      ['SP1', 140],
      ['D1', 78],
      ['I1', 135],
      ['F1', 61],
      ['SC0', 179],
      ['B1', 144],
      ['T1', 203],
      ['G1', 197],
    ]);
    for (const id of DEPLOYED_LEAGUES) expect(leagueInfo(id)?.oddsApi, id).toMatch(/^soccer_/);
    // The research files hold exactly these leagues.
    expect([...DEPLOYED_LEAGUES].sort()).toEqual(Object.keys(RESEARCH_CLUBS).sort());
  });

  it('maps The Odds API sport keys to our league ids', () => {
    expect(leagueForOddsApiSport('soccer_epl')?.id).toBe('E0');
    expect(leagueForOddsApiSport('soccer_efl_champ')?.id).toBe('E1');
    expect(leagueForOddsApiSport('soccer_spain_la_liga')?.id).toBe('SP1');
    expect(leagueForOddsApiSport('soccer_spl')?.id).toBe('SC0');
    expect(leagueForOddsApiSport('soccer_uefa_champs_league')).toBeUndefined();
  });

  it('names every league with a country and uses unique ids and provider keys', () => {
    const ids = LEAGUE_CATALOG.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    const af = LEAGUE_CATALOG.flatMap((l) => (l.apiFootball !== undefined ? [l.apiFootball] : []));
    expect(new Set(af).size).toBe(af.length);
    const odds = LEAGUE_CATALOG.flatMap((l) => (l.oddsApi ? [l.oddsApi] : []));
    expect(new Set(odds).size).toBe(odds.length);
    for (const l of LEAGUE_CATALOG) expect(l.name && l.country).toBeTruthy();
    for (const id of ['E0', 'E1', 'SP1', 'D1', 'I1', 'F1', 'SC0', 'B1', 'T1', 'G1']) expect(leagueInfo(id)).toBeDefined();
  });

  it('labels seasons from July for summer-start leagues and by year for calendar-year leagues', () => {
    expect(seasonLabelAt('E0', new Date('2025-06-30T12:00:00Z'))).toBe('2024-25');
    expect(seasonLabelAt('E0', new Date('2025-07-01T00:00:00Z'))).toBe('2025-26');
    expect(seasonLabelAt('E0', new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
    expect(seasonLabelAt('BRA', new Date('2025-11-01T00:00:00Z'))).toBe('2025');
  });
});

describe('the team table reconciles every source', () => {
  const research = new Set(Object.values(RESEARCH_CLUBS).flat());
  /** Every team name of a payload: API-Football's `teams`, The Odds API's `home_team`, `away_team` and h2h outcomes. */
  function teamNames(payload: unknown): string[] {
    if (Array.isArray(payload)) return payload.flatMap(teamNames);
    if (!payload || typeof payload !== 'object') return [];
    const o = payload as Record<string, unknown>;
    const own = [
      o.home_team,
      o.away_team,
      (o.teams as { home?: { name?: unknown } } | undefined)?.home?.name,
      (o.teams as { away?: { name?: unknown } } | undefined)?.away?.name,
    ];
    const outcomes = o.key === 'h2h' ? (o.outcomes as { name: string }[]).map((x) => x.name).filter((n) => n !== 'Draw') : [];
    return [
      ...own.filter((n): n is string => typeof n === 'string'),
      ...outcomes,
      ...Object.entries(o)
        .filter(([k]) => k !== 'teams')
        .flatMap(([, v]) => teamNames(v)),
    ];
  }

  it('maps every team name of every recorded API-Football and The Odds API payload to a research club name', () => {
    // Act
    const names = DEPLOYED_LEAGUES.flatMap((id) => [...teamNames(LEAGUE_SAMPLES[id as keyof typeof TEAMS]), ...teamNames(ODDS_API_SAMPLES[id])]);

    // Assess
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((name) => !research.has(knownTeam(name) ?? ''))).toEqual([]);
  });

  it("maps both providers' spellings of a club to the same name", () => {
    for (const id of DEPLOYED_LEAGUES) {
      const af = TEAMS[id as keyof typeof TEAMS].map((t) => canonicalTeam(t.name));
      expect(ODDS_API_CLUBS[id]!.map(canonicalTeam), id).toEqual(af);
    }
    expect(canonicalTeam('Bayern München')).toBe('Bayern Munich');
    expect(canonicalTeam('VfB Stuttgart')).toBe('Stuttgart');
    expect(canonicalTeam('Olympiakos Piraeus')).toBe(canonicalTeam('Olympiacos'));
  });
});

describe('team aliases', () => {
  it('maps football-data.org and The Odds API spellings to football-data.co.uk names', () => {
    expect(canonicalTeam('Brighton & Hove Albion FC')).toBe('Brighton');
    expect(canonicalTeam('Brighton and Hove Albion')).toBe('Brighton');
    expect(canonicalTeam('Manchester United FC')).toBe('Man United');
    expect(canonicalTeam('Manchester United')).toBe('Man United');
    expect(canonicalTeam('Nottingham Forest FC')).toBe("Nott'm Forest");
    expect(canonicalTeam('Wolverhampton Wanderers')).toBe('Wolves');
    expect(canonicalTeam('Club Atlético de Madrid')).toBe('Ath Madrid');
    expect(canonicalTeam('1. FC Köln')).toBe('FC Koln');
    expect(canonicalTeam('Borussia Mönchengladbach')).toBe("M'gladbach");
    expect(canonicalTeam('Paris Saint-Germain FC')).toBe('Paris SG');
    expect(canonicalTeam('İstanbul Başakşehir')).toBe('Buyuksehyr');
  });

  it('keeps canonical names as they are', () => {
    for (const name of ['Man United', "Nott'm Forest", 'Sheffield Weds', 'Ath Bilbao', 'Ein Frankfurt', 'St. Gilloise', 'Arsenal']) {
      expect(canonicalTeam(name)).toBe(name);
    }
  });

  it('tidies unknown names by dropping FC, AFC and CF affixes and extra spaces', () => {
    expect(canonicalTeam('  Arsenal   FC ')).toBe('Arsenal');
    expect(canonicalTeam('AFC Wimbledon')).toBe('Wimbledon');
    expect(canonicalTeam('Valencia CF')).toBe('Valencia');
    expect(canonicalTeam('Harbour Town')).toBe('Harbour Town');
  });

  it('normalises accents, punctuation, club-type tokens and numbers into one key', () => {
    expect(normaliseTeamName('SV Werder Bremen')).toBe(normaliseTeamName('Werder Bremen'));
    expect(normaliseTeamName('Cádiz CF')).toBe('cadiz');
    expect(normaliseTeamName('FC Schalke 04')).toBe('schalke');
    expect(normaliseTeamName('AS Saint-Étienne')).toBe('st etienne');
    expect(normaliseTeamName('Brøndby IF')).toBe('brondby if');
    expect(normaliseTeamName('FC')).toBe('fc');
  });

  it('joins an unknown club when the spellings are close, but not different clubs', () => {
    expect(sameTeam('Kidderminster Harriers FC', 'Kidderminster Harriers')).toBe(true);
    expect(sameTeam('Leicester City', 'Leicester')).toBe(true);
    expect(sameTeam('Harbour Town', 'Harbour Town AFC')).toBe(true);
    expect(sameTeam('Man City', 'Man United')).toBe(false);
    expect(sameTeam('Sheffield United', 'Sheffield Weds')).toBe(false);
    expect(teamKey('Manchester United FC')).toBe(teamKey('Man United'));
  });
});

describe('ids from club names', () => {
  it('gives every club of ten real leagues, 2005-06 to 2022-23, a non-empty slug of its own within its league', () => {
    for (const [league, names] of Object.entries(RESEARCH_CLUBS)) {
      const slugs = names.map((name) => slug(name));
      expect(
        slugs.filter((s) => s === ''),
        league,
      ).toEqual([]);
      expect(new Set(slugs).size, league).toBe(names.length);
    }
    expect(Object.values(RESEARCH_CLUBS).flat().length).toBeGreaterThan(350);
  });
});
