/**
 * Walk-forward backtest CLI.
 *   npm run backtest -- --data <dir> [--data <dir2> ...] [--leagues E0,SP1] [--seasons 2019-20..2022-23]
 *                       [--market all|none|memory [--memory-age 1]] [--deployed [--stats-lag 2]] [--json out.json] [--svg calibration.svg]
 *                       [--refit-days 7] [--workers 2] [--season-sims [--season-runs 10000]]
 * Relative paths are resolved against $USER_CWD (the directory npm was run from) or the current directory.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildReport, sharpFair, sortedForReport, type EvaluatedMatch, type MarketMode } from '../backtest.ts';
import { DEFAULT_STATS_LAG_HOURS, GENERATION_UK_TIME, HISTORY_SEASONS, MAX_STATS_LAG_HOURS } from '@app/model/deployment';
import { MODEL_VERSION } from '@app/model/forecast';
import { DEFAULT_HYPER } from '@app/model/hyper';
import { calibrationSvg, renderEarningsTuning, renderReport, valueBetLines } from '../report.ts';
import { sharpFair as valueFair, tuneForEarnings, valueBetsOf, valueMatchOf } from '../value-backtest.ts';
import { everyMarket, VALUE_RULE, VALUE_RULES } from '@app/model/value-rule';
import { closingLineOf, DEFAULT_MEMORY, type MemoryParams } from '@app/model/market-memory';
import { DEFAULT_STACK, memoryReport, memoryRows, renderMemoryReport, stackRows } from '../memory-backtest.ts';
import { SEASON_ROUNDS, seasonBacktest, renderSeasonReport } from '../season-backtest.ts';
import { SEASON_RUNS_DEFAULT } from '@app/model/season';
import { listDataFiles, loadMatches, UsageError, type FileRef } from './load.ts';
import { runJob, type WorkerJob, type WorkerMessage } from './backtest-worker.ts';

const USAGE = `usage: npm run backtest -- --data <dir> [--data <dir2> ...] [--leagues E0,SP1] [--seasons 2019-20..2022-23]
                         [--market all|none|memory [--memory-age 1]] [--deployed [--stats-lag ${DEFAULT_STATS_LAG_HOURS}]] [--json out.json] [--svg calibration.svg]
                         [--refit-days 7] [--workers 2] [--season-sims [--season-runs 10000]] [--tune-value] [--value-only]
  --data        folder laid out as <LEAGUE>/<YYYY-YY>.csv (football-data.co.uk format); repeatable, merged
  --leagues     comma-separated league codes (default: every league folder found)
  --seasons     evaluated seasons: a range 2019-20..2022-23, a list 2019-20,2020-21 or one season
                (default: the last four seasons found); every earlier season is history
  --market      all (default): the engine gets each match's pre-kickoff odds; none: no bookmaker price at all
                (history and fixtures); Pinnacle closing is scored as the yardstick either way; memory: each
                fixture forecast from the closing prices of earlier matches only (market memory, never its own),
                stacked with our models (the \`none\` run's forecasts) by weights learned walk-forward
  --memory-age  with --market memory: days a close must be older than the fixture's day to be read (default 1: up
                to the day before; 7: a forecast published a week ahead)
  --deployed    replay what a deployed stage publishes instead of the research walk-forward: the stage starts with
                the run that publishes the first evaluated match and imports the last ${HISTORY_SEASONS} seasons (no prices); every
                day at ${GENERATION_UK_TIME} UK time it fits each league on the history it holds then (matches finished by then,
                with the prices captured before their kickoff) and publishes the day's forecasts
  --stats-lag   with --deployed: hours from kickoff until the source has a match's statistics (default ${DEFAULT_STATS_LAG_HOURS},
                at most ${MAX_STATS_LAG_HOURS}); the results job reads them when it first finds the match finished (2 h after
                kickoff, then every 30 minutes), so a later source leaves the match in the history without them
  --json        write the full report as JSON
  --svg         write the calibration plot (SVG)
  --refit-days  refit cadence in days of the research walk-forward (default ${DEFAULT_HYPER.refitDays}; --deployed fits daily)
  --workers     parallel worker threads, one league at a time each (default: min(2, CPUs)); 1 = in-process
  --season-sims score the season simulations instead of the matches: each evaluated league-season that is a complete
                double round robin, stopped after rounds 10, 20 and 30, its rest simulated (title, top four, relegation:
                Brier and reliability against last season's table and a points-per-game extrapolation); the JSON's
                \`season\` section; each stop simulated twice, from our models (before) and from the market memory's
                ratings fitted on the stop's day to the closes of earlier matches (after), scored side by side
  --season-runs runs per simulation (default 10000)
  --tune-value  also score every value rule of the tuning grid on the evaluated seasons, each market apart (edge
                threshold, odds range, minimum probability; value-backtest.ts) and name each market's rule the declared
                criterion chooses: run it on the tuning seasons only (2015-16..2019-20), never on the seasons that
                evaluate the rule
  --value-only  the value bets alone, from the files' prices (they need no forecast, so no model is fitted): the rule
                in force and the frozen rule, per market and season, with the stake plans`;

export interface CliArgs {
  data: string[];
  leagues?: string[];
  seasons?: string;
  json?: string;
  svg?: string;
  market: MarketMode;
  /** `--market memory`: the market-memory run (its models' part runs with market 'none'); days a close must be old. */
  memoryAge?: number;
  /** Hours of statistics lag of the deployed replay; absent: the research walk-forward. */
  deployed?: number;
  refitDays: number;
  workers: number;
  /** Runs per season simulation when the season simulations are scored instead of the matches. */
  seasonSims?: number;
  /** Score the value-rule tuning grid too. */
  tuneValue?: boolean;
  /** The value bets alone, no model fitted. */
  valueOnly?: boolean;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { data: [], market: 'all', refitDays: DEFAULT_HYPER.refitDays, workers: Math.max(1, Math.min(2, availableParallelism())) };
  let statsLag: number | undefined;
  let seasonRuns: number | undefined;
  let memoryAge: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const key = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const inline = a.startsWith('--') && eq > 0 ? a.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`Missing value for ${key}`);
      return v;
    };
    switch (key) {
      case '--data':
        args.data.push(value());
        break;
      case '--leagues':
        args.leagues = value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--seasons':
        args.seasons = value();
        break;
      case '--json':
        args.json = value();
        break;
      case '--svg':
        args.svg = value();
        break;
      case '--market': {
        const m = value();
        if (m !== 'all' && m !== 'none' && m !== 'memory') throw new UsageError(`--market must be 'all' or 'none' or 'memory' (got '${m}')`);
        if (m === 'memory') {
          args.market = 'none';
          args.memoryAge ??= DEFAULT_MEMORY.minAgeDays;
        } else args.market = m;
        break;
      }
      case '--memory-age': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 60) throw new UsageError('--memory-age must be an integer 1..60 (days)');
        memoryAge = n;
        break;
      }
      case '--deployed':
        args.deployed ??= DEFAULT_STATS_LAG_HOURS;
        break;
      case '--stats-lag': {
        const n = Number(value());
        if (!Number.isFinite(n) || n < 0 || n > MAX_STATS_LAG_HOURS) throw new UsageError(`--stats-lag must be a number of hours 0..${MAX_STATS_LAG_HOURS}`);
        statsLag = n;
        break;
      }
      case '--refit-days': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 365) throw new UsageError('--refit-days must be an integer 1..365');
        args.refitDays = n;
        break;
      }
      case '--workers': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError('--workers must be an integer 1..64');
        args.workers = n;
        break;
      }
      case '--season-sims':
        args.seasonSims ??= SEASON_RUNS_DEFAULT;
        break;
      case '--tune-value':
        args.tuneValue = true;
        break;
      case '--value-only':
        args.valueOnly = true;
        break;
      case '--season-runs': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 100 || n > 100_000) throw new UsageError('--season-runs must be an integer 100..100000');
        seasonRuns = n;
        break;
      }
      case '--help':
      case '-h':
        throw new UsageError('');
      default:
        throw new UsageError(`Unknown argument '${a}'`);
    }
  }
  if (args.data.length === 0) throw new UsageError('At least one --data folder is required');
  if (seasonRuns !== undefined) {
    if (args.seasonSims === undefined) throw new UsageError('--season-runs only applies with --season-sims');
    args.seasonSims = seasonRuns;
  }
  if (args.seasonSims !== undefined && args.deployed !== undefined) throw new UsageError('--season-sims runs on the research history: leave out --deployed');
  if (memoryAge !== undefined) {
    if (args.memoryAge === undefined) throw new UsageError('--memory-age only applies with --market memory');
    args.memoryAge = memoryAge;
  }
  if (args.memoryAge !== undefined && (args.deployed !== undefined || args.seasonSims !== undefined || args.tuneValue))
    throw new UsageError('--market memory runs on the research history: leave out --deployed, --season-sims and --tune-value');
  if (args.valueOnly && (args.deployed !== undefined || args.seasonSims !== undefined || args.memoryAge !== undefined || args.svg))
    throw new UsageError('--value-only reads the prices alone: leave out --deployed, --season-sims, --market memory and --svg');
  if (statsLag !== undefined) {
    if (args.deployed === undefined) throw new UsageError('--stats-lag only applies with --deployed');
    args.deployed = statsLag;
  }
  return args;
}

