import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { slug } from '@app/core/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsvReplayProvider, proposeShiftDays, proposeShiftDaysForFolder } from './csv-replay-provider.ts';
import { isBritishSummerTime, ukLocalToUtc } from '@app/model/uk-time';
import { TEST_FILES, writeFootballDataFolder } from './testing/football-data-csv.ts';

/**
 * Season files in football-data.co.uk's format written from the demo world for this run
 * (testing/football-data-csv.ts): E0 2005-06 (20 matches, old columns), 2021-22 (60), 2022-23 up
 * to mid-November; D1 2022-23 over the same weeks; SP1 2022-23 (30, no Pinnacle columns).
 */
let DATA: string;
beforeAll(async () => {
  DATA = await mkdtemp(join(tmpdir(), 'football-data-'));
  await writeFootballDataFolder(DATA, TEST_FILES);
});
afterAll(() => rm(DATA, { recursive: true, force: true }));

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** 208 weeks: 2022-23 (from Friday 5 Aug 2022) replays from Friday 31 Jul 2026. */
const SHIFT = 1456;
const clockAt = (iso: string) => {
  let t = Date.parse(iso);
  return { now: () => new Date(t), set: (next: string) => void (t = Date.parse(next)) };
};
/** One loaded replay per shift, shared by the tests; each call resets its clock. */
const shared = new Map<number, { csv: CsvReplayProvider; clock: ReturnType<typeof clockAt> }>();
const e0 = (iso: string, shiftDays = SHIFT) => {
  let entry = shared.get(shiftDays);
  if (!entry) {
    const clock = clockAt(iso);
    entry = { csv: new CsvReplayProvider({ dir: DATA, shiftDays, now: clock.now, leagues: ['E0', 'SP1'] }), clock };
    shared.set(shiftDays, entry);
  }
  entry.clock.set(iso);
  return entry;
};
const ukTime = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
const ukWeekday = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Europe/London', weekday: 'short' });

/** The data rows of a season file, by column name. */
async function rowsOf(league: string, season: string): Promise<Array<Record<string, string>>> {
  const [header, ...lines] = (await readFile(join(DATA, league, `${season}.csv`), 'utf8')).trim().split('\n');
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i]!, v])));
}
/** Our fixture id of a row (its original date, both clubs). */
const idOf = (league: string, row: Record<string, string>) =>
  `csv-${league}-${row.Date!.split('/').reverse().join('')}-${slug(row.HomeTeam!)}-${slug(row.AwayTeam!)}`;
const n = (v: string | undefined) => Number(v);

describe('UK local time', () => {
  it('converts with the Europe/London summer-time rules', () => {
    expect(ukLocalToUtc('2022-03-26', '15:00').toISOString()).toBe('2022-03-26T15:00:00.000Z');
    expect(ukLocalToUtc('2022-03-27', '15:00').toISOString()).toBe('2022-03-27T14:00:00.000Z');
    expect(ukLocalToUtc('2022-10-29', '15:00').toISOString()).toBe('2022-10-29T14:00:00.000Z');
    expect(ukLocalToUtc('2022-10-30', '14:00').toISOString()).toBe('2022-10-30T14:00:00.000Z');
    expect(ukLocalToUtc('2022-08-05').toISOString()).toBe('2022-08-05T14:00:00.000Z');
  });

  it('agrees with the ICU time-zone database at every hour of two decades', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2030, 0, 1) }), (ms) => {
        const offset = new Date(ms).toLocaleString('en-GB', { timeZone: 'Europe/London', timeZoneName: 'short' }).includes('BST');
        expect(isBritishSummerTime(ms)).toBe(offset);
      }),
      { numRuns: 500 },
    );
  });
});

