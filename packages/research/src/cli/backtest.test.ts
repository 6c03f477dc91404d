import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { simulateLeague } from '@app/model/testing/simulate';
import { expandSeasons, main, parseArgs } from './backtest.ts';

const HEADER =
  'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HST,AST,AvgH,AvgD,AvgA,MaxH,MaxD,MaxA,Avg>2.5,Avg<2.5,Max>2.5,Max<2.5,PSCH,PSCD,PSCA,PC>2.5,PC<2.5,PSH,PSD,PSA,B365H,B365D,B365A';

function toCsv(league: string, ms: ReturnType<typeof simulateLeague>['matches'], twoDigitYear: boolean): string {
  const rows = ms.map((m) => {
    const [y, mo, d] = m.date.split('-');
    const date = `${d}/${mo}/${twoDigitYear ? y!.slice(2) : y}`;
    const o = m.odds!;
    const r = m.homeGoals > m.awayGoals ? 'H' : m.homeGoals === m.awayGoals ? 'D' : 'A';
    const bump = (x: number | undefined) => (x === undefined ? '' : (x * 1.03).toFixed(2));
    // a listed book (Bet365) that sometimes pays well above the Pinnacle line
    const up = (x: number | undefined) => (x === undefined ? '' : (x * (m.homeGoals % 2 ? 1.12 : 1.0)).toFixed(2));
    return [
      league,
      date,
      '15:00',
      ` ${m.home}`,
      m.away,
      m.homeGoals,
      m.awayGoals,
      r,
      m.homeShotsOnTarget,
      m.awayShotsOnTarget,
      o.home,
      o.draw,
      o.away,
      bump(o.home),
      bump(o.draw),
      bump(o.away),
      o.over25,
      o.under25,
      bump(o.over25),
      bump(o.under25),
      o.home,
      o.draw,
      o.away,
      o.over25,
      o.under25,
      o.home,
      o.draw,
      o.away,
      up(o.home),
      up(o.draw),
      up(o.away),
    ].join(',');
  });
  return [HEADER, ...rows, ',,,,,,'].join('\n') + '\n';
}

