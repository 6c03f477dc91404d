/**
 * Benchmarks of the forecasting engine (`npm run bench` at the repo root, or `npx tsx bench/run.ts` here).
 *  1. Dixon-Coles fit for one league on three seasons (E0 2016-17..2018-19, ~1,140 matches): median of 25 cold fits.
 *  2. A week of predictions for 10 leagues: fitLeagueModel (full history up to the week) + predictFixture for the
 *     week's fixtures, all 10 leagues; median of 3 runs (and the predict-only part).
 *  3. Backtest wall time: the full CLI backtest (10 leagues x 2019-20..2022-23, weekly refits, 2 workers), or with
 *     --quick a shorter run (E0, 2022-23 only). The JSON says which.
 *  4. The same with --deployed: what a deployed stage publishes (daily fits on a 4-season import).
 *  5. The expected-goals proxy's level on the research files: per league, its mean over the development seasons
 *     (2015-16..2018-19) and over the evaluation seasons (2019-20..2022-23) against the goals of the same matches,
 *     each to be within 3 % (the check the in-repo test src/proxy-level.test.ts makes on simulated leagues).
 * Results are printed and written to <repo>/bench-results/model.json.
 * Data: the football-data.co.uk folder in $BENCH_DATA (`npm run bench` sets it from FOOTBALL_DATA_DIR or BENCH_DATA;
 * without either, this says how to set them and skips).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main as backtestMain } from '../src/cli/backtest.ts';
import { listDataFiles, loadMatches } from '../src/cli/load.ts';
import { fitDixonColes, type DCMatch } from '@app/model/dixon-coles';
import { dayNumber, expectedGoalsProxy } from '@app/model/features';
import { fitLeagueModel, predictFixture } from '@app/model/forecast';
import { DEFAULT_HYPER } from '@app/model/hyper';
import { proxyLevels } from '@app/model/proxy-level';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const dataDir = process.env.BENCH_DATA ? resolve(process.env.USER_CWD ?? repoRoot, process.env.BENCH_DATA) : undefined;
const quick = process.argv.includes('--quick');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function run(dataDir: string) {
  console.log(`Model benchmarks (data ${dataDir}; ${cpus().length} CPUs, node ${process.version})`);
  const all = loadMatches(listDataFiles([dataDir]));

  // 1. Dixon-Coles fit, one league, three seasons
  const hyper = DEFAULT_HYPER;
  const three = all.filter((m) => m.league === 'E0' && m.season >= '2016-17' && m.season <= '2018-19');
  const asOf = dayNumber('2019-06-01');
  const b = hyper.dc.xgBlend;
  // goal targets blended with the xG proxy at the prior conversion rates, as the engine's refits do
  const conversion = { goals: 0, shotsOnTarget: 0, goalsWithShots: 0, shots: 0 };
  const target = (goals: number, sot: number | undefined, shots: number | undefined) =>
    sot === undefined ? goals : (1 - b) * goals + b * expectedGoalsProxy(conversion, hyper, sot, shots);
  const dcm: DCMatch[] = three.map((m) => ({
    home: m.home,
    away: m.away,
    homeGoals: m.homeGoals,
    awayGoals: m.awayGoals,
    homeTarget: target(m.homeGoals, m.homeShotsOnTarget, m.homeShots),
    awayTarget: target(m.awayGoals, m.awayShotsOnTarget, m.awayShots),
    weight: Math.exp(-hyper.dc.xi * (asOf - dayNumber(m.date))),
  }));
  for (let i = 0; i < 5; i++) fitDixonColes(dcm, { ridge: hyper.dc.ridge }); // warm-up (JIT)
  const dcTimes: number[] = [];
  let iterations = 0;
  for (let i = 0; i < 25; i++) {
    const t = performance.now();
    const p = fitDixonColes(dcm, { ridge: hyper.dc.ridge });
    dcTimes.push(performance.now() - t);
    iterations = p.iterations;
  }
  const dcMedian = median(dcTimes);
  console.log(
    `1. Dixon-Coles fit, E0 2016-17..2018-19 (${dcm.length} matches, ${new Set(dcm.map((m) => m.home)).size} teams): median ${round(dcMedian, 2)} ms over 25 cold fits (${iterations} Newton iterations; min ${round(Math.min(...dcTimes), 2)}, max ${round(Math.max(...dcTimes), 2)})`,
  );

  // 2. A week of predictions for 10 leagues (fit + predict)
  const weekStart = '2023-03-13';
  const weekEnd = '2023-03-20';
  const leagues = [...new Set(all.map((m) => m.league))].sort();
  const fixturesOf = (lg: string) => all.filter((m) => m.league === lg && m.date >= weekStart && m.date < weekEnd);
  const runs: { total: number; fit: number; predict: number; fixtures: number; perLeagueMax: number; bytes: number[] }[] = [];
  // run 0 is the cold (first, JIT warm-up) run; the median is over runs 1..3
  for (let r = 0; r < 4; r++) {
    let fit = 0,
      predict = 0,
      fixtures = 0,
      perLeagueMax = 0;
    const bytes: number[] = [];
    const t0 = performance.now();
    for (const lg of leagues) {
      const history = all.filter((m) => m.league === lg && m.date < weekStart);
      const t1 = performance.now();
      const state = fitLeagueModel({ league: lg, history, asOf: weekStart });
      const t2 = performance.now();
      for (const fx of fixturesOf(lg)) {
        predictFixture(state, { kickoff: fx.date, league: lg, home: fx.home, away: fx.away, ...(fx.odds ? { odds: fx.odds } : {}) });
        fixtures++;
      }
      const t3 = performance.now();
      fit += t2 - t1;
      predict += t3 - t2;
      perLeagueMax = Math.max(perLeagueMax, t2 - t1);
      bytes.push(JSON.stringify(state).length);
    }
    runs.push({ total: performance.now() - t0, fit, predict, fixtures, perLeagueMax, bytes });
  }
  const cold = runs[0]!;
  const warm = runs.slice(1);
  const week = {
    totalMs: median(warm.map((r) => r.total)),
    fitMs: median(warm.map((r) => r.fit)),
    predictMs: median(warm.map((r) => r.predict)),
    fixtures: cold.fixtures,
    slowestLeagueFitMs: round(median(warm.map((r) => r.perLeagueMax))),
    coldRunTotalMs: round(cold.total),
    stateBytesMax: Math.max(...cold.bytes),
    stateBytes: Object.fromEntries(leagues.map((l, i) => [l, cold.bytes[i]!])),
  };
  console.log(
    `2. Week ${weekStart}..${weekEnd}, ${leagues.length} leagues, ${week.fixtures} fixtures: median ${round(week.totalMs)} ms in total (fitLeagueModel ${round(week.fitMs)} ms, slowest league ${round(week.slowestLeagueFitMs)} ms; predictFixture ${round(week.predictMs)} ms) over 3 runs after a cold first run of ${round(cold.total)} ms; largest state ${round(week.stateBytesMax / 1024)} KB`,
  );

  // 3-4. Backtest wall time, research and deployed
  const timeBacktest = async (extra: string[]) => {
    const args = quick
      ? ['--data', dataDir, '--leagues', 'E0', '--seasons', '2022-23', '--workers', '1', ...extra]
      : ['--data', dataDir, '--seasons', '2019-20..2022-23', ...extra];
    const origLog = console.log;
    console.log = () => {};
    const t0 = performance.now();
    let code: number;
    try {
      code = await backtestMain(args);
    } finally {
      console.log = origLog;
    }
    return { seconds: (performance.now() - t0) / 1000, code };
  };
  const kind = quick ? 'quick: E0 2022-23 only, 1 worker' : 'full: 10 leagues x 2019-20..2022-23, default workers';
  const research = await timeBacktest([]);
  console.log(`3. Backtest, research walk-forward (${kind}, weekly refits): wall time ${round(research.seconds)} s (exit code ${research.code})`);
  const deployed = await timeBacktest(['--deployed']);
  console.log(`4. Backtest --deployed (${kind}, one fit a day): wall time ${round(deployed.seconds)} s (exit code ${deployed.code})`);

  // 5. The proxy's level per league, pooled over the development and the evaluation seasons
  const levels = proxyLevels(all, hyper);
  const pooled = (from: string, to: string) =>
    Object.fromEntries(
      [...new Set(levels.map((r) => r.league))].sort().flatMap((lg) => {
        const rows = levels.filter((r) => r.league === lg && r.season >= from && r.season <= to);
        return rows.length ? [[lg, round(rows.reduce((a, r) => a + r.proxy, 0) / rows.reduce((a, r) => a + r.goals, 0), 3)]] : [];
      }),
    );
  const proxyLevel = { development: pooled('2015-16', '2018-19'), evaluation: pooled('2019-20', '2022-23'), tolerance: 0.03 };
  const outside = Object.entries({
    ...Object.fromEntries(Object.entries(proxyLevel.development).map(([k, v]) => [`${k} dev`, v])),
    ...Object.fromEntries(Object.entries(proxyLevel.evaluation).map(([k, v]) => [`${k} eval`, v])),
  }).filter(([, v]) => Math.abs(v - 1) > proxyLevel.tolerance);
  const fmt = (o: Record<string, number>) =>
    Object.entries(o)
      .map(([k, v]) => `${k} ${v.toFixed(3)}`)
      .join(', ');
  console.log(
    `5. xG proxy ÷ goals, per league: development seasons ${fmt(proxyLevel.development)}; evaluation seasons ${fmt(proxyLevel.evaluation)}: ${outside.length ? `OUTSIDE 3 %: ${outside.map(([k]) => k).join(', ')}` : 'every league within 3 %'}`,
  );

  const out = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, availableParallelism: availableParallelism(), node: process.version },
    dixonColesFit: { league: 'E0', seasons: '2016-17..2018-19', matches: dcm.length, medianMs: round(dcMedian, 3), runs: dcTimes.length, iterations },
    weekOfPredictions: {
      leagues: leagues.length,
      week: `${weekStart}..${weekEnd}`,
      ...week,
      totalMs: round(week.totalMs),
      fitMs: round(week.fitMs),
      predictMs: round(week.predictMs),
      runs: 3,
      includes: 'fitLeagueModel from full history + predictFixture for every fixture',
    },
    backtest: {
      kind: quick ? 'quick (E0 2022-23, 1 worker)' : 'full (10 leagues x 2019-20..2022-23, weekly refit)',
      wallSeconds: round(research.seconds),
      exitCode: research.code,
    },
    proxyLevel: { ...proxyLevel, outside: outside.map(([k]) => k) },
    backtestDeployed: {
      kind: quick ? 'quick (E0 2022-23, 1 worker)' : 'full (10 leagues x 2019-20..2022-23, daily fits)',
      wallSeconds: round(deployed.seconds),
      exitCode: deployed.code,
    },
  };
  const outDir = join(repoRoot, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'model.json'), JSON.stringify(out, null, 2));
  console.log(`Written to ${join(outDir, 'model.json')}`);
}

if (!dataDir || !existsSync(dataDir)) {
  console.log(
    `Model benchmarks: skipped, ${dataDir ? `no folder at ${dataDir}` : 'no football-data.co.uk folder given'}: set FOOTBALL_DATA_DIR (or BENCH_DATA) to one laid out as <LEAGUE>/<YYYY-YY>.csv, e.g. FOOTBALL_DATA_DIR=/path/to/football-data npm run bench.`,
  );
} else {
  run(dataDir).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