const SEASON_RE = /^(\d{4})-(\d{2})$/;

function checkSeason(s: string): string {
  const m = SEASON_RE.exec(s);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) throw new UsageError(`Bad season '${s}' (expected e.g. 2019-20)`);
  return s;
}

/** Expands '2019-20..2022-23', '2019-20,2021-22' or '2019-20' into season labels. */
export function expandSeasons(spec: string): string[] {
  if (spec.includes('..')) {
    const [a, b] = spec.split('..').map((s) => checkSeason(s.trim()));
    const from = Number(a!.slice(0, 4)),
      to = Number(b!.slice(0, 4));
    if (to < from) throw new UsageError(`Empty season range '${spec}'`);
    const out: string[] = [];
    for (let y = from; y <= to; y++) out.push(`${y}-${String((y + 1) % 100).padStart(2, '0')}`);
    return out;
  }
  return spec.split(',').map((s) => checkSeason(s.trim()));
}

function runJobs(jobs: WorkerJob[], workers: number, onMessage: (m: WorkerMessage) => void): Promise<EvaluatedMatch[]> {
  if (workers <= 1) {
    // in-process, one league after the other
    const results: EvaluatedMatch[] = [];
    for (const job of jobs)
      runJob(job, (m) => {
        if (m.type === 'done') results.push(...m.matches);
        onMessage(m);
      });
    return Promise.resolve(results);
  }
  return new Promise((resolvePromise, reject) => {
    const results: EvaluatedMatch[] = [];
    let next = 0,
      running = 0,
      failed = false;
    const url = new URL('./backtest-worker-boot.mjs', import.meta.url);
    const start = () => {
      if (failed) return;
      if (next >= jobs.length && running === 0) {
        resolvePromise(results);
        return;
      }
      while (running < workers && next < jobs.length) {
        const job = jobs[next++]!;
        running++;
        const w = new Worker(url, { workerData: job });
        w.on('message', (m: WorkerMessage) => {
          if (m.type === 'done') results.push(...m.matches);
          onMessage(m);
        });
        w.on('error', (e) => {
          failed = true;
          reject(e);
        });
        w.on('exit', (code) => {
          running--;
          if (code !== 0 && !failed) {
            failed = true;
            reject(new Error(`worker for ${job.league} exited with code ${code}`));
            return;
          }
          start();
        });
      }
    };
    start();
  });
}