describe('CsvReplayProvider over a season (E0 2022-23)', () => {
  it('serves the league folders present with catalog names', async () => {
    const csv = new CsvReplayProvider({ dir: DATA, shiftDays: 0 });
    const leagues = await csv.leagues();
    expect(leagues.map((l) => l.id)).toEqual(['D1', 'E0', 'SP1']);
    expect(leagues.find((l) => l.id === 'E0')).toEqual({ id: 'E0', name: 'Premier League', country: 'England' });
  });

  it('moves kickoffs by whole weeks, keeps weekdays and UK wall-clock times, and labels the moved season', async () => {
    // Prepare
    const { csv } = e0('2026-11-22T12:00:00Z');
    const rows = await rowsOf('E0', '2022-23');

    // Act
    const fixtures = await csv.fixtures('E0', new Date('2026-07-01T00:00:00Z'), new Date('2027-07-01T00:00:00Z'));

    // Assess
    expect(rows.length).toBeGreaterThan(100);
    expect(fixtures).toHaveLength(rows.length);
    expect(fixtures[0]).toMatchObject({
      id: idOf('E0', rows[0]!),
      season: '2026-27',
      kickoff: '2026-07-31T19:45:00.000Z',
      homeTeam: rows[0]!.HomeTeam,
      awayTeam: rows[0]!.AwayTeam,
    });
    const byId = new Map(fixtures.map((f) => [f.id, f]));
    for (const row of rows) {
      const f = byId.get(idOf('E0', row))!;
      const [d, m, y] = row.Date!.split('/');
      expect(ukTime(f.kickoff)).toBe(row.Time);
      expect(ukWeekday(f.kickoff)).toBe(new Date(`${y}-${m}-${d}T12:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short' }));
    }
  });

  it('converts to UTC with the moved date’s summer time (BST before 25 Oct 2026, GMT after)', async () => {
    // Act
    const { csv } = e0('2026-11-22T12:00:00Z');
    const fixtures = await csv.fixtures('E0', new Date('2026-10-10T00:00:00Z'), new Date('2026-11-08T00:00:00Z'));

    // Assess: the same wall-clock time is an hour earlier in UTC while summer time lasts.
    const change = Date.parse('2026-10-25T01:00:00Z');
    const summer = fixtures.filter((f) => Date.parse(f.kickoff) < change);
    const winter = fixtures.filter((f) => Date.parse(f.kickoff) >= change);
    expect(summer.length).toBeGreaterThan(5);
    expect(winter.length).toBeGreaterThan(5);
    const offsetHours = (f: { kickoff: string }) => (Number(ukTime(f.kickoff).slice(0, 2)) - new Date(f.kickoff).getUTCHours() + 24) % 24;
    expect(new Set(summer.map(offsetHours))).toEqual(new Set([1]));
    expect(new Set(winter.map(offsetHours))).toEqual(new Set([0]));
  });

  it('hides a result until kickoff + 2 h: scheduled, then live, then finished with score and shots', async () => {
    // Prepare
    const [row] = await rowsOf('E0', '2022-23');
    const { csv, clock } = e0('2026-07-31T19:44:00Z');
    const window = [new Date('2026-07-31T00:00:00Z'), new Date('2026-08-01T00:00:00Z')] as const;
    const first = async () => (await csv.fixtures('E0', ...window)).find((f) => f.id === idOf('E0', row!))!;

    // Act
    const before = await first();
    clock.set('2026-07-31T21:00:00Z');
    const during = await first();
    clock.set('2026-07-31T21:45:00Z');
    const after = await first();

    // Assess
    expect(before.status).toBe('scheduled');
    expect(before.score).toBeUndefined();
    expect(during.status).toBe('live');
    expect(during.score).toBeUndefined();
    expect(after).toMatchObject({
      status: 'finished',
      score: { home: n(row!.FTHG), away: n(row!.FTAG) },
      stats: { homeShots: n(row!.HS), awayShots: n(row!.AS), homeShotsOnTarget: n(row!.HST), awayShotsOnTarget: n(row!.AST) },
    });
  });

  it('puts earlier seasons and the released part of the replay in history, with pre-kickoff odds', async () => {
    // Prepare
    const { csv } = e0('2026-11-22T12:00:00Z');
    const before = new Date('2026-11-08T16:00:00Z');
    const [row] = await rowsOf('E0', '2022-23');

    // Act
    const history = await csv.history('E0', before);

    // Assess
    const seasons = [...new Set(history.map((h) => h.season))];
    expect(seasons).toEqual(['2009-10', '2025-26', '2026-27']); // 2005-06 and 2021-22 moved by four years
    expect(history.filter((h) => h.season === '2025-26')).toHaveLength(60); // the whole 2021-22 file
    const replayed = history.filter((h) => h.season === '2026-27');
    expect(replayed.length).toBeGreaterThan(100);
    expect(replayed.every((h) => Date.parse(h.date) + 2 * HOUR <= before.getTime())).toBe(true);
    expect(history.every((h, i) => i === 0 || history[i - 1]!.date <= h.date)).toBe(true);
    // Pinnacle's pre-closing prices first (PSH, P>2.5), never closing.
    expect(replayed[0]).toMatchObject({
      home: row!.HomeTeam,
      away: row!.AwayTeam,
      homeGoals: n(row!.FTHG),
      awayGoals: n(row!.FTAG),
      odds: { home: n(row!.PSH), draw: n(row!.PSD), away: n(row!.PSA), over25: n(row!['P>2.5']), under25: n(row!['P<2.5']) },
    });
    // The oldest files have BetBrain averages only.
    expect(history[0]!.odds).toMatchObject({ home: expect.any(Number), over25: expect.any(Number) });
    expect(history.filter((h) => h.odds?.home !== undefined).length / history.length).toBeGreaterThan(0.99);
  });

  it('prices fixtures from the Max (best), Avg (average) and Pinnacle (sharp) columns, captured a day before kickoff', async () => {
    // Prepare
    const { csv } = e0('2026-11-22T12:00:00Z');
    const [row] = await rowsOf('E0', '2022-23');
    const [fixture] = await csv.fixtures('E0', new Date('2026-07-31T00:00:00Z'), new Date('2026-07-31T23:59:00Z'));

    // Act
    const odds = await csv.odds('E0', [fixture!, { ...fixture!, id: 'af-1' }]);

    // Assess
    const market = (h: string, d: string, a: string, o: string, u: string) => ({
      home: n(row![h]),
      draw: n(row![d]),
      away: n(row![a]),
      over25: n(row![o]),
      under25: n(row![u]),
    });
    expect([...odds.keys()]).toEqual([idOf('E0', row!)]);
    const best = market('MaxH', 'MaxD', 'MaxA', 'Max>2.5', 'Max<2.5');
    const sharp = market('PSH', 'PSD', 'PSA', 'P>2.5', 'P<2.5');
    const bet365 = market('B365H', 'B365D', 'B365A', 'B365>2.5', 'B365<2.5');
    // Who offers each best price, where the file names the bookmaker (Pinnacle first, then Bet365).
    const named = Object.fromEntries(
      (Object.keys(best) as (keyof typeof best)[]).flatMap((k) => (sharp[k] === best[k] ? [[k, 'Pinnacle']] : bet365[k] === best[k] ? [[k, 'Bet365']] : [])),
    );
    expect(odds.get(fixture!.id)).toEqual({
      best,
      ...(Object.keys(named).length ? { bestBookmakers: named } : {}),
      average: market('AvgH', 'AvgD', 'AvgA', 'Avg>2.5', 'Avg<2.5'),
      sharp,
      capturedAt: '2026-07-30T19:45:00.000Z',
    });
  });

  it('prices a file without Pinnacle columns from Max and Avg alone, with no sharp prices', async () => {
    const { csv } = e0('2026-11-22T12:00:00Z');
    const fixtures = await csv.fixtures('SP1', new Date('2026-07-01T00:00:00Z'), new Date('2027-07-01T00:00:00Z'));
    const odds = await csv.odds('SP1', fixtures);
    expect(odds.size).toBe(30);
    for (const o of odds.values()) {
      expect(o.sharp).toBeUndefined();
      expect(Object.keys(o.best)).toEqual(['home', 'draw', 'away', 'over25', 'under25']);
    }
  });

  it('keeps ids stable across two different shifts', async () => {
    // Prepare
    const a = e0('2026-11-22T12:00:00Z', SHIFT).csv;
    const b = e0('2026-11-22T12:00:00Z', SHIFT + 35).csv;
    const matches = (await rowsOf('E0', '2022-23')).length;

    // Act
    const fa = await a.fixtures('E0', new Date('2026-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z'));
    const fb = await b.fixtures('E0', new Date('2026-01-01T00:00:00Z'), new Date('2028-01-01T00:00:00Z'));

    // Assess
    const kb = new Map(fb.map((f) => [f.id, f.kickoff]));
    const replayed = fa.filter((f) => f.season === '2026-27');
    expect(replayed).toHaveLength(matches);
    expect(new Set(replayed.map((f) => f.id)).size).toBe(matches);
    for (const f of replayed) expect(Date.parse(kb.get(f.id)!) - Date.parse(f.kickoff)).toBeGreaterThanOrEqual(35 * DAY - HOUR);
  });

  it('rejects a shift that is not a whole number of weeks, and a league without files', async () => {
    expect(() => new CsvReplayProvider({ dir: DATA, shiftDays: 10 })).toThrow(/whole number of weeks/);
    await expect(e0('2026-11-22T12:00:00Z').csv.fixtures('N1', new Date('2026-11-22T00:00:00Z'), new Date('2026-11-23T00:00:00Z'))).rejects.toThrow(
      /no season files/,
    );
  });
});

describe('CsvReplayProvider reads closing prices only as closing prices', () => {
  let dir: string;
  const CLOSING = /^(?:B365|BW|IW|PS|WH|VC|Max|Avg|P|LB)C(?:H|D|A|>2\.5|<2\.5|AHH|AHA)$|^AHCh$/;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'csv-closing-'));
    const text = await readFile(join(DATA, 'E0/2022-23.csv'), 'utf8');
    const [header, ...rows] = text.trimEnd().split('\n');
    const cols = header!.split(',');
    const closing = cols.flatMap((c, i) => (CLOSING.test(c) ? [i] : []));
    expect(closing.length).toBeGreaterThan(30);
    const changed = rows.map((r) =>
      r
        .split(',')
        .map((v, i) => (closing.includes(i) && v !== '' ? String(Number(v) * 3 + 1) : v))
        .join(','),
    );
    await mkdir(join(dir, 'E0'));
    await writeFile(join(dir, 'E0/2022-23.csv'), [header, ...changed].join('\n'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('returns the same fixtures, odds and history when every closing column changes', async () => {
    // Prepare
    const now = () => new Date('2026-11-22T12:00:00Z');
    const original = e0('2026-11-22T12:00:00Z').csv;
    const tampered = new CsvReplayProvider({ dir, shiftDays: SHIFT, now, leagues: ['E0'] });
    const range = [new Date('2026-07-01T00:00:00Z'), new Date('2027-07-01T00:00:00Z')] as const;

    // Act
    const fo = await original.fixtures('E0', ...range);
    const ft = await tampered.fixtures('E0', ...range);

    // Assess
    expect(ft).toEqual(fo);
    expect(await tampered.odds('E0', ft)).toEqual(await original.odds('E0', fo));
    const ho = (await original.history('E0', now())).filter((h) => h.season === '2026-27');
    expect(await tampered.history('E0', now())).toEqual(ho);
  });
});

describe('CsvReplayProvider tolerates the quirks of the README', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'csv-quirks-'));
    await mkdir(join(dir, 'SC0'));
    await mkdir(join(dir, 'ZZ9'));
    await mkdir(join(dir, 'notes'));
    // Old style: two-digit years, no Time column, BetBrain summaries, a blank trailing row.
    await writeFile(
      join(dir, 'SC0/2004-05.csv'),
      [
        'Div,Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,BbMxH,BbAvH,BbMxD,BbAvD,BbMxA,BbAvA,BbMx>2.5,BbAv>2.5,BbMx<2.5,BbAv<2.5',
        'SC0,14/08/04,Celtic,Rangers,2,1,H,1.9,1.8,3.5,3.3,4.5,4.1,1.95,1.85,2.0,1.9',
        ',,,,,,,,,,,,,,,,',
        '',
      ].join('\n'),
    );
    // New style: four-digit years, Time, stray spaces, an extra cell, missing odds, closing columns, CRLF.
    await writeFile(
      join(dir, 'SC0/2005-06.csv'),
      [
        'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HS,AS,HST,AST,MaxH,MaxD,MaxA,AvgH,AvgD,AvgA,Max>2.5,Max<2.5,Avg>2.5,Avg<2.5,MaxCH,MaxCD,MaxCA',
        'SC0,06/08/2005,12:30, Hearts ,  Hibernian,1,1,D,10,8,4,3,2.5,3.3,3.0,2.4,3.2,2.9,2.1,1.8,2.0,1.75,9,9,9',
        '',
        'SC0,07/08/2005,,Aberdeen,Dundee United,0,3,A,,,,,,,,,,,,,,,,,,Abandoned',
        'SC0,13/08/2005,15:00,Celtic,Rangers,2,2,D,12,9,5,4,1.9,3.5,4.5,1.85,3.4,4.2,,,,,1.1,1.1,1.1',
      ].join('\r\n'),
    );
    await writeFile(join(dir, 'ZZ9/2005-06.csv'), 'Div,Date,HomeTeam,AwayTeam,FTHG,FTAG\nZZ9,06/08/2005,North,South,1,0\n');
    await writeFile(join(dir, 'SC0/readme.txt'), 'not a season');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads both date formats, a missing Time, blank rows, stray spaces, extra cells and missing odds', async () => {
    // Prepare
    const csv = new CsvReplayProvider({ dir, shiftDays: 0, now: () => new Date('2005-08-10T00:00:00Z') });

    // Act
    const leagues = await csv.leagues();
    const fixtures = await csv.fixtures('SC0', new Date('2004-01-01T00:00:00Z'), new Date('2006-01-01T00:00:00Z'));
    const odds = await csv.odds('SC0', fixtures);
    const history = await csv.history('SC0', new Date('2005-08-10T00:00:00Z'));

    // Assess
    expect(leagues).toEqual([
      { id: 'SC0', name: 'Premiership', country: 'Scotland' },
      { id: 'ZZ9', name: 'ZZ9', country: 'Unknown' },
    ]);
    expect(fixtures.map((f) => [f.id, f.kickoff, f.status])).toEqual([
      ['csv-SC0-20040814-celtic-rangers', '2004-08-14T14:00:00.000Z', 'finished'],
      ['csv-SC0-20050806-hearts-hibernian', '2005-08-06T11:30:00.000Z', 'finished'],
      ['csv-SC0-20050807-aberdeen-dundee-united', '2005-08-07T14:00:00.000Z', 'finished'],
      ['csv-SC0-20050813-celtic-rangers', '2005-08-13T14:00:00.000Z', 'scheduled'],
    ]);
    expect(odds.get('csv-SC0-20040814-celtic-rangers')!.best).toEqual({ home: 1.9, draw: 3.5, away: 4.5, over25: 1.95, under25: 2.0 });
    expect(odds.has('csv-SC0-20050807-aberdeen-dundee-united')).toBe(false);
    expect(odds.get('csv-SC0-20050813-celtic-rangers')).toEqual({
      best: { home: 1.9, draw: 3.5, away: 4.5 },
      average: { home: 1.85, draw: 3.4, away: 4.2 },
      capturedAt: '2005-08-10T00:00:00.000Z',
    });
    expect(history.map((h) => `${h.home}-${h.away}`)).toEqual(['Celtic-Rangers', 'Hearts-Hibernian', 'Aberdeen-Dundee United']);
    expect(history[2]!.odds).toBeUndefined();
  });
});

describe('CsvReplayProvider closing prices and bookmakers, by column name', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'csv-closing-columns-'));
    await mkdir(join(dir, 'E0'));
    // Pinnacle closing on the first match only (about half of 2025-26 has none), averages on both; columns in an unusual order.
    await writeFile(
      join(dir, 'E0/2025-26.csv'),
      [
        'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,AvgCH,AvgCD,AvgCA,PSH,PSD,PSA,B365H,B365D,B365A,MaxH,MaxD,MaxA,AvgH,AvgD,AvgA,PSCH,PSCD,PSCA,PC>2.5,PC<2.5,AvgC>2.5,AvgC<2.5',
        'E0,16/08/2025,15:00,Arsenal,Chelsea,2,0,1.8,3.7,4.6,1.9,3.6,4.4,1.85,3.5,4.5,1.9,3.8,4.6,1.84,3.55,4.35,1.82,3.8,4.7,1.95,1.93,1.9,1.9',
        'E0,17/08/2025,16:30,Everton,Fulham,1,1,2.6,3.2,2.9,2.5,3.3,3.0,2.55,3.2,3.1,2.6,3.4,3.1,2.45,3.2,2.95,,,,,,2.05,1.8',
      ].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("gives Pinnacle's closing line where the file has it, else the average's, only after kickoff; and names Pinnacle or Bet365 when theirs is the best price", async () => {
    // Prepare
    const csv = new CsvReplayProvider({ dir, shiftDays: 0, now: () => new Date('2025-08-20T12:00:00Z') });
    const fixtures = await csv.fixtures('E0', new Date('2025-08-01T00:00:00Z'), new Date('2025-09-01T00:00:00Z'));

    // Act
    const [closing, odds] = await Promise.all([csv.closingOdds('E0', fixtures), csv.odds('E0', fixtures)]);

    // Assess
    expect([...closing.values()]).toEqual([
      {
        sharp: { home: 1.82, draw: 3.8, away: 4.7, over25: 1.95, under25: 1.93 },
        average: { home: 1.8, draw: 3.7, away: 4.6, over25: 1.9, under25: 1.9 },
        capturedAt: '2025-08-16T13:59:00.000Z',
      },
      { average: { home: 2.6, draw: 3.2, away: 2.9, over25: 2.05, under25: 1.8 }, capturedAt: '2025-08-17T15:29:00.000Z' },
    ]);
    expect(odds.get(fixtures[0]!.id)!.bestBookmakers).toEqual({ home: 'Pinnacle' });
    expect(odds.get(fixtures[1]!.id)!.bestBookmakers).toEqual({ away: 'Bet365' });
    const before = new CsvReplayProvider({ dir, shiftDays: 0, now: () => new Date('2025-08-17T15:00:00Z') });
    expect([...(await before.closingOdds('E0', fixtures)).keys()]).toEqual([fixtures[0]!.id]);
  });
});

describe('proposeShiftDays', () => {
  const season = { first: '2022-08-05', last: '2023-05-28' };

  it('lands any date 55-60 % into the replayed season, in whole weeks', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), (today) => {
        const shift = proposeShiftDays(season, today);
        expect(Number.isInteger(shift / 7)).toBe(true);
        const first = Date.parse('2022-08-05T00:00:00Z') + shift * DAY;
        const last = Date.parse('2023-05-28T23:59:59Z') + shift * DAY;
        const fraction = (today.getTime() - first) / (last - first);
        expect(fraction).toBeGreaterThanOrEqual(0.55);
        expect(fraction).toBeLessThanOrEqual(0.6);
      }),
    );
  });

  it('proposes a shift for a folder that gives weeks of results and weeks of fixtures today', async () => {
    // Prepare
    const today = new Date('2026-11-22T12:00:00Z');

    // Act
    const shift = await proposeShiftDaysForFolder(DATA, today, undefined, ['E0', 'D1']);
    const csv = new CsvReplayProvider({ dir: DATA, now: () => today, leagues: ['E0', 'D1'] });
    const next = await csv.fixtures('E0', today, new Date(today.getTime() + 7 * DAY));
    const last = await csv.fixtures('E0', new Date(today.getTime() - 30 * DAY), today);

    // Assess
    expect(await csv.shiftDays()).toBe(shift);
    expect(next.filter((f) => f.status === 'scheduled').length).toBeGreaterThan(0);
    expect(last.filter((f) => f.status === 'finished').length).toBeGreaterThan(20);
  });
});
