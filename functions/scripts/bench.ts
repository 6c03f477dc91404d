// `npm run bench` (functions part): Lambda bundle sizes and module initialisation times, and the
// throughput of GET /api/predictions on the local stack. Prints the figures and writes
// bench-results/functions.json.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildFunctions } from './build.ts';

const root = resolve(import.meta.dirname, '..');
const repo = resolve(root, '..');
const BUDGET_BYTES = 250 * 1024;
const INIT_BUDGET_MS = 100;

async function bundles() {
  const sizes = await buildFunctions();
  // The Lambda runtime provides the AWS SDK; here the workspace's copy stands in for it.
  const lab = join(root, '.bench');
  rmSync(lab, { recursive: true, force: true });
  mkdirSync(join(lab, 'node_modules'), { recursive: true });
  symlinkSync(join(repo, 'node_modules', '.pnpm', 'node_modules', '@aws-sdk'), join(lab, 'node_modules', '@aws-sdk'));
  const rows = [];
  for (const { handler, bytes } of sizes) {
    const dir = join(lab, handler.replaceAll('/', '-'));
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(root, 'dist', handler, 'index.mjs'), join(dir, 'index.mjs'));
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    const sdk = [...new Set([...code.matchAll(/from\s*"(@aws-sdk\/[^"]+)"/g)].map((m) => m[1]!))];
    const runs: Array<{ sdk: number; own: number }> = [];
    for (let i = 0; i < 5; i++) {
      // A fresh process per run, as a cold start: first the AWS SDK modules the bundle imports
      // (the Lambda runtime's copy), then the bundle's own module initialisation.
      const script = `const t0 = performance.now(); await Promise.all(${JSON.stringify(sdk)}.map((m) => import(m)));
        const t1 = performance.now(); await import(${JSON.stringify(join(dir, 'index.mjs'))});
        console.log(JSON.stringify({ sdk: t1 - t0, own: performance.now() - t1 }));`;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        env: { ...process.env, STAGE: 'dev', AWS_REGION: 'eu-west-2', TABLE_NAME: 'bench', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        encoding: 'utf8',
      });
      runs.push(JSON.parse(out.trim().split('\n').pop()!) as { sdk: number; own: number });
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    const own = median(runs.map((r) => r.own));
    const sdkMs = median(runs.map((r) => r.sdk));
    rows.push({ handler, kb: +(bytes / 1024).toFixed(1), initMsMedian: +own.toFixed(1), sdkLoadMsMedian: +sdkMs.toFixed(1), withinBudget: bytes <= BUDGET_BYTES && own <= INIT_BUDGET_MS });
  }
  rmSync(lab, { recursive: true, force: true });
  return rows;
}

/**
 * GET /api/predictions on the real local stack (its own process, as `npm start` runs it) with
 * 300 upcoming fixtures, loaded by autocannon from this process.
 */
async function predictionsThroughput() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stack-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOCAL_PIPELINE: 'off', LOCAL_REQUEST_LOG: '0', POWERTOOLS_LOG_LEVEL: 'ERROR', LOG_LEVEL: 'ERROR' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const base = await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`local stack did not start:\n${out}`)), 120_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = /running at (http:\/\/localhost:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolveUrl(m[1]!.replace('localhost', '127.0.0.1'));
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
    });
    const { dynamodbEndpoint } = JSON.parse(readFileSync(join(dataDir, 'local-stack.json'), 'utf8')) as { dynamodbEndpoint: string };
    const { createDocumentClient } = await import('@app/adapters/dynamodb/client');
    const { DynamoPredictionRepository } = await import('@app/adapters/dynamodb/prediction-repository');
    const repo = new DynamoPredictionRepository(createDocumentClient({ region: 'eu-west-2', endpoint: dynamodbEndpoint }), 'App');
    const now = Date.now();
    for (let i = 0; i < 300; i += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) => i + j).map((k) =>
          repo.save({
            id: `bench-${k}`, fixtureId: `bench-${k}`, leagueId: `L${k % 10}`, leagueName: `League ${k % 10}`, homeTeam: `Home ${k}`, awayTeam: `Away ${k}`,
            kickoff: new Date(now + (k + 1) * 30 * 60 * 1000).toISOString(), probabilities: { home: 0.5, draw: 0.3, away: 0.2 }, overUnder25: { over: 0.55, under: 0.45 },
            insights: { expectedGoals: { home: 1.5, away: 1.1 }, bothTeamsToScore: 0.52, topScores: [{ home: 1, away: 1, probability: 0.12 }] },
            valueBets: [], modelVersion: 'bench', generatedAt: new Date(now).toISOString(),
          }),
        ),
      );
    }
    const url = `${base}/api/predictions`;
    const first = (await (await fetch(url)).json()) as unknown[];
    const result = await autocannon({ url, connections: 50, duration: 10 });
    return {
      fixtures: first.length,
      connections: 50,
      seconds: 10,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Daily generation for 10 real leagues (football-data.co.uk replay, three seasons of history
 * each): after the first run has imported history, a new day's run refits every league's model
 * and predicts its next 7 days. Timed in-process against DynamoDB Local.
 */
async function generationBench() {
  const dir = resolve(repo, '..', 'shared', 'data', 'football-data');
  const { startDynamoDbLocal } = await import('@app/adapters/dynamodb/local-server');
  const { createDocumentClient } = await import('@app/adapters/dynamodb/client');
  const { ensureTable } = await import('@app/adapters/dynamodb/table-admin');
  const { CsvReplayProvider, proposeShiftDaysForFolder } = await import('@app/adapters/csv/csv-replay-provider');
  const { DynamoFixtureRepository } = await import('@app/adapters/dynamodb/fixture-repository');
  const { DynamoHistoryRepository } = await import('@app/adapters/dynamodb/history-repository');
  const { DynamoLeagueRepository } = await import('@app/adapters/dynamodb/league-repository');
  const { DynamoModelStateRepository } = await import('@app/adapters/dynamodb/model-state-repository');
  const { DynamoPredictionRepository } = await import('@app/adapters/dynamodb/prediction-repository');
  const { makeGenerationService } = await import('@app/core/pipeline/generation');
  const { fixedClock } = await import('@app/core/clock');
  const dynamo = await startDynamoDbLocal();
  try {
    const doc = createDocumentClient({ region: 'eu-west-2', endpoint: dynamo.endpoint });
    await ensureTable(doc, 'GenBench');
    const clock = fixedClock(new Date());
    const csv = new CsvReplayProvider({ dir, shiftDays: await proposeShiftDaysForFolder(dir, clock.now()), now: () => clock.now() });
    const leagues = await csv.leagues();
    const generation = makeGenerationService({
      fixturesProvider: csv, oddsProvider: csv, clock,
      leagues: new DynamoLeagueRepository(doc, 'GenBench'), fixtures: new DynamoFixtureRepository(doc, 'GenBench'),
      history: new DynamoHistoryRepository(doc, 'GenBench'), models: new DynamoModelStateRepository(doc, 'GenBench'),
      predictions: new DynamoPredictionRepository(doc, 'GenBench'),
    });
    let t = performance.now();
    for (const l of leagues) await generation.generate(l.id);
    const firstRunSeconds = (performance.now() - t) / 1000;
    clock.advance(24 * 60 * 60 * 1000);
    t = performance.now();
    const summaries = [];
    for (const l of leagues) summaries.push(await generation.generate(l.id));
    const dailySeconds = (performance.now() - t) / 1000;
    return { leagues: leagues.length, firstRunSeconds: +firstRunSeconds.toFixed(1), dailyRunSeconds: +dailySeconds.toFixed(1), refitted: summaries.filter((x) => x.includes('refitted')).length };
  } finally {
    await dynamo.stop();
  }
}

// BENCH_PARTS=bundles,api,generation picks some of them (all by default).
const parts = new Set((process.env.BENCH_PARTS ?? 'bundles,api,generation').split(','));
const started = performance.now();
const bundleRows = parts.has('bundles') ? await bundles() : [];
console.log('\nLambda bundles (minified, @aws-sdk external as on the Lambda runtime; fresh process per run, median of 5):');
console.log(`  ${'function'.padEnd(40)} ${'size'.padStart(10)}  ${'own init'.padStart(9)}  ${'+ AWS SDK load'.padStart(14)}`);
for (const r of bundleRows) {
  console.log(`  ${r.handler.padEnd(40)} ${`${r.kb} KB`.padStart(10)}  ${`${r.initMsMedian} ms`.padStart(9)}  ${`${r.sdkLoadMsMedian} ms`.padStart(14)}${r.withinBudget ? '' : '  OVER BUDGET (250 KB / 100 ms)'}`);
}
const api = parts.has('api') ? await predictionsThroughput() : undefined;
if (api) {
  console.log(`\nGET /api/predictions, ${api.fixtures} upcoming fixtures, autocannon ${api.connections} connections x ${api.seconds} s:`);
  console.log(`  ${api.requestsPerSecond} req/s, p50 ${api.latencyP50Ms} ms, p99 ${api.latencyP99Ms} ms, non-2xx ${api.non2xx}, errors ${api.errors}`);
}
const generation = parts.has('generation') ? await generationBench() : undefined;
if (generation) {
  console.log(`\nPrediction generation, ${generation.leagues} football-data.co.uk leagues (3 seasons of history each):`);
  console.log(`  first run (history import + 30-day backfill + week ahead): ${generation.firstRunSeconds} s`);
  console.log(`  daily run (refit ${generation.refitted} models + predict the week ahead): ${generation.dailyRunSeconds} s`);
}
const out = resolve(process.env.USER_CWD ?? repo, 'bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'functions.json'), JSON.stringify({ bundles: bundleRows, predictionsApi: api, generation, at: new Date().toISOString() }, null, 2));
console.log(`\n(functions bench took ${((performance.now() - started) / 1000).toFixed(0)} s; results in bench-results/functions.json)`);