export async function main(argv: readonly string[]): Promise<number> {
  const t0 = performance.now();
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      if (e.message) console.error(`Error: ${e.message}\n`);
      console.error(USAGE);
      return 2;
    }
    throw e;
  }
  const base = process.env.USER_CWD ?? process.cwd();
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  let files: FileRef[];
  let seasons: string[];
  try {
    files = listDataFiles(args.data.map(abs));
    if (files.length === 0) throw new UsageError(`No <LEAGUE>/<YYYY-YY>.csv files found under ${args.data.join(', ')}`);
    if (args.leagues) {
      const known = new Set(files.map((f) => f.league));
      const missing = args.leagues.filter((l) => !known.has(l));
      if (missing.length) throw new UsageError(`League(s) not found in the data: ${missing.join(', ')} (found: ${[...known].sort().join(', ')})`);
      files = files.filter((f) => args.leagues!.includes(f.league));
    }
    const allSeasons = [...new Set(files.map((f) => f.season))].sort();
    seasons = args.seasons ? expandSeasons(args.seasons) : allSeasons.slice(-4);
    if (!files.some((f) => seasons.includes(f.season))) {
      throw new UsageError(`No files for the evaluated season(s) ${seasons.join(', ')} (found seasons ${allSeasons[0]}..${allSeasons.at(-1)})`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`Error: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const leagues = [...new Set(files.map((f) => f.league))].sort();
  if (args.seasonSims !== undefined)
    return seasonSims(
      args,
      files.filter((f) => f.season <= seasons.at(-1)!),
      seasons,
      leagues,
      abs,
      t0,
    );
  if (args.valueOnly)
    return valueOnly(
      args,
      files.filter((f) => seasons.includes(f.season)),
      seasons,
      leagues,
      abs,
      t0,
    );
  const jobs: WorkerJob[] = leagues
    .map((league) => ({
      league,
      files: files.filter((f) => f.league === league && f.season <= seasons.at(-1)!).map((f) => f.path),
      seasons,
      refitDays: args.refitDays,
      market: args.market,
      ...(args.deployed !== undefined ? { deployed: { statsLagHours: args.deployed } } : {}),
    }))
    .filter((j) => files.some((f) => f.league === j.league && seasons.includes(f.season)))
    // biggest leagues first for better load balance
    .sort((a, b) => b.files.length - a.files.length);
  const mode =
    args.deployed !== undefined ? `deployed (daily fits, statistics ${args.deployed} h after kickoff)` : `research (refit every ${args.refitDays} days)`;
  console.log(
    `Backtest ${MODEL_VERSION}: ${jobs.length} league(s) [${jobs.map((j) => j.league).join(', ')}], evaluated seasons ${seasons.join(', ')}, market ${args.market}, ${mode}, ${files.length} files, ${args.workers} worker(s)`,
  );
  const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)}s`;
  if (args.memoryAge !== undefined) return marketMemory(args, jobs, files, seasons, abs, t0, elapsed);
  const matches = await runJobs(jobs, args.workers, (m) => {
    if (m.type === 'progress') console.log(`  [${elapsed()}] ${m.message}`);
    else console.log(`  [${elapsed()}] ${m.league} done: ${m.matches.length} evaluated matches (${(m.ms / 1000).toFixed(1)}s)`);
  });
  if (matches.length === 0) {
    console.error('Error: no evaluated matches (are the evaluated seasons present for these leagues?)');
    return 1;
  }
  const report = buildReport(
    matches,
    args.deployed !== undefined
      ? { mode: 'deployed', market: args.market, statsLagHours: args.deployed, historySeasons: HISTORY_SEASONS }
      : { mode: 'research', market: args.market },
  );
  console.log('');
  console.log(renderReport(report));
  const tuning = args.tuneValue ? tuneForEarnings(sortedForReport(matches), sharpFair) : undefined;
  if (tuning) console.log(`\n${renderEarningsTuning(tuning)}`);
  const wallSeconds = (performance.now() - t0) / 1000;
  console.log(`\nWall time ${wallSeconds.toFixed(1)} s`);
  if (args.json)
    writeJson(abs(args.json), {
      modelVersion: MODEL_VERSION,
      args: { ...args, data: args.data },
      seasons,
      leagues: jobs.map((j) => j.league),
      wallSeconds,
      hyper: DEFAULT_HYPER,
      ...report,
      ...(tuning ? { valueTuning: tuning } : {}),
    });
  if (args.svg) {
    const p = abs(args.svg);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(
      p,
      calibrationSvg(
        report.overall.calibration.x1,
        report.overall.calibration.ou,
        `Calibration, ${jobs.length} league(s), ${seasons.length > 1 ? `${seasons[0]}..${seasons.at(-1)}` : seasons[0]}`,
      ),
    );
    console.log(`Calibration plot written to ${p}`);
  }
  return 0;
}

/**
 * `--market memory`: our models' forecasts (the `--market none` run, in the workers) and the market memory's (in this
 * thread meanwhile), stacked walk-forward and scored (memory-backtest.ts).
 */
async function marketMemory(
  args: CliArgs,
  jobs: WorkerJob[],
  files: FileRef[],
  seasons: string[],
  abs: (p: string) => string,
  t0: number,
  elapsed: () => string,
): Promise<number> {
  const params: MemoryParams = { ...DEFAULT_MEMORY, minAgeDays: args.memoryAge! };
  const running = runJobs(jobs, args.workers, (m) => {
    if (m.type === 'progress') console.log(`  [${elapsed()}] ${m.message}`);
    else console.log(`  [${elapsed()}] ${m.league} done: ${m.matches.length} evaluated matches (${(m.ms / 1000).toFixed(1)}s)`);
  });
  // the memory reads every league loaded (clubs move between them), every season up to the last evaluated one
  const rows = memoryRows(loadMatches(files.filter((f) => f.season <= seasons.at(-1)!)), seasons, params);
  console.log(`  [${elapsed()}] market memory: ${rows.length} evaluated matches`);
  const models = await running;
  stackRows(rows, DEFAULT_STACK, models);
  const report = memoryReport(rows);
  console.log('');
  console.log(
    renderMemoryReport(
      report,
      `Market memory (closes at least ${params.minAgeDays} day(s) before the fixture's day; half-life ${params.halfLifeDays} d, ridge ${params.ridge}) stacked with our models`,
    ),
  );
  const wallSeconds = (performance.now() - t0) / 1000;
  console.log(`\nWall time ${wallSeconds.toFixed(1)} s`);
  if (args.json)
    writeJson(abs(args.json), {
      modelVersion: MODEL_VERSION,
      args,
      seasons,
      leagues: jobs.map((j) => j.league),
      wallSeconds,
      memory: params,
      stack: DEFAULT_STACK,
      report,
    });
  return 0;
}

/** Writes a run's figures as JSON at `path` (its folder made if missing) and says where. */
function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 1));
  console.log(`JSON written to ${path}`);
}

