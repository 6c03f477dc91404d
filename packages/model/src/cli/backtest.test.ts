import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simulateLeague } from '../testing/simulate.ts';
import { expandSeasons, main, parseArgs } from './backtest.ts';

const HEADER = 'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HST,AST,AvgH,AvgD,AvgA,MaxH,MaxD,MaxA,Avg>2.5,Avg<2.5,Max>2.5,Max<2.5,PSCH,PSCD,PSCA,PC>2.5,PC<2.5';

function toCsv(league: string, ms: ReturnType<typeof simulateLeague>['matches'], twoDigitYear: boolean): string {
  const rows = ms.map((m) => {
    const [y, mo, d] = m.date.split('-');
    const date = `${d}/${mo}/${twoDigitYear ? y!.slice(2) : y}`;
    const o = m.odds!;
    const r = m.homeGoals > m.awayGoals ? 'H' : m.homeGoals === m.awayGoals ? 'D' : 'A';
    const bump = (x: number | undefined) => (x === undefined ? '' : (x * 1.03).toFixed(2));
    return [league, date, '15:00', ` ${m.home}`, m.away, m.homeGoals, m.awayGoals, r, m.homeShotsOnTarget, m.awayShotsOnTarget,
      o.home, o.draw, o.away, bump(o.home), bump(o.draw), bump(o.away), o.over25, o.under25, bump(o.over25), bump(o.under25),
      o.home, o.draw, o.away, o.over25, o.under25].join(',');
  });
  return [HEADER, ...rows, ',,,,,,'].join('\n') + '\n';
}

let dir: string;
let dir2: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'model-cli-'));
  dir2 = mkdtempSync(join(tmpdir(), 'model-cli2-'));
  for (const [league, seed] of [['AA', 1], ['BB', 2]] as const) {
    const sim = simulateLeague({ league, teams: 10, seasons: 3, seed, odds: true, shots: true, firstSeason: 2016 });
    for (const season of ['2016-17', '2017-18', '2018-19']) {
      // the last season of BB lives in the second folder (folders are merged)
      const base = league === 'BB' && season === '2018-19' ? dir2 : dir;
      mkdirSync(join(base, league), { recursive: true });
      writeFileSync(join(base, league, `${season}.csv`), toCsv(league, sim.matches.filter((m) => m.season === season), season === '2016-17'));
    }
  }
  writeFileSync(join(dir, 'README.md'), 'not data');
});

afterAll(() => vi.restoreAllMocks());

describe('backtest CLI', () => {
  it('parses arguments and season ranges', () => {
    const a = parseArgs(['--data', 'x', '--data=y', '--leagues', 'E0,SP1', '--seasons', '2019-20..2022-23', '--json', 'o.json', '--workers', '1']);
    expect(a.data).toEqual(['x', 'y']);
    expect(a.leagues).toEqual(['E0', 'SP1']);
    expect(a.workers).toBe(1);
    expect(expandSeasons('2019-20..2022-23')).toEqual(['2019-20', '2020-21', '2021-22', '2022-23']);
    expect(expandSeasons('1999-00')).toEqual(['1999-00']);
    expect(() => expandSeasons('2019-21')).toThrow(/Bad season/);
    expect(() => expandSeasons('2022-23..2019-20')).toThrow(/Empty/);
    expect(() => parseArgs(['--seasons', '2019-20'])).toThrow(/--data/);
    expect(() => parseArgs(['--data'])).toThrow(/Missing value/);
    expect(() => parseArgs(['--data', 'x', '--bogus'])).toThrow(/Unknown argument/);
    expect(() => parseArgs(['--data', 'x', '--refit-days', '0'])).toThrow(/refit-days/);
  });

  it('reports clear errors for a missing folder, no files, unknown leagues or absent seasons', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await main(['--data', join(dir, 'nope')])).toBe(2);
    expect(err.mock.calls.flat().join(' ')).toMatch(/Data folder not found/);
    const empty = mkdtempSync(join(tmpdir(), 'model-empty-'));
    expect(await main(['--data', empty])).toBe(2);
    expect(err.mock.calls.flat().join(' ')).toMatch(/No <LEAGUE>\/<YYYY-YY>\.csv files/);
    expect(await main(['--data', dir, '--leagues', 'ZZ'])).toBe(2);
    expect(err.mock.calls.flat().join(' ')).toMatch(/not found in the data: ZZ/);
    expect(await main(['--data', dir, '--seasons', '2030-31'])).toBe(2);
    expect(err.mock.calls.flat().join(' ')).toMatch(/No files for the evaluated season/);
    vi.restoreAllMocks();
  });

  it('runs a walk-forward backtest over merged folders and writes JSON with the headline fields and an SVG', async () => {
    const logs: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => { logs.push(a.join(' ')); });
    const out = join(dir, 'out', 'report.json');
    const svg = join(dir, 'out', 'cal.svg');
    process.env.USER_CWD = dir;
    const code = await main(['--data', '.', '--data', dir2, '--seasons', '2018-19', '--json', 'out/report.json', '--svg', svg, '--workers', '1']);
    delete process.env.USER_CWD;
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const rep = JSON.parse(readFileSync(out, 'utf8'));
    expect(rep.leagues).toEqual(['AA', 'BB']);
    expect(rep.overall.ensemble.n).toBe(180); // 2 leagues x 90 matches, all with Pinnacle and average prices
    for (const v of [rep.overall.ensemble.rps, rep.overall.pinnacle.rps, rep.overall.ou.ensemble.brier, rep.overall.ou.pinnacle.brier]) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(0.5);
    }
    expect(rep.groups.map((g: { label: string }) => g.label)).toEqual(['AA 2018-19', 'BB 2018-19']);
    expect(readFileSync(svg, 'utf8')).toMatch(/^<svg/);
    const text = logs.join('\n');
    expect(text).toMatch(/OVERALL/);
    expect(text).toMatch(/AA 2018-19/);
    expect(text).toMatch(/Picks with top probability >= 60 %/);
  });
});
