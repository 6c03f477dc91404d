// `npm run bench` (functions part): Lambda bundle sizes and module initialisation times, and the
// throughput of GET /api/predictions on the local stack. Prints the figures and writes
// bench-results/functions.json.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
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
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A fresh process per run: the cost a cold start pays to load and initialise the module.
      const out = execFileSync(
        process.execPath,
        ['--input-type=module', '-e', `const t = performance.now(); await import(${JSON.stringify(join(dir, 'index.mjs'))}); console.log(performance.now() - t);`],
        { env: { ...process.env, AWS_REGION: 'eu-west-2', TABLE_NAME: 'bench', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }, encoding: 'utf8' },
      );
      runs.push(Number(out.trim()));
    }
    runs.sort((a, b) => a - b);
    rows.push({ handler, kb: +(bytes / 1024).toFixed(1), initMsMedian: +runs[2]!.toFixed(1), withinBudget: bytes <= BUDGET_BYTES && runs[2]! <= INIT_BUDGET_MS });
  }
  rmSync(lab, { recursive: true, force: true });
  return rows;
}

async function predictionsThroughput() {
  const { startDynamoDbLocal } = await import('@app/adapters/dynamodb/local-server');
  const dynamo = await startDynamoDbLocal();
  try {
    Object.assign(process.env, {
      STAGE: 'local', TABLE_NAME: 'Bench', DYNAMODB_ENDPOINT: dynamo.endpoint, SESSION_SECRET: 'b'.repeat(40), STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      POWERTOOLS_LOG_LEVEL: 'ERROR', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    const { base } = await import('../src/composition.ts');
    const { ensureTable } = await import('@app/adapters/dynamodb/table-admin');
    const { DynamoPredictionRepository } = await import('@app/adapters/dynamodb/prediction-repository');
    const { routes } = await import('../src/routes.ts');
    const { createLocalServer } = await import('../local/server.ts');
    await ensureTable(base().doc, 'Bench');
    const repo = new DynamoPredictionRepository(base().doc, 'Bench');
    const now = Date.now();
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        repo.save({
          id: `bench-${i}`, fixtureId: `bench-${i}`, leagueId: `L${i % 10}`, leagueName: `League ${i % 10}`, homeTeam: `Home ${i}`, awayTeam: `Away ${i}`,
          kickoff: new Date(now + (i + 1) * 30 * 60 * 1000).toISOString(), probabilities: { home: 0.5, draw: 0.3, away: 0.2 }, overUnder25: { over: 0.55, under: 0.45 },
          insights: { expectedGoals: { home: 1.5, away: 1.1 }, bothTeamsToScore: 0.52, topScores: [{ home: 1, away: 1, probability: 0.12 }] },
          valueBets: [], modelVersion: 'bench', generatedAt: new Date(now).toISOString(),
        }),
      ),
    );
    const server = createLocalServer({
      routes,
      loadHandler: async (route) => (await import(`../src/${route.handler}.ts`)).handler,
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/predictions`;
    await fetch(url); // warm: handler loaded, first read cached
    const result = await autocannon({ url, connections: 50, duration: 10 });
    server.close();
    return {
      fixtures: 300,
      connections: 50,
      seconds: 10,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  } finally {
    await dynamo.stop();
  }
}

const started = performance.now();
const bundleRows = await bundles();
console.log('\nLambda bundles (minified, @aws-sdk external; init = import in a fresh process, median of 5):');
for (const r of bundleRows) console.log(`  ${r.handler.padEnd(40)} ${String(r.kb).padStart(7)} KB  init ${String(r.initMsMedian).padStart(6)} ms ${r.withinBudget ? '' : '  OVER BUDGET'}`);
const api = await predictionsThroughput();
console.log(`\nGET /api/predictions, ${api.fixtures} upcoming fixtures, autocannon ${api.connections} connections x ${api.seconds} s:`);
console.log(`  ${api.requestsPerSecond} req/s, p50 ${api.latencyP50Ms} ms, p99 ${api.latencyP99Ms} ms, non-2xx ${api.non2xx}, errors ${api.errors}`);
const out = resolve(process.env.USER_CWD ?? repo, 'bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'functions.json'), JSON.stringify({ bundles: bundleRows, predictionsApi: api, at: new Date().toISOString() }, null, 2));
console.log(`\n(functions bench took ${((performance.now() - started) / 1000).toFixed(0)} s; results in bench-results/functions.json)`);