/** `--value-only`: the value bets from the evaluated seasons' prices alone (the rule reads no forecast; value-backtest.ts). */
function valueOnly(args: CliArgs, files: FileRef[], seasons: string[], leagues: string[], abs: (p: string) => string, t0: number): number {
  const key = (m: { date: string; league: string }) => `${m.date}|${m.league}`;
  const ev = loadMatches(files)
    .map(valueMatchOf)
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  console.log(`Value bets alone: ${leagues.length} league(s) [${leagues.join(', ')}], seasons ${seasons.join(', ')}, ${ev.length} matches`);
  const fair = 'Pinnacle pre-closing, de-vigged (Shin 1X2, proportional O/U and Asian handicap)';
  const rules = valueBetsOf(ev, valueFair, VALUE_RULES, fair);
  const frozen = valueBetsOf(ev, valueFair, everyMarket(VALUE_RULE), fair);
  console.log('');
  console.log(valueBetLines('under the rule in force', rules).join('\n'));
  console.log('');
  console.log(valueBetLines('under the frozen rule of 0191 (every market), for comparison', frozen).join('\n'));
  const tuning = args.tuneValue ? tuneForEarnings(ev, valueFair) : undefined;
  if (tuning) console.log(`\n${renderEarningsTuning(tuning)}`);
  const wallSeconds = (performance.now() - t0) / 1000;
  console.log(`\nWall time ${wallSeconds.toFixed(1)} s`);
  if (args.json)
    writeJson(abs(args.json), {
      args: { ...args, data: args.data },
      seasons,
      leagues,
      wallSeconds,
      valueBets: rules,
      valueBetsFrozen: frozen,
      ...(tuning ? { valueTuning: { chosen: tuning.chosen, byMarket: tuning.byMarket } } : {}),
    });
  return 0;
}

