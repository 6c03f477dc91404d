// `npm run bench` (web part): builds the SPA (skipped with BENCH_SKIP_BUILD=1), reports the landing page's initial JavaScript,
// starts the local stack, waits for the demo data and runs Lighthouse (mobile, the default
// config: simulated slow 4G and 4x CPU throttling) against /, /predictions and the match page of
// the first upcoming fixture. Prints the
// figures and writes bench-results/web.json at the repository root.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { repoRoot, startStack, waitForDemoData } from '../support/stack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = ['/', '/predictions'];
/** The match page measured: the first upcoming fixture's. */
async function matchPage(base: string): Promise<string[]> {
  const [first] = (await (await fetch(`${base}/api/predictions`)).json()) as { id: string }[];
  return first ? [`/predictions/${encodeURIComponent(first.id)}`] : [];
}
const webDir = join(repoRoot, 'web');

function run(args: string[], cwd: string): string {
  return execFileSync(process.execPath, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('> Building the web app');
  run([join(webDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], webDir);
}
// Over budget, the size script exits 1: its report still counts, and Lighthouse still runs.
let sizeReport: string;
try {
  sizeReport = run([join(webDir, 'scripts', 'bundle-size.mjs')], webDir);
} catch (error) {
  sizeReport = String((error as { stdout?: string }).stdout ?? '');
}
process.stdout.write(sizeReport);
const initialKb = Number(/Landing page initial JS: ([\d.]+) KB gzip/.exec(sizeReport)?.[1]);

// BENCH_URL measures an already running stack (e.g. `npm start`) instead of starting one.
const external = process.env.BENCH_URL;
console.log(external ? `> Measuring ${external}` : '> Starting the local stack and waiting for the demo data');
const stack = external ? { url: external.replace(/\/$/, ''), stop: async () => {} } : await startStack();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One Lighthouse run. A run Lighthouse could not record (a runtime error such as NO_NAVSTART, seen
 * on a busy machine) has no score, which would count as 0 in the median: it is run again, at most twice.
 */
async function measure(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${url} (${lhr.runtimeError.code})`);
    console.warn(`Lighthouse could not record a run of ${url} (${lhr.runtimeError.code}); running it again`);
  }
}

type PageResult = { url: string; runs: number; performance: number; metrics: Record<string, number>; scores: number[] };
const results: PageResult[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForDemoData(stack.url);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  for (const path of [...PAGES, ...(await matchPage(stack.url))]) {
    const url = `${stack.url}${path}`;
    // One warm-up load (the stack compiles handlers on first use), then the measured runs.
    await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const runs: { score: number; metrics: Record<string, number> }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const lhr = await measure(url, chrome.port);
      const audit = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      runs.push({
        score: lhr.categories.performance?.score ?? 0,
        metrics: {
          'first-contentful-paint-ms': audit('first-contentful-paint'),
          'largest-contentful-paint-ms': audit('largest-contentful-paint'),
          'total-blocking-time-ms': audit('total-blocking-time'),
          'speed-index-ms': audit('speed-index'),
          'cumulative-layout-shift': Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
        },
      });
    }
    const scores = runs.map((r) => r.score);
    const middle = runs.find((r) => r.score === median(scores))!;
    results.push({ url: path.startsWith('/predictions/') ? '/predictions/:fixtureId' : path, runs: RUNS, performance: median(scores), metrics: middle.metrics, scores });
    console.log(`Lighthouse mobile performance ${path}: ${median(scores).toFixed(2)} (runs: ${scores.map((s) => s.toFixed(2)).join(', ')})`, middle.metrics);
  }
} finally {
  await chrome?.kill();
  await stack.stop();
}

const report = {
  generatedAt: new Date().toISOString(),
  tool: 'lighthouse 12.8.2, mobile defaults (simulated throttling), Debian chromium headless',
  budgets: { landingInitialJsKbGzip: 150, lighthousePerformance: 0.95 },
  landingInitialJsKbGzip: initialKb,
  lighthouse: results,
};
mkdirSync(join(repoRoot, 'bench-results'), { recursive: true });
writeFileSync(join(repoRoot, 'bench-results', 'web.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`Wrote bench-results/web.json`);
const failed = results.filter((r) => r.performance < 0.95).map((r) => r.url);
if (failed.length || initialKb > 150) {
  console.error(`Below budget: ${[...failed, ...(initialKb > 150 ? ['initial JS'] : [])].join(', ')}`);
  process.exitCode = 1;
}
