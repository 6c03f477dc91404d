import { describe, expect, it } from 'vitest';
import { FOOTBALL_DATA_ORG_FREE_COMPETITIONS, LEAGUE_CATALOG, leagueForFootballDataOrg, leagueForOddsApiSport, leagueInfo, seasonLabelAt } from './catalog.ts';
import { canonicalTeam, normaliseTeamName, sameTeam, teamKey } from './teams.ts';
import { slug } from '@app/core/text';
import realClubs from './testing/football-data-clubs.json' with { type: 'json' };

describe('league catalog', () => {
  it('maps football-data.org competition codes to football-data.co.uk league ids', () => {
    // Prepare
    const pairs = { PL: 'E0', ELC: 'E1', PD: 'SP1', BL1: 'D1', SA: 'I1', FL1: 'F1', DED: 'N1', PPL: 'P1', BSA: 'BRA' };

    // Act
    const mapped = Object.fromEntries(Object.keys(pairs).map((code) => [code, leagueForFootballDataOrg(code)?.id]));

    // Assess
    expect(mapped).toEqual(pairs);
    expect(leagueForFootballDataOrg('CL')).toBeUndefined();
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
    const fdo = LEAGUE_CATALOG.flatMap((l) => (l.footballDataOrg ? [l.footballDataOrg] : []));
    expect(new Set(fdo).size).toBe(fdo.length);
    const odds = LEAGUE_CATALOG.flatMap((l) => (l.oddsApi ? [l.oddsApi] : []));
    expect(new Set(odds).size).toBe(odds.length);
    for (const l of LEAGUE_CATALOG) expect(l.name && l.country).toBeTruthy();
    for (const id of ['E0', 'E1', 'SP1', 'D1', 'I1', 'F1', 'SC0', 'B1', 'T1', 'G1']) expect(leagueInfo(id)).toBeDefined();
    for (const code of FOOTBALL_DATA_ORG_FREE_COMPETITIONS) expect(leagueForFootballDataOrg(code)).toBeDefined();
  });

  it('labels seasons from July for summer-start leagues and by year for calendar-year leagues', () => {
    expect(seasonLabelAt('E0', new Date('2025-06-30T12:00:00Z'))).toBe('2024-25');
    expect(seasonLabelAt('E0', new Date('2025-07-01T00:00:00Z'))).toBe('2025-26');
    expect(seasonLabelAt('E0', new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
    expect(seasonLabelAt('BRA', new Date('2025-11-01T00:00:00Z'))).toBe('2025');
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
    for (const [league, names] of Object.entries(realClubs)) {
      const slugs = names.map((name) => slug(name));
      expect(slugs.filter((s) => s === ''), league).toEqual([]);
      expect(new Set(slugs).size, league).toBe(names.length);
    }
    expect(Object.values(realClubs).flat().length).toBeGreaterThan(350);
  });
});