let dir: string;
let dir2: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'model-cli-'));
  dir2 = mkdtempSync(join(tmpdir(), 'model-cli2-'));
  for (const [league, seed] of [
    ['AA', 1],
    ['BB', 2],
  ] as const) {
    const sim = simulateLeague({ league, teams: 10, seasons: 3, seed, odds: true, shots: true, firstSeason: 2016 });
    for (const season of ['2016-17', '2017-18', '2018-19']) {
      // the last season of BB lives in the second folder (folders are merged)
      const base = league === 'BB' && season === '2018-19' ? dir2 : dir;
      mkdirSync(join(base, league), { recursive: true });
      writeFileSync(
        join(base, league, `${season}.csv`),
        toCsv(
          league,
          sim.matches.filter((m) => m.season === season),
          season === '2016-17',
        ),
      );
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
    expect(parseArgs(['--data', 'x']).market).toBe('all');
    expect(parseArgs(['--data', 'x', '--market', 'none']).market).toBe('none');
    expect(() => parseArgs(['--data', 'x', '--market', 'some'])).toThrow(/--market must be 'all' or 'none'/);
    expect(parseArgs(['--data', 'x']).deployed).toBeUndefined();
    expect(parseArgs(['--data', 'x', '--deployed']).deployed).toBe(2);
    expect(parseArgs(['--data', 'x', '--stats-lag', '12', '--deployed']).deployed).toBe(12);
    expect(() => parseArgs(['--data', 'x', '--stats-lag', '12'])).toThrow(/only applies with --deployed/);
    expect(() => parseArgs(['--data', 'x', '--deployed', '--stats-lag', '72'])).toThrow(/--stats-lag must be/);
    const memory = parseArgs(['--data', 'x', '--market', 'memory']);
    expect([memory.market, memory.memoryAge]).toEqual(['none', 1]);
    expect(parseArgs(['--data', 'x', '--memory-age', '7', '--market', 'memory']).memoryAge).toBe(7);
    expect(() => parseArgs(['--data', 'x', '--memory-age', '7'])).toThrow(/only applies with --market memory/);
    expect(() => parseArgs(['--data', 'x', '--market', 'memory', '--memory-age', '0'])).toThrow(/--memory-age must be/);
    expect(() => parseArgs(['--data', 'x', '--market', 'memory', '--deployed'])).toThrow(/research history/);
    expect(parseArgs(['--data', 'x', '--value-only', '--tune-value'])).toMatchObject({ valueOnly: true, tuneValue: true });
    expect(() => parseArgs(['--data', 'x', '--value-only', '--deployed'])).toThrow(/--value-only reads the prices alone/);
  });

  it('runs --market memory: the memory from earlier closes, stacked with our models, scored against Pinnacle', async () => {
    const logs: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => {
      logs.push(a.join(' '));
    });
    const out = join(dir, 'memory.json');
    expect(await main(['--data', dir, '--data', dir2, '--seasons', '2018-19', '--market', 'memory', '--workers', '1', '--json', out])).toBe(0);
    const text = logs.join('\n');
    expect(text).toMatch(/Market memory \(closes at least 1 day/);
    expect(text).toMatch(/market memory +0\.\d{5} +\d\.\d{4} \[/);
    const json = JSON.parse(readFileSync(out, 'utf8')) as { report: { overall: { n: number; ratio: { memory: number; stack: number } } } };
    expect(json.report.overall.n).toBeGreaterThan(100);
    expect(json.report.overall.ratio.memory).toBeGreaterThan(0.9);
    expect(json.report.overall.ratio.memory).toBeLessThan(1.1);
    vi.restoreAllMocks();
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
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => {
      logs.push(a.join(' '));
    });
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

  interface Summary {
    rps: number;
    n: number;
  }
  interface ReportJson {
    market: string;
    overall: {
      config: { mode: string; market: string; statsLagHours?: number; historySeasons?: number };
      ensemble: Summary;
      pinnacle: Summary;
      input?: Summary;
      ratioCI95: [number, number];
      inputDiffCI95?: [number, number];
      components: Record<'models' | 'statistical' | 'ai' | 'rating', Summary>;
      allMatches: Record<string, Summary>;
      ou: { ensemble: { brier: number }; pinnacle: { brier: number } };
      calibration: unknown;
      picks: { ensemble: { picks: number; hitRate: number } };
      valueBets: {
        clv: { n: number; mean: number; ci95: [number, number]; beatClosePct: number };
        all: { bets: number; roiCI95: [number, number] };
        byMarket: Record<string, { bets: number }>;
        byMarketSeason: Record<string, Record<string, { bets: number; clv: { total: number; totalCI95: [number, number] } }>>;
        byLeague: Record<string, { bets: number }>;
        bySeason: Record<string, { bets: number }>;
        stakes: { name: string; profit: number; maxDrawdown: number; maxDrawdownCI95: [number, number] }[];
      };
    };
  }

  async function runQuiet(args: string[]): Promise<ReportJson> {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = join(mkdtempSync(join(tmpdir(), 'model-json-')), 'r.json');
    const code = await main([...args, '--json', out, '--workers', '1']);
    vi.restoreAllMocks();
    expect(code).toBe(0);
    return JSON.parse(readFileSync(out, 'utf8')) as ReportJson;
  }

  it('writes the contract keys, with intervals; --market none has no input row and its own ensemble', async () => {
    const all = await runQuiet(['--data', dir, '--data', dir2, '--seasons', '2018-19']);
    const none = await runQuiet(['--data', dir, '--data', dir2, '--seasons', '2018-19', '--market', 'none']);
    for (const rep of [all, none]) {
      const o = rep.overall;
      for (const name of ['models', 'statistical', 'ai', 'rating'] as const) expect(o.components[name].rps).toBeGreaterThan(0);
      const [lo, hi] = o.ratioCI95;
      expect(lo).toBeLessThanOrEqual(o.ensemble.rps / o.pinnacle.rps);
      expect(hi).toBeGreaterThanOrEqual(o.ensemble.rps / o.pinnacle.rps);
      expect(o.ou.ensemble.brier).toBeGreaterThan(0);
      expect(o.ou.pinnacle.brier).toBeGreaterThan(0);
    }
    expect(all.market).toBe('all');
    expect(all.overall.input?.rps).toBeGreaterThan(0);
    expect(all.overall.inputDiffCI95).toHaveLength(2);
    expect(none.market).toBe('none');
    expect(none.overall.input).toBeUndefined();
    expect(none.overall.inputDiffCI95).toBeUndefined();
    // without prices the published forecast is our models' pool; the components are the same in both modes
    expect(none.overall.ensemble.rps).toBe(none.overall.components.models.rps);
    expect(none.overall.components).toEqual(all.overall.components);
    expect(all.overall.ensemble.rps).not.toBe(none.overall.ensemble.rps);
    expect(all.overall.config).toMatchObject({ mode: 'research', market: 'all' });
    // the declared bookmaker list is named, and the value bets lead with CLV against the close, with its interval
    expect((all.overall.config as { bookmakers?: string[] }).bookmakers?.[0]).toMatch(/^Bet365, research B365\*/);
    const v = all.overall.valueBets;
    expect(v.clv.n).toBeGreaterThan(10);
    expect(v.clv.n).toBe(v.all.bets);
    expect(v.clv.ci95[0]).toBeLessThanOrEqual(v.clv.mean);
    expect(v.clv.ci95[1]).toBeGreaterThanOrEqual(v.clv.mean);
    expect(v.clv.beatClosePct).toBeGreaterThan(0);
    expect(v.byMarket['1X2']!.bets).toBe(v.all.bets);
    expect(Object.keys(v.byLeague)).toEqual(['AA', 'BB']);
    expect(Object.keys(v.bySeason)).toEqual(['2018-19']);
    // each market season by season with the total CLV in stake units and its interval; the stake plans
    const season = v.byMarketSeason['1X2']!['2018-19']!;
    expect(season.bets).toBe(v.all.bets);
    expect(season.clv.totalCI95[0]).toBeLessThanOrEqual(season.clv.total);
    expect(Object.keys(v.byMarketSeason)).toEqual(['1X2', 'OU2.5', 'AH']);
    expect(v.stakes.map((p) => p.name)).toEqual(['flat 1 % of the bankroll', '0.25 Kelly from the fair probability, at most 2.5 % of the bankroll']);
    // --value-only finds the same value bets from the prices alone, no model fitted
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = join(mkdtempSync(join(tmpdir(), 'model-value-')), 'v.json');
    expect(await main(['--data', dir, '--data', dir2, '--seasons', '2018-19', '--value-only', '--json', out])).toBe(0);
    vi.restoreAllMocks();
    const only = JSON.parse(readFileSync(out, 'utf8')) as { valueBets: ReportJson['overall']['valueBets']; valueBetsFrozen: { all: { bets: number } } };
    expect(only.valueBets.all.bets).toBe(v.all.bets);
    expect(only.valueBets.clv.mean).toBe(v.clv.mean);
    expect(only.valueBetsFrozen.all.bets).toBeGreaterThan(0);
  });

  it('--deployed names its mode and replays the pipeline: same matches, other forecasts than the research walk-forward', async () => {
    const research = await runQuiet(['--data', dir, '--data', dir2, '--seasons', '2018-19', '--market', 'none']);
    const deployed = await runQuiet(['--data', dir, '--data', dir2, '--seasons', '2018-19', '--market', 'none', '--deployed', '--stats-lag', '6']);
    expect(deployed.overall.config).toMatchObject({ mode: 'deployed', market: 'none', statsLagHours: 6, historySeasons: 4 });
    expect(deployed.overall.allMatches.ensemble!.n).toBe(research.overall.allMatches.ensemble!.n);
    expect(deployed.overall.allMatches.ensemble!.rps).not.toBe(research.overall.allMatches.ensemble!.rps);
  });

  it('--market none reads no price column: blanking every odds column gives identical forecasts', async () => {
    // a copy of the data with every column after the shots on target blanked (all bookmaker prices)
    const blank = mkdtempSync(join(tmpdir(), 'model-blank-'));
    const keep = HEADER.split(',').indexOf('AST') + 1;
    for (const [base, league, season] of [
      [dir, 'AA', '2016-17'],
      [dir, 'AA', '2017-18'],
      [dir, 'AA', '2018-19'],
      [dir, 'BB', '2016-17'],
      [dir, 'BB', '2017-18'],
      [dir2, 'BB', '2018-19'],
    ] as const) {
      const lines = readFileSync(join(base, league, `${season}.csv`), 'utf8').split('\n');
      const blanked = lines.map((l, i) =>
        i === 0 || l === ''
          ? l
          : l
              .split(',')
              .map((c, j) => (j < keep ? c : ''))
              .join(','),
      );
      expect(blanked[1]).not.toBe(lines[1]);
      mkdirSync(join(blank, league), { recursive: true });
      writeFileSync(join(blank, league, `${season}.csv`), blanked.join('\n'));
    }
    const withPrices = await runQuiet(['--data', dir, '--data', dir2, '--seasons', '2017-18..2018-19', '--market', 'none']);
    const without = await runQuiet(['--data', blank, '--seasons', '2017-18..2018-19', '--market', 'none']);
    // forecasts over all evaluated matches, their calibration and picks (Pinnacle's rows need prices, so they differ)
    expect(without.overall.allMatches).toEqual(withPrices.overall.allMatches);
    expect(without.overall.calibration).toEqual(withPrices.overall.calibration);
    expect(without.overall.picks.ensemble.picks).toBe(withPrices.overall.picks.ensemble.picks);
    expect(without.overall.picks.ensemble.hitRate).toBe(withPrices.overall.picks.ensemble.hitRate);
    expect(withPrices.overall.allMatches.ensemble?.n).toBe(360);
    // and the same blanking does change the forecasts with the market, so the comparison can fail
    const allWith = await runQuiet(['--data', dir, '--data', dir2, '--seasons', '2017-18..2018-19']);
    const allWithout = await runQuiet(['--data', blank, '--seasons', '2017-18..2018-19']);
    expect(allWithout.overall.allMatches.ensemble).not.toEqual(allWith.overall.allMatches.ensemble);
  });
});
