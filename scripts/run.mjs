// `npm run <name> [-- args]`: installs the workspace if needed, then runs the named task.
import { resolve } from 'node:path';
import { LINT_STEPS, TYPECHECK_STEPS } from './lint-steps.mjs';
import { install, pnpm } from './pnpm.mjs';

const [task, ...args] = process.argv.slice(2);

const tasks = {
  typecheck: TYPECHECK_STEPS,
  lint: LINT_STEPS,
  build: [
    ['--filter', '@app/web', 'run', 'build'],
    ['--filter', '@app/functions', 'run', 'build'],
  ],
  // Every package with a `bench` script contributes its own benchmarks; one over budget does not stop the others.
  bench: [['-r', '--if-present', '--no-bail', '--workspace-concurrency=1', 'run', 'bench', ...args]],
  backtest: [['--filter', '@app/research', 'run', 'backtest', ...args]],
  jobs: [['--filter', '@app/functions', 'run', 'cli:jobs', ...args]],
  admin: [['--filter', '@app/functions', 'run', 'cli:admin', ...args]],
  billing: [['--filter', '@app/functions', 'run', 'cli:billing', ...args]],
  backup: [['--filter', '@app/functions', 'run', 'cli:backup', ...args]],
  site: [['--filter', '@app/functions', 'run', 'cli:site', ...args]],
  // The functions' live versions before a deploy, and back to them after a failed smoke test.
  release: [['--filter', '@app/functions', 'run', 'cli:release', ...args]],
  // The CDK CLI runs at the repository root, where the one cdk.json is (`npx cdk <command>` works too).
  synth: [['exec', 'cdk', 'synth', '--quiet', ...args]],
  deploy: [
    ['--filter', '@app/web', 'run', 'build'],
    ['exec', 'cdk', 'deploy', '--all', '-c', 'requireWeb=true', ...args],
  ],
  destroy: [['exec', 'cdk', 'destroy', '--all', ...args]],
  cdk: [['exec', 'cdk', ...args]],
  // The counts the docs state, from a fresh synthesis (docs/template-facts.json and the docs' marked blocks).
  facts: [['--filter', '@app/infra', 'exec', 'tsx', 'bin/facts.ts']],
  ledger: [['--filter', '@app/functions', 'run', 'cli:ledger', ...args]],
  smoke: [['exec', 'node', 'scripts/smoke.mjs', ...args]],
};

/**
 * The football-data.co.uk folder the benchmarks read: BENCH_DATA, else FOOTBALL_DATA_DIR, never a
 * default (a clone has no such folder beside it). Without either, the parts that need it say how
 * to set them and are skipped.
 */
const benchDataFolder = process.env.BENCH_DATA ?? process.env.FOOTBALL_DATA_DIR;

const steps = tasks[task];
if (!steps) {
  console.error(`Unknown task '${task}'. Known: ${Object.keys(tasks).join(', ')}`);
  process.exit(2);
}
await install();
for (const step of steps) {
  // CLIs resolve relative paths (e.g. --data <folder>) against the directory npm was run from.
  const userCwd = process.env.INIT_CWD ?? process.cwd();
  const benchData = task === 'bench' && benchDataFolder ? { BENCH_DATA: resolve(userCwd, benchDataFolder) } : {};
  const code = await pnpm(step, { env: { ...process.env, USER_CWD: userCwd, ...benchData } });
  if (code !== 0) process.exit(code);
}
