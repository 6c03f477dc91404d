// `npm test`: install, then run every test layer. `npm test -- <layer...>` runs only those
// layers; `npm run e2e` is `npm test -- e2e`.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { LINT_STEPS, TYPECHECK_STEPS } from './lint-steps.mjs';
import { node24BinDir } from './node24.mjs';
import { install, pnpm } from './pnpm.mjs';
import { hasIntegrationTests } from './test-layers.mjs';

const root = join(import.meta.dirname, '..');
const nameOf = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).name;
const filters = (dirs) => dirs.flatMap((dir) => ['--filter', nameOf(dir)]);
const seq = ['--workspace-concurrency=1', '--if-present'];

// Layers by file name (scripts/test-layers.mjs): `*.int.test.ts` files form the integration layer,
// wherever they are; every other test file is a unit test. The browser (web, jsdom) and the CDK
// app (infra) keep layers of their own for their environments; e2e is the browser against the stack.
const SERVER_PACKAGES = [
  'packages/model',
  'packages/research',
  'packages/contracts',
  'events',
  'packages/core',
  'packages/platform',
  'packages/adapters',
  'packages/local',
  'functions',
];
const INTEGRATION_PACKAGES = [...SERVER_PACKAGES, 'infra', 'web'].filter((dir) => hasIntegrationTests(join(root, dir)));
// vitest runs one file at a time on a 2-core machine (its default is a core less than the
// machine's); its files wait on DynamoDB Local, the local stack and their own timers much of the
// time, so two at a time on 2 cores (and vitest's default on bigger machines).
const VITEST_MAX_WORKERS = String(Math.max(2, availableParallelism() - 1));
const unit = { TEST_LAYER: 'unit', VITEST_MAX_WORKERS };
const integration = { TEST_LAYER: 'integration', VITEST_MAX_WORKERS };

const unitStep = [...filters(SERVER_PACKAGES), ...seq, 'run', 'test'];
const integrationStep = [...filters(INTEGRATION_PACKAGES), ...seq, 'run', 'test'];
const layers = {
  lint: {
    what: 'eslint (with the import direction of docs/architecture.md#layers), no import cycle, no two areas of packages/core importing each other, no citation of documents outside the repository (and dated decision records), kebab-case file names, test layers by file name, no unused code (knip), and every source file as Prettier writes it',
    steps: LINT_STEPS,
  },
  typecheck: { what: 'tsc: the server packages as one program (tsconfig.server.json), then web and e2e', steps: TYPECHECK_STEPS },
  unit: {
    what: 'every *.test.ts but the integration ones and the bundle test, in model, research, contracts, events, core, platform, adapters, local and functions',
    env: unit,
    steps: [unitStep],
  },
  // Lambda runs the functions on Node 24 (infra's RUNTIME), so the layer that drives the handlers
  // runs on it, and every bundle is loaded on it, in the same run (functions/vitest.config.ts).
  // Node 20 (the laptop's line) runs the unit layer, and e2e drives the whole local stack on it.
  // Node 24's binary comes from the npm registry (scripts/node24.mjs);
  // docs/development.md#former-0271-the-integration-layer-runs-once-on-node-24-amends-0101, docs/development.md#former-0274-the-bundle-test-runs-once-inside-the-integration-layers-run-on-node-24-amends-0271.
  integration: {
    what: `every *.int.test.ts (${INTEGRATION_PACKAGES.join(', ')}) on Node 24, the Lambda runtime: against DynamoDB Local and the local server, queue and scheduler; and every Lambda bundle built and loaded on it (functions/scripts/bundles.test.ts, in the same run)`,
    node24: true,
    steps: [['exec', 'node', '-e', "console.log('Node', process.version)"], { env: integration, args: integrationStep }],
  },
  web: { what: 'web component tests (jsdom)', env: unit, steps: [[...filters(['web']), ...seq, 'run', 'test']] },
  infra: { what: 'CDK template tests and cdk-nag', env: unit, steps: [[...filters(['infra']), ...seq, 'run', 'test']] },
  // One build (the web app the stack serves; the stack runs the handlers from source), then the
  // files in one vitest run with one stack, or from 4 cores in two lanes of a stack each (e2e/run-lanes.mjs).
  e2e: {
    what: 'Chromium end to end against the local stack',
    steps: [
      ['--filter', '@app/web', 'run', 'build'],
      [...filters(['e2e']), ...seq, 'run', 'test'],
    ],
  },
};

const requested = process.argv.slice(2);
const unknown = requested.filter((l) => !(l in layers));
if (unknown.length) {
  console.error(`Unknown test layer(s): ${unknown.join(', ')}. Layers: ${Object.keys(layers).join(', ')}`);
  process.exit(2);
}
const selected = requested.length ? requested : Object.keys(layers);

/**
 * Keeps the names of failed tests and their first error line, so that the summary at the end of a
 * long run (all a CI log tail shows) says which test failed and why.
 */
