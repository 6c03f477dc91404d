import { describe, expect, it } from 'vitest';
import { mergeMatches, parseFootballDataCsv, parseFootballDataDate, preKickoffOdds, seasonFromFileName } from './football-data.ts';

const OLD = `Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HS,AS,HST,AST,B365H,B365D,B365A,BbAvH,BbAvD,BbAvA,BbMxH,BbMxD,BbMxA,BbAv>2.5,BbAv<2.5,PSH,PSD,PSA,PSCH,PSCD,PSCA
E0,13/08/05,Aston Villa ,Bolton,2,2,D,3,13,2,6,2.3,3.25,3,2.2,3.16,3.05,2.4,3.3,3.4,2.01,1.7,2.25,3.3,3.2,2.2,3.4,3.3
E0,14/08/05,  Man  United,Everton,1,0,H,,,,,,,,1.5,4,6,1.6,4.2,7,,,,,,,,
,,,,,,,,,,,,,,,,,,,,,,,,,,,
E0,15/08/05,Chelsea,Arsenal,,,,,,,,2,3,4,,,,,,,,,,,,,,
`;
const NEW = `Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,AvgH,AvgD,AvgA,MaxH,MaxD,MaxA,P>2.5,P<2.5,Avg>2.5,Avg<2.5,PSCH,PSCD,PSCA,PC>2.5,PC<2.5,AvgCH,AvgCD,AvgCA
T1,05/08/2022,19:00,Istanbulspor,Trabzonspor,0,2,A,4.66,3.8,1.71,5,4.1,1.77,1.8,2.09,1.76,2.04,5.56,4.28,1.62,1.66,2.32,5.27,4.03,1.61
T1,06/08/2022,19:00,Hatayspor,Kasimpasa,3,0,H,,,,,,,,,,,,,,,,,,,extra,cells
`;

describe('football-data.co.uk parser', () => {
  it('parses both day-first date formats and ISO', () => {
    expect(parseFootballDataDate('13/08/05')).toBe('2005-08-13');
    expect(parseFootballDataDate('05/08/2022')).toBe('2022-08-05');
    expect(parseFootballDataDate('2022-08-05')).toBe('2022-08-05');
    expect(parseFootballDataDate('31/02/2022')).toBeUndefined();
    expect(parseFootballDataDate('')).toBeUndefined();
  });
  it('reads columns by name, trims team names, skips blank and unplayed rows, tolerates missing odds', () => {
    const ms = parseFootballDataCsv(OLD, { league: 'E0', season: '2005-06' });
    expect(ms).toHaveLength(2);
    const [a, b] = ms;
    expect(a!.home).toBe('Aston Villa');
    expect(b!.home).toBe('Man United');
    expect(a!.homeShotsOnTarget).toBe(2);
    expect(b!.homeShots).toBeUndefined();
    expect(a!.pre.avg).toEqual({ home: 2.2, draw: 3.16, away: 3.05 });
    expect(a!.pre.ps).toEqual({ home: 2.25, draw: 3.3, away: 3.2 });
    expect(a!.closing.ps).toEqual({ home: 2.2, draw: 3.4, away: 3.3 });
    expect(a!.preOU.avg).toEqual({ over: 2.01, under: 1.7 });
    expect(b!.pre.b365).toBeUndefined();
    // the model's odds: Pinnacle pre-closing first, then the average market (O/U here), never closing
    expect(a!.odds).toEqual({ home: 2.25, draw: 3.3, away: 3.2, over25: 2.01, under25: 1.7 });
    expect(b!.odds).toEqual({ home: 1.5, draw: 4, away: 6 });
  });
  it('reads the 2019+ generation (Avg/Max, Pinnacle O/U, closing) and tolerates extra cells and missing odds', () => {
    const ms = parseFootballDataCsv(NEW, { league: 'T1', season: '2022-23' });
    expect(ms).toHaveLength(2);
    expect(ms[0]!.pre.avg).toEqual({ home: 4.66, draw: 3.8, away: 1.71 });
    expect(ms[0]!.pre.max).toEqual({ home: 5, draw: 4.1, away: 1.77 });
    expect(ms[0]!.preOU.ps).toEqual({ over: 1.8, under: 2.09 });
    expect(ms[0]!.closing.psOU).toEqual({ over: 1.66, under: 2.32 });
    expect(ms[0]!.closing.avg).toEqual({ home: 5.27, draw: 4.03, away: 1.61 });
    expect(ms[1]!.odds).toBeUndefined();
    expect(ms[1]!.homeGoals).toBe(3);
  });
  it('preKickoffOdds takes Pinnacle pre-closing, else the average, and never closing prices', () => {
    const m = parseFootballDataCsv(NEW, { league: 'T1', season: '2022-23' })[0]!;
    // No PSH in the row: 1X2 from the average; O/U from Pinnacle's P>2.5, not the closing PC>2.5.
    expect(preKickoffOdds(m)).toEqual({ home: 4.66, draw: 3.8, away: 1.71, over25: 1.8, under25: 2.09 });
    expect(preKickoffOdds(m, ['avg', 'ps'])).toEqual({ home: 4.66, draw: 3.8, away: 1.71, over25: 1.76, under25: 2.04 });
  });
  it('season file names and merging of duplicate matches', () => {
    expect(seasonFromFileName('2019-20.csv')).toBe('2019-20');
    expect(seasonFromFileName('1999-00.csv')).toBe('1999-00');
    expect(seasonFromFileName('2019-21.csv')).toBeUndefined();
    expect(seasonFromFileName('notes.csv')).toBeUndefined();
    const a = parseFootballDataCsv(OLD, { league: 'E0', season: '2005-06' });
    const merged = mergeMatches([a, a]);
    expect(merged).toHaveLength(2);
  });
});
