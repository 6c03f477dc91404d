// `npm test`: install, then run every test layer. `npm test -- <layer...>` runs only those
// layers; `npm run e2e` is `npm test -- e2e`.
import { install, pnpm } from './pnpm.mjs';

const filters = (...names) => names.flatMap((n) => ['--filter', n]);
const seq = ['--workspace-concurrency=1', '--if-present'];

const layers = {
  lint: {
    what: 'eslint (with the import direction of docs/architecture.md#layers), and no citation of documents outside the repository',
    steps: [
      ['exec', 'eslint', '.', '--max-warnings=0'],
      ['exec', 'node', 'scripts/check-citations.mjs'],
    ],
  },
  typecheck: { what: 'tsc --noEmit in every package', steps: [['-r', '--workspace-concurrency=2', 'run', 'typecheck']] },
  unit: {
    what: 'model, contracts, events, core, platform',
    steps: [[...filters('@app/model', '@app/contracts', '@app/events', '@app/core', '@app/platform'), ...seq, 'run', 'test']],
  },
  integration: {
    what: 'adapters and handlers against DynamoDB Local; the local server, queue and scheduler',
    steps: [[...filters('@app/adapters', '@app/functions'), ...seq, 'run', 'test']],
  },
  web: { what: 'web component tests (jsdom)', steps: [[...filters('@app/web'), ...seq, 'run', 'test']] },
  infra: { what: 'CDK template tests and cdk-nag', steps: [[...filters('@app/infra'), ...seq, 'run', 'test']] },
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

await install();
const results = [];
for (const name of selected) {
  const layer = layers[name];
  console.log(`\n=== ${name}: ${layer.what}`);
  const started = performance.now();
  let code = 0;
  for (const step of layer.steps) {
    code = await pnpm(step);
    if (code !== 0) break;
  }
  results.push({ name, ok: code === 0, seconds: (performance.now() - started) / 1000 });
}

console.log('\n=== Summary');
for (const r of results) console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(12)} ${r.seconds.toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