function failureCollector() {
  const failures = [];
  let expectError = false;
  const onLine = (raw) => {
    const line = stripVTControlCharacters(raw).trim();
    if (/^FAIL\s/.test(line)) {
      failures.push(line.replace(/^FAIL\s+/, ''));
      expectError = true;
    } else if (expectError && /^\w*Error\b|^AssertionError|^Error:/.test(line)) {
      failures[failures.length - 1] += `\n          ${line.slice(0, 300)}`;
      expectError = false;
    }
  };
  return { failures, onLine };
}

/**
 * Layers that read the source and nothing else (no server, no timeout) run side by side when both
 * are asked for: ESLint and knip use one core, tsc two packages at a time, and neither waits on
 * the other. Their output is printed whole, layer by layer, as each one ends.
 */
const SIDE_BY_SIDE = new Set(['lint', 'typecheck']);

/**
 * e2e spends most of its time waiting on the browser and the stack (about 0.7 of a core on this
 * 2-core machine, measured), so with other layers asked for it runs beside them; its output is
 * held and printed whole when it ends (docs/development.md#former-0273-e2e-runs-beside-the-other-test-layers).
 * The other layers form a queue in the order of the table: the first lane takes them one after
 * another, and the e2e lane, once e2e has ended, takes the next one not yet started, so neither
 * lane sits done while the other still has layers to run (docs/decisions/0351-e2e-alone-in-the-second-lane.md).
 */
const SECOND_LANE = ['e2e'];

async function runLayer(name, { echo, beside = [] }) {
  const layer = layers[name];
  const held = [];
  const say = (line) => (echo ? console.log(line) : held.push(line));
  say(`\n=== ${name}: ${layer.what}`);
  const started = performance.now();
  let code = 0;
  const env = { ...process.env, ...layer.env, ...(layer.node24 ? { PATH: `${node24BinDir()}:${process.env.PATH}` } : {}) };
  const { failures, onLine } = failureCollector();
  for (const step of layer.steps) {
    const { args, env: stepEnv } = Array.isArray(step) ? { args: step } : step;
    code = await pnpm(args, { env: { ...env, ...stepEnv }, echo, onLine: (line) => (onLine(line), echo || held.push(line)) });
    if (code !== 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  if (!echo) console.log(`${held.join('\n')}\n(${name}: ${seconds.toFixed(1)} s, run beside ${beside.join(', ')})`);
  return { name, ok: code === 0, seconds, failures, beside };
}

const runStarted = performance.now();
await install();
// A second lane only when some other layer is asked for beside it (`npm test -- e2e` runs alone).
const second = selected.includes('e2e') && selected.some((name) => !SECOND_LANE.includes(name)) ? SECOND_LANE.filter((name) => selected.includes(name)) : [];
const inOrder = selected.filter((name) => !second.includes(name));
// The queue's jobs: lint and typecheck, when both are asked for, are one job run side by side.
const together = inOrder.filter((name) => SIDE_BY_SIDE.has(name));
const queue = inOrder.filter((name) => together.length < 2 || name === together[0] || !together.includes(name));
// What runs at a layer's start, for the summary's "beside".
const running = new Set();
async function runJob(name, echo, alongside = [...running]) {
  const names = together.length > 1 && name === together[0] ? together : [name];
  const beside = (n) => [...alongside, ...names].filter((other) => other !== n);
  names.forEach((n) => running.add(n));
  const done = await Promise.all(names.map((n) => runLayer(n, { echo: echo && names.length === 1, beside: beside(n) })));
  names.forEach((n) => running.delete(n));
  return done;
}
async function drain(echo) {
  const done = [];
  for (let name = queue.shift(); name; name = queue.shift()) done.push(...(await runJob(name, echo)));
  return done;
}
if (second.length) console.log(`\n=== ${second.join(', then ')} run beside ${inOrder.join(', ')}; their output follows as each ends`);
const secondLane = (async () => {
  const done = [];
  for (const name of second) done.push(...(await runJob(name, false, inOrder)));
  if (!second.length) return done;
  // e2e has ended: its lane takes the layers the first lane has not started yet.
  if (queue.length) console.log(`\n=== ${second.join(', ')} ended; its lane takes ${queue.join(', ')} as they come up`);
  return [...done, ...(await drain(false))];
})();
const results = [...(await drain(true)), ...(await secondLane)];

console.log('\n=== Summary');
for (const r of results) {
  const beside = r.beside.length ? `  (beside ${r.beside.join(', ')})` : '';
  console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(12)} ${r.seconds.toFixed(1).padStart(6)} s${beside}`);
  for (const failure of r.ok ? [] : r.failures.slice(0, 10)) console.log(`        ${failure}`);
}
console.log(`  total (install included) ${((performance.now() - runStarted) / 1000).toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
