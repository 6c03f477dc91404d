import { describe, expect, it } from 'vitest';
import { mergeMatches, parseFootballDataCsv, parseFootballDataDate, preKickoffOdds, seasonFromFileName } from './football-data.ts';

const OLD = `Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HS,AS,HST,AST,B365H,B365D,B365A,BbAvH,BbAvD,BbAvA,BbMxH,BbMxD,BbMxA,BbAv>2.5,BbAv<2.5,PSH,PSD,PSA,PSCH,PSCD,PSCA
E0,13/08/05,Aston Villa ,Bolton,1,0,H,9,7,4,2,2.1,3.3,3.4,2.05,3.2,3.5,2.2,3.4,3.6,1.95,1.8,2.15,3.35,3.45,2.1,3.5,3.6
E0,14/08/05,  Man  United,Everton,3,1,H,,,,,,,,1.45,4.1,6.5,1.55,4.3,7.5,,,,,,,,
,,,,,,,,,,,,,,,,,,,,,,,,,,,
E0,15/08/05,Chelsea,Arsenal,,,,,,,,2,3,4,,,,,,,,,,,,,,
`;
const NEW = `Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,AvgH,AvgD,AvgA,MaxH,MaxD,MaxA,P>2.5,P<2.5,Avg>2.5,Avg<2.5,PSCH,PSCD,PSCA,PC>2.5,PC<2.5,AvgCH,AvgCD,AvgCA
T1,05/08/2022,19:00,Istanbulspor,Trabzonspor,1,1,D,4.2,3.7,1.8,4.5,3.9,1.86,1.85,2.02,1.8,1.98,4.9,4,1.7,1.75,2.15,4.75,3.85,1.71
T1,06/08/2022,19:00,Hatayspor,Kasimpasa,2,0,H,,,,,,,,,,,,,,,,,,,extra,cells
`;

const AH = `Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,AHh,B365AHH,B365AHA,PAHH,PAHA,MaxAHH,MaxAHA,AHCh,PCAHH,PCAHA
E0,13/08/2021,20:00,Brentford,Arsenal,2,0,H,0.5,1.86,2.04,1.88,2.06,1.95,2.1,0.25,1.9,2.02
E0,14/08/2021,12:30,Man United,Leeds,5,1,H,-1,,,1.9,2.0,,,,,
`;

describe('football-data.co.uk parser', () => {
  it("reads the Asian handicap: the line, Pinnacle's and the listed books' prices at it, the closing line and Pinnacle's close; never Max*", () => {
    const [a, b] = parseFootballDataCsv(AH, { league: 'E0', season: '2021-22' });
    expect(a!.preAH).toEqual({ line: 0.5, ps: { home: 1.88, away: 2.06 } });
    expect(a!.booksAH).toEqual({ B365: { home: 1.86, away: 2.04 } });
    expect(a!.closingAH).toEqual({ line: 0.25, ps: { home: 1.9, away: 2.02 } });
    expect(b!.preAH).toEqual({ line: -1, ps: { home: 1.9, away: 2.0 } });
    expect(b!.booksAH).toBeUndefined();
    expect(b!.closingAH).toBeUndefined();
  });
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
    expect(a!.homeShotsOnTarget).toBe(4);
    expect(b!.homeShots).toBeUndefined();
    expect(a!.pre.avg).toEqual({ home: 2.05, draw: 3.2, away: 3.5 });
    expect(a!.pre.ps).toEqual({ home: 2.15, draw: 3.35, away: 3.45 });
    expect(a!.closing.ps).toEqual({ home: 2.1, draw: 3.5, away: 3.6 });
    expect(a!.preOU.avg).toEqual({ over: 1.95, under: 1.8 });
    expect(b!.pre.b365).toBeUndefined();
    // the model's odds: Pinnacle pre-closing first, then the average market (O/U here), never closing
    expect(a!.odds).toEqual({ home: 2.15, draw: 3.35, away: 3.45, over25: 1.95, under25: 1.8 });
    expect(b!.odds).toEqual({ home: 1.45, draw: 4.1, away: 6.5 });
  });
  it('reads the 2019+ generation (Avg/Max, Pinnacle O/U, closing) and tolerates extra cells and missing odds', () => {
    const ms = parseFootballDataCsv(NEW, { league: 'T1', season: '2022-23' });
    expect(ms).toHaveLength(2);
    expect(ms[0]!.pre.avg).toEqual({ home: 4.2, draw: 3.7, away: 1.8 });
    expect(ms[0]!.pre.max).toEqual({ home: 4.5, draw: 3.9, away: 1.86 });
    expect(ms[0]!.preOU.ps).toEqual({ over: 1.85, under: 2.02 });
    expect(ms[0]!.closing.psOU).toEqual({ over: 1.75, under: 2.15 });
    expect(ms[0]!.closing.avg).toEqual({ home: 4.75, draw: 3.85, away: 1.71 });
    expect(ms[1]!.odds).toBeUndefined();
    expect(ms[1]!.homeGoals).toBe(2);
  });
  it('preKickoffOdds takes Pinnacle pre-closing, else the average, and never closing prices', () => {
    const m = parseFootballDataCsv(NEW, { league: 'T1', season: '2022-23' })[0]!;
    // No PSH in the row: 1X2 from the average; O/U from Pinnacle's P>2.5, not the closing PC>2.5.
    expect(preKickoffOdds(m)).toEqual({ home: 4.2, draw: 3.7, away: 1.8, over25: 1.85, under25: 2.02 });
    expect(preKickoffOdds(m, ['avg', 'ps'])).toEqual({ home: 4.2, draw: 3.7, away: 1.8, over25: 1.8, under25: 1.98 });
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
