// `npm run bench` (functions part): Lambda bundle sizes and module initialisation times, the
// throughput of every public read on the local stack, daily generation over the
// football-data.co.uk folder in BENCH_DATA, the alert fan-out and the odds scan at scale. Prints the figures and writes bench-results/functions.json.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { Agent, get, type IncomingMessage } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUNDLE_BUDGET_BYTES, buildFunctions } from './build.ts';
import { emailedToken } from '../local/outbox-link.ts';

const root = resolve(import.meta.dirname, '..');
const repo = resolve(root, '..');
const INIT_BUDGET_MS = 100;

async function bundles() {
  const sizes = await buildFunctions();
  // The Lambda runtime provides the AWS SDK; here the workspace's copy stands in for it.
  const lab = join(root, '.bench');
  rmSync(lab, { recursive: true, force: true });
  mkdirSync(join(lab, 'node_modules'), { recursive: true });
  symlinkSync(join(repo, 'node_modules', '.pnpm', 'node_modules', '@aws-sdk'), join(lab, 'node_modules', '@aws-sdk'));
  const rows = [];
  for (const { handler, bytes, lazyChunks } of sizes) {
    const dir = join(lab, handler.replaceAll('/', '-'));
    // The function's folder as deployed: its bundle and the chunks beside it.
    cpSync(join(root, 'dist', handler), dir, { recursive: true });
    const chunks = lazyChunks.map((c) => join(dir, c.file));
    const code = [join(dir, 'index.mjs'), ...chunks].map((f) => readFileSync(f, 'utf8')).join('\n');
    // What the bundle loads at its first use: the AWS SDK packages (functions/scripts/lazy-sdk.ts) and its own chunks (the team-name table).
    const sdk = [...new Set([...code.matchAll(/import\(\s*"(@aws-sdk\/[^"]+)"\s*\)/g)].map((m) => m[1]!)), ...chunks];
    const runs: Array<{ sdk: number; own: number; rssMb: number }> = [];
    for (let i = 0; i < 5; i++) {
      // A fresh process per run, as a cold start: the bundle's module initialisation, which is what
      // Lambda's init phase runs (everything it imports statically, the SDK too when it did), then
      // the AWS SDK packages its first call loads (the Lambda runtime's copy).
      const script = `const t0 = performance.now(); await import(${JSON.stringify(join(dir, 'index.mjs'))});
        const t1 = performance.now(); await Promise.all(${JSON.stringify(sdk)}.map((m) => import(m)));
        const firstUse = performance.now() - t1; globalThis.gc?.();
        console.log(JSON.stringify({ own: t1 - t0, sdk: firstUse, rssMb: process.memoryUsage().rss / 2 ** 20 }));`;
      const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
        cwd: dir,
        env: { ...process.env, STAGE: 'dev', AWS_REGION: 'eu-west-2', TABLE_NAME: 'bench', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
        encoding: 'utf8',
      });
      runs.push(JSON.parse(out.trim().split('\n').pop()!) as { sdk: number; own: number; rssMb: number });
    }
    const own = median(runs.map((r) => r.own));
    const sdkMs = median(runs.map((r) => r.sdk));
    const rssMb = median(runs.map((r) => r.rssMb));
    rows.push({
      handler,
      kb: +(bytes / 1024).toFixed(1),
      initMsMedian: +own.toFixed(1),
      sdkFirstUseMsMedian: +sdkMs.toFixed(1),
      sdk,
      rssAfterFirstUseMb: Math.round(rssMb),
      lazyKb: +(lazyChunks.reduce((n, c) => n + c.bytes, 0) / 1024).toFixed(1),
      withinBudget: bytes <= BUNDLE_BUDGET_BYTES && own <= INIT_BUDGET_MS,
    });
  }
  rmSync(lab, { recursive: true, force: true });
  return rows;
}

/**
 * Every public read, against a bare `node:http` server sending the same bytes in the same run (so
 * the machine's load cancels out): at least half its requests a second, a p99 at most twice its p99.
 */
const PUBLIC_READ_TARGET = { ratioOfBare: 0.5, p99TimesBare: 2 };
const PUBLIC_READS = ['/api/predictions', '/api/metrics/latest', '/api/metrics/trend'];

/**
 * Runs `fn` against the real local stack (its own process, as `npm start` runs it, without the
 * pipeline) seeded with 300 upcoming predictions and 30 days of metrics.
 */
async function withSeededLocalStack<T>(fn: (base: string) => Promise<T>): Promise<T> {
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
    const { DynamoMetricsRepository } = await import('@app/adapters/dynamodb/metrics-repository');
    const doc = createDocumentClient({ region: 'eu-west-2', endpoint: dynamodbEndpoint });
    const repo = new DynamoPredictionRepository(doc, 'App');
    const now = Date.now();
    for (let i = 0; i < 300; i += 25) {
      await Promise.all(
        Array.from({ length: 25 }, (_, j) => i + j).map((k) =>
          repo.save({
            id: `bench-${k}`,
            fixtureId: `bench-${k}`,
            leagueId: `L${k % 10}`,
            leagueName: `League ${k % 10}`,
            homeTeam: `Home ${k}`,
            awayTeam: `Away ${k}`,
            kickoff: new Date(now + (k + 1) * 30 * 60 * 1000).toISOString(),
            probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
            overUnder25: { over: 0.55, under: 0.45 },
            insights: { expectedGoals: { home: 1.5, away: 1.1 }, bothTeamsToScore: 0.52, topScores: [{ home: 1, away: 1, probability: 0.12 }] },
            valueBets: [],
            modelVersion: 'bench',
            generatedAt: new Date(now).toISOString(),
          }),
        ),
      );
    }
    const trend = Array.from({ length: 30 }, (_, i) => ({
      date: new Date(now - (29 - i) * 86_400_000).toISOString().slice(0, 10),
      winAccuracy: 60 + (i % 7),
      totalPredictions: 40 + i,
      basis: 'published' as const,
    }));
    const latest = {
      winAccuracy: 62,
      totalPredictions: 69,
      totalProfit: 120.5,
      payoutPercentage: 15.1,
      bestWinningOdds: 3.4,
      date: trend.at(-1)!.date,
      basis: 'published' as const,
      publishedPredictions: 69,
      backfilledPredictions: 0,
    };
    await new DynamoMetricsRepository(doc, 'App').saveLatest(latest, trend, new Date(now));
    return await fn(base);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A bare `node:http` server in its own process that answers each path with the bytes (status,
 * headers and body) the stack answered it with: the ceiling of this machine for that answer.
 */
async function withBareServer<T>(
  answers: Record<string, { status: number; headers: Record<string, string>; body: string }>,
  fn: (base: string) => Promise<T>,
): Promise<T> {
  // The answers come on stdin (too large for an argument).
  const script = `
    const { createServer } = await import('node:http');
    const { text } = await import('node:stream/consumers');
    const answers = Object.fromEntries(Object.entries(JSON.parse(await text(process.stdin))).map(([path, a]) => [path, { ...a, body: Buffer.from(a.body, 'base64') }]));
    const server = createServer((req, res) => {
      const a = answers[req.url];
      if (!a) return res.writeHead(404).end();
      res.writeHead(a.status, a.headers);
      res.end(a.body);
    });
    server.listen(0, '127.0.0.1', () => console.log('port', server.address().port));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(JSON.stringify(answers));
  try {
    const port = await new Promise<number>((resolvePort, reject) => {
      child.stdout!.once('data', (d: Buffer) => resolvePort(Number(/port (\d+)/.exec(d.toString())?.[1])));
      child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    });
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
  }
}

/** What a browser sends: the answers are compressed as they would be for one (the local server's br). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** What the stack answers a visitor's `path` with: the bytes the bare server repeats. */
async function answerOf(base: string, path: string) {
  const res = await new Promise<IncomingMessage>((r, reject) => get(`${base}${path}`, { headers: BROWSER_HEADERS }, r).once('error', reject));
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))
      .map(([k, v]) => [k, String(v)]),
  );
  return { status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64'), bytes: Buffer.concat(chunks).length };
}

const ROUNDS = 3;
const ROUND_SECONDS = 5;

const CONNECTIONS = 50;

/** Throughput (autocannon), then latency to the microsecond (autocannon's histogram counts whole milliseconds) under the same load. */
async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS });
  const latency = await latencyUs(url, seconds);
  return { requestsPerSecond: Math.round(result.requests.average), ...latency, non2xx: result.non2xx + latency.non2xx, errors: result.errors };
}

type Load = Awaited<ReturnType<typeof load>>;

/**
 * Each request's time from its write to its last byte, in microseconds (performance.now()), with
 * CONNECTIONS keep-alive connections each sending its next request as soon as its answer ends.
 */
async function latencyUs(url: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const samples: number[] = [];
  let non2xx = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((done, fail) => {
      const t = performance.now();
      get(url, { agent, headers: BROWSER_HEADERS }, (res) => {
        if ((res.statusCode ?? 0) >= 300) non2xx += 1;
        res.on('data', () => {});
        res.on('end', () => {
          samples.push((performance.now() - t) * 1000);
          done();
        });
      }).once('error', fail);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  samples.sort((a, b) => a - b);
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(samples.length * q))]!);
  return { latencyP50Us: at(0.5), latencyP99Us: at(0.99), non2xx };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The public reads as anonymous visitors (autocannon in this process, 50 connections), each
 * against the bare server with the same bytes in alternating rounds, so both see the same load
 * of the machine: the ratios are the medians of the rounds' ratios.
 */
async function publicReadsThroughput(base: string) {
  const fixtures = ((await fetch(`${base}/api/predictions`).then((r) => r.json())) as unknown[]).length;
  const answers = Object.fromEntries(await Promise.all(PUBLIC_READS.map(async (path) => [path, await answerOf(base, path)] as const)));
  return withBareServer(answers, async (bareBase) => {
    const rows = [];
    for (const path of PUBLIC_READS) {
      // Warm-up: JIT, the first read, the encoded body.
      await load(`${bareBase}${path}`, 2);
      await load(`${base}${path}`, 2);
      const rounds: { bare: Load; stack: Load }[] = [];
      for (let i = 0; i < ROUNDS; i++)
        rounds.push({ bare: await load(`${bareBase}${path}`, ROUND_SECONDS), stack: await load(`${base}${path}`, ROUND_SECONDS) });
      const ratio = +median(rounds.map((r) => r.stack.requestsPerSecond / r.bare.requestsPerSecond)).toFixed(2);
      const p99Times = +median(rounds.map((r) => r.stack.latencyP99Us / r.bare.latencyP99Us)).toFixed(2);
      const medians = (side: 'stack' | 'bare') => ({
        requestsPerSecond: median(rounds.map((r) => r[side].requestsPerSecond)),
        latencyP50Us: median(rounds.map((r) => r[side].latencyP50Us)),
        latencyP99Us: median(rounds.map((r) => r[side].latencyP99Us)),
      });
      const stack = medians('stack');
      const bare = medians('bare');
      const non2xx = rounds.reduce((n, r) => n + r.stack.non2xx, 0);
      const errors = rounds.reduce((n, r) => n + r.stack.errors, 0);
      rows.push({
        path,
        bytes: answers[path]!.bytes,
        encoding: answers[path]!.headers['content-encoding'] ?? 'identity',
        ...stack,
        bare,
        ratioOfBare: ratio,
        p99TimesBare: p99Times,
        non2xx,
        errors,
        withinTarget: ratio >= PUBLIC_READ_TARGET.ratioOfBare && p99Times <= PUBLIC_READ_TARGET.p99TimesBare && non2xx === 0 && errors === 0,
      });
    }
    return { fixtures, connections: CONNECTIONS, rounds: ROUNDS, secondsPerRound: ROUND_SECONDS, target: PUBLIC_READ_TARGET, reads: rows };
  });
}

/**
 * What one call of each route of a visitor's and a subscriber's visit costs in handler time:
 * one request at a time (the way one Lambda instance serves them), median and p95 of `n` calls.
 * The input of docs/scaling.md's cost table.
 */
async function routeDurations(base: string) {
  const origin = base.replace('127.0.0.1', 'localhost');
  const email = `bench-${Date.now().toString(36)}@example.com`;
  const password = 'correct horse battery staple';
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  // A new account signs in once its emailed link confirmed it (docs/decisions/0200-sign-up-signs-in.md).
  await post('/api/auth/register', { email, password, acceptTerms: true, confirmAge: true });
  await post('/api/auth/verify-email', { token: await emailedToken(base, email, '/verify-email') });
  const cookie = ((await post('/api/auth/login', { email, password })).headers.getSetCookie()[0] ?? '').split(';')[0]!;
  const time = async (name: string, n: number, call: () => Promise<Response>) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await call();
      await res.arrayBuffer();
      if (res.status >= 500) throw new Error(`${name}: HTTP ${res.status}`);
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { route: name, calls: n, p50Ms: +ms[Math.floor(n / 2)]!.toFixed(1), p95Ms: +ms[Math.floor(n * 0.95)]!.toFixed(1) };
  };
  const get =
    (path: string, withCookie = false) =>
    () =>
      fetch(`${base}${path}`, { headers: withCookie ? { cookie } : {} });
  return [
    await time('GET /api/health', 100, get('/api/health')),
    await time('GET /api/predictions (visitor)', 200, get('/api/predictions')),
    await time('GET /api/predictions (signed in)', 200, get('/api/predictions', true)),
    await time('GET /api/metrics/latest', 200, get('/api/metrics/latest')),
    await time('GET /api/metrics/trend', 200, get('/api/metrics/trend')),
    await time('GET /api/auth/me', 200, get('/api/auth/me', true)),
    await time('POST /api/auth/login', 10, () => post('/api/auth/login', { email, password })),
  ];
}

/**
 * Daily generation for 10 real leagues (football-data.co.uk replay, three seasons of history
 * each): after the first run has imported history, a new day's run refits every league's model
 * and predicts its next 7 days. Timed in-process against DynamoDB Local. Then a third day's run
 * with the odds feed answering nothing: every league builds its market memory from its priced
 * history and every card is forecast from it (docs/decisions/0291-forecasts-from-market-memory-in-the-product.md).
 */
async function generationBench(dir: string) {
  const { startDynamoDbLocal } = await import('@app/adapters/dynamodb/local-server');
  const { createDocumentClient } = await import('@app/adapters/dynamodb/client');
  const { ensureTable } = await import('@app/adapters/dynamodb/table-admin');
  const { CsvReplayProvider, proposeShiftDaysForFolder } = await import('@app/local/csv/csv-replay-provider');
  const { DynamoFixtureRepository } = await import('@app/adapters/dynamodb/fixture-repository');
  const { DynamoHistoryRepository } = await import('@app/adapters/dynamodb/history-repository');
  const { DynamoLeagueRepository } = await import('@app/adapters/dynamodb/league-repository');
  const { DynamoModelStateRepository } = await import('@app/adapters/dynamodb/model-state-repository');
  const { DynamoPredictionRepository } = await import('@app/adapters/dynamodb/prediction-repository');
  const { DynamoLedgerRepository } = await import('@app/adapters/dynamodb/ledger-repository');
  const { DynamoTrackedBetRepository } = await import('@app/adapters/dynamodb/tracked-bet-repository');
  const { makeGenerationService } = await import('@app/core/pipeline/generation');
  const { fixedClock } = await import('@app/core/clock');
  const dynamo = await startDynamoDbLocal();
  try {
    const doc = createDocumentClient({ region: 'eu-west-2', endpoint: dynamo.endpoint });
    await ensureTable(doc, 'GenBench');
    const clock = fixedClock(new Date());
    const csv = new CsvReplayProvider({ dir, shiftDays: await proposeShiftDaysForFolder(dir, clock.now()), now: () => clock.now() });
    const leagues = await csv.leagues();
    // The feed as it is, or answering no fixture (the memory's day).
    let oddsFeed = true;
    const generation = makeGenerationService({
      fixturesProvider: csv,
      oddsProvider: { name: csv.name, odds: (leagueId, fixtures) => (oddsFeed ? csv.odds(leagueId, fixtures) : Promise.resolve(new Map())) },
      clock,
      leagues: new DynamoLeagueRepository(doc, 'GenBench'),
      fixtures: new DynamoFixtureRepository(doc, 'GenBench'),
      history: new DynamoHistoryRepository(doc, 'GenBench'),
      models: new DynamoModelStateRepository(doc, 'GenBench'),
      predictions: new DynamoPredictionRepository(doc, 'GenBench'),
      ledger: new DynamoLedgerRepository(doc, 'GenBench'),
      trackedBets: new DynamoTrackedBetRepository(doc, 'GenBench'),
    });
    let t = performance.now();
    for (const l of leagues) await generation.generate(l.id);
    const firstRunSeconds = (performance.now() - t) / 1000;
    clock.advance(24 * 60 * 60 * 1000);
    t = performance.now();
    const summaries = [];
    for (const l of leagues) summaries.push(await generation.generate(l.id));
    const dailySeconds = (performance.now() - t) / 1000;
    clock.advance(24 * 60 * 60 * 1000);
    oddsFeed = false;
    t = performance.now();
    for (const l of leagues) await generation.generate(l.id);
    const memorySeconds = (performance.now() - t) / 1000;
    const predictions = new DynamoPredictionRepository(doc, 'GenBench');
    const fromMemory = (
      await Promise.all(leagues.map((l) => predictions.listByLeague(l.id, clock.now(), new Date(clock.now().getTime() + 8 * 24 * 60 * 60 * 1000))))
    )
      .flat()
      .filter((p) => p.forecastSource === 'memory').length;
    return {
      leagues: leagues.length,
      firstRunSeconds: +firstRunSeconds.toFixed(1),
      dailyRunSeconds: +dailySeconds.toFixed(1),
      refitted: summaries.filter((x) => x.includes('refitted')).length,
      memoryRunSeconds: +memorySeconds.toFixed(1),
      fromMemory,
    };
  } finally {
    await dynamo.stop();
  }
}

// BENCH_PARTS=bundles,api,routes,generation,alerts,scan picks some of them (all by default).
const parts = new Set((process.env.BENCH_PARTS ?? 'bundles,api,routes,generation,alerts,scan').split(','));
const started = performance.now();
const bundleRows = parts.has('bundles') ? await bundles() : [];
console.log(
  '\nLambda bundles (minified, @aws-sdk external as on the Lambda runtime and loaded at first use, as is the team-name table; size: what the cold start loads; fresh process per run, median of 5):',
);
console.log(
  `  targets: size <= ${BUNDLE_BUDGET_BYTES / 1024} KB; init (the module initialisation Lambda's init phase runs, with the SDK as deployed) <= ${INIT_BUDGET_MS} ms`,
);
console.log(
  `  ${'function'.padEnd(40)} ${'size'.padStart(10)}  ${'init'.padStart(9)}  ${'1st call loads'.padStart(15)}  ${'RSS'.padStart(7)}  ${'lazy size'.padStart(10)}`,
);
for (const r of bundleRows) {
  console.log(
    `  ${r.handler.padEnd(40)} ${`${r.kb} KB`.padStart(10)}  ${`${r.initMsMedian} ms`.padStart(9)}  ${`${r.sdkFirstUseMsMedian} ms`.padStart(15)}  ${`${r.rssAfterFirstUseMb} MB`.padStart(7)}  ${(r.lazyKb ? `+${r.lazyKb} KB` : '').padStart(10)}  ${r.withinBudget ? 'met' : 'MISSED'}`,
  );
}
if (bundleRows.length) {
  const inits = bundleRows.map((r) => r.initMsMedian);
  const firstUse = bundleRows.map((r) => r.sdkFirstUseMsMedian);
  const met = bundleRows.filter((r) => r.withinBudget).length;
  console.log(
    `  init ${Math.min(...inits)}-${Math.max(...inits)} ms (target <= ${INIT_BUDGET_MS} ms: ${met === bundleRows.length ? 'met' : `MISSED by ${bundleRows.length - met} of ${bundleRows.length}`}); the SDK (and the team-name table) then load at the first call in ${Math.min(...firstUse)}-${Math.max(...firstUse)} ms`,
  );
}
const { api, routes } =
  parts.has('api') || parts.has('routes')
    ? await withSeededLocalStack(async (base) => ({
        api: parts.has('api') ? await publicReadsThroughput(base) : undefined,
        routes: parts.has('routes') ? await routeDurations(base) : undefined,
      }))
    : { api: undefined, routes: undefined };
if (api) {
  console.log(
    `\nPublic reads as a visitor (${api.fixtures} upcoming fixtures, 30 trend entries), ${api.connections} connections (req/s by autocannon, latency in microseconds by a keep-alive client), ${api.rounds} rounds of ${api.secondsPerRound} s alternating with the bare server (medians):`,
  );
  console.log(
    `  against a bare node:http server sending the same bytes, same run; target: >= ${api.target.ratioOfBare}x its req/s and p99 <= ${api.target.p99TimesBare}x its p99`,
  );
  for (const r of api.reads) {
    console.log(
      `  ${r.path.padEnd(22)} ${String(r.bytes).padStart(6)} B ${r.encoding.padEnd(8)}  stack ${String(r.requestsPerSecond).padStart(6)} req/s p50 ${r.latencyP50Us} us p99 ${r.latencyP99Us} us | bare ${String(r.bare.requestsPerSecond).padStart(6)} req/s p50 ${r.bare.latencyP50Us} us p99 ${r.bare.latencyP99Us} us` +
        ` | ${r.ratioOfBare}x req/s, ${r.p99TimesBare}x p99, non-2xx ${r.non2xx}, errors ${r.errors}: ${r.withinTarget ? 'met' : 'MISSED'}`,
    );
  }
}
if (routes) {
  console.log('\nRoute durations on the local stack, one request at a time:');
  for (const r of routes)
    console.log(`  ${r.route.padEnd(34)} p50 ${String(r.p50Ms).padStart(6)} ms, p95 ${String(r.p95Ms).padStart(6)} ms (${r.calls} calls)`);
}
const dataDir = process.env.BENCH_DATA ? resolve(process.env.USER_CWD ?? repo, process.env.BENCH_DATA) : undefined;
if (parts.has('generation') && (!dataDir || !existsSync(dataDir))) {
  console.log(
    `\nPrediction generation: skipped, ${dataDir ? `no folder at ${dataDir}` : 'no football-data.co.uk folder given'}: set FOOTBALL_DATA_DIR (or BENCH_DATA) to one laid out as <LEAGUE>/<YYYY-YY>.csv, e.g. FOOTBALL_DATA_DIR=/path/to/football-data npm run bench.`,
  );
}
const generation = parts.has('generation') && dataDir && existsSync(dataDir) ? await generationBench(dataDir) : undefined;
if (generation) {
  console.log(`\nPrediction generation, ${generation.leagues} football-data.co.uk leagues (3 seasons of history each):`);
  console.log(`  first run (history import + 30-day backfill + week ahead): ${generation.firstRunSeconds} s`);
  console.log(`  daily run (refit ${generation.refitted} models + predict the week ahead): ${generation.dailyRunSeconds} s`);
  console.log(
    `  daily run without any odds (refit + each league's market memory + predict the week ahead, ${generation.fromMemory} cards from market memory): ${generation.memoryRunSeconds} s; target <= 10 s`,
  );
}
// The alert fan-out at 100,000 subscribers, in a process of its own (it configures the composition through the environment).
let alertsFailed = false;
if (parts.has('alerts')) {
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '--import', './local/env.ts', 'scripts/alert-fanout-bench.ts'], { cwd: root, stdio: 'inherit' });
  } catch {
    alertsFailed = true;
  }
}
// The odds scan at 36 leagues (about 400 fixtures), in a process of its own on its own DynamoDB Local.
let scanFailed = false;
if (parts.has('scan')) {
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/odds-scan-bench.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
  } catch {
    scanFailed = true;
  }
}
const out = resolve(process.env.USER_CWD ?? repo, 'bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'functions.json'),
  JSON.stringify({ bundles: bundleRows, publicReads: api, routeDurations: routes, generation, at: new Date().toISOString() }, null, 2),
);
console.log(
  `\n(functions bench took ${((performance.now() - started) / 1000).toFixed(0)} s; results in bench-results/functions.json${parts.has('alerts') ? ', alerts.json' : ''}${parts.has('scan') ? ', odds-scan.json' : ''})`,
);
if (alertsFailed || scanFailed) process.exitCode = 1;