/** `--season-sims`: the season simulations' calibration instead of the match backtest (season-backtest.ts). */
function seasonSims(args: CliArgs, files: FileRef[], seasons: string[], leagues: string[], abs: (p: string) => string, t0: number): number {
  console.log(
    `Season simulations ${MODEL_VERSION}: ${leagues.length} league(s) [${leagues.join(', ')}], evaluated seasons ${seasons.join(', ')}, ${args.seasonSims} runs, rounds ${SEASON_ROUNDS.join(', ')}`,
  );
  const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)}s`;
  // Before and after: each stop simulated from our models and from the market memory's ratings (closes of earlier matches).
  const report = seasonBacktest(loadMatches(files), seasons, {
    runs: args.seasonSims!,
    progress: (line) => console.log(`  [${elapsed()}] ${line}`),
    memory: { closeOf: closingLineOf, params: DEFAULT_MEMORY },
  });
  if (report.evaluated.length === 0) {
    console.error('Error: no league-season to evaluate (complete double round robins with their previous season on file)');
    return 1;
  }
  console.log('');
  console.log(renderSeasonReport(report));
  const wallSeconds = (performance.now() - t0) / 1000;
  console.log(`\nWall time ${wallSeconds.toFixed(1)} s`);
  if (args.json) writeJson(abs(args.json), { modelVersion: MODEL_VERSION, args: { ...args, data: args.data }, seasons, leagues, wallSeconds, season: report });
  return 0;
}

const isMain = process.argv[1] !== undefined && /backtest\.ts$/.test(process.argv[1]);
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? `Error: ${e.message}` : e);
      process.exit(1);
    },
  );
}
