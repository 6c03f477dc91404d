// `npm test`: install, then run every test layer. `npm test -- <layer...>` runs only those
// layers; `npm run e2e` is `npm test -- e2e`.
import { stripVTControlCharacters } from 'node:util';
import { LINT_STEPS } from './lint-steps.mjs';
import { node24BinDir } from './node24.mjs';
import { install, pnpm } from './pnpm.mjs';

const filters = (...names) => names.flatMap((n) => ['--filter', n]);
const seq = ['--workspace-concurrency=1', '--if-present'];

const unitStep = [...filters('@app/model', '@app/contracts', '@app/events', '@app/core', '@app/platform'), ...seq, 'run', 'test'];
const integrationStep = [...filters('@app/adapters', '@app/functions'), ...seq, 'run', 'test'];
const infraStep = [...filters('@app/infra'), ...seq, 'run', 'test'];

const layers = {
  lint: {
    what: 'eslint (with the import direction of docs/architecture.md#layers), no import cycle, no citation of documents outside the repository, kebab-case file names, and no unused code (knip)',
    steps: LINT_STEPS,
  },
  typecheck: { what: 'tsc --noEmit in every package', steps: [['-r', '--workspace-concurrency=2', 'run', 'typecheck']] },
  unit: { what: 'model, contracts, events, core, platform', steps: [unitStep] },
  integration: { what: 'adapters and handlers against DynamoDB Local; the local server, queue and scheduler', steps: [integrationStep] },
  web: { what: 'web component tests (jsdom)', steps: [[...filters('@app/web'), ...seq, 'run', 'test']] },
  infra: { what: 'CDK template tests and cdk-nag', steps: [infraStep] },
  // Lambda runs the functions on Node 24 (infra's RUNTIME): the layers that exercise server code
  // run again on it. The CDK app never runs on Lambda, so infra runs once, on this Node. Its
  // binary comes from the npm registry (scripts/node24.mjs).
  node24: {
    what: 'unit and integration again on Node 24, the Lambda runtime',
    node24: true,
    steps: [['exec', 'node', '-e', "console.log('Node', process.version)"], unitStep, integrationStep],
  },
  e2e: {
    what: 'Chromium end to end against the local stack',
    steps: [
      ['--filter', '@app/web', 'run', 'build'],
      ['--filter', '@app/functions', 'run', 'build'],
      [...filters('@app/e2e'), ...seq, 'run', 'test'],
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

await install();
const results = [];
for (const name of selected) {
  const layer = layers[name];
  console.log(`\n=== ${name}: ${layer.what}`);
  const started = performance.now();
  let code = 0;
  const env = layer.node24 ? { ...process.env, PATH: `${node24BinDir()}:${process.env.PATH}` } : process.env;
  const { failures, onLine } = failureCollector();
  for (const step of layer.steps) {
    code = await pnpm(step, { env, onLine });
    if (code !== 0) break;
  }
  results.push({ name, ok: code === 0, seconds: (performance.now() - started) / 1000, failures });
}

console.log('\n=== Summary');
for (const r of results) {
  console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(12)} ${r.seconds.toFixed(1)} s`);
  for (const failure of r.ok ? [] : r.failures.slice(0, 10)) console.log(`        ${failure}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
