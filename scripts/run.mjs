// `npm run <name> [-- args]`: installs the workspace if needed, then runs the named task.
import { install, pnpm } from './pnpm.mjs';

const [task, ...args] = process.argv.slice(2);

const tasks = {
  typecheck: [['-r', '--no-bail', '--workspace-concurrency=2', 'run', 'typecheck']],
  lint: [['exec', 'eslint', '.', '--max-warnings=0'], ['exec', 'node', 'scripts/check-citations.mjs']],
  build: [['--filter', '@app/web', 'run', 'build'], ['--filter', '@app/functions', 'run', 'build']],
  // Every package with a `bench` script contributes its own benchmarks; one over budget does not stop the others.
  bench: [['-r', '--if-present', '--no-bail', '--workspace-concurrency=1', 'run', 'bench', ...args]],
  backtest: [['--filter', '@app/model', 'run', 'backtest', ...args]],
  jobs: [['--filter', '@app/functions', 'run', 'cli:jobs', ...args]],
  admin: [['--filter', '@app/functions', 'run', 'cli:admin', ...args]],
  billing: [['--filter', '@app/functions', 'run', 'cli:billing', ...args]],
  synth: [['--filter', '@app/infra', 'run', 'synth', ...args]],
  deploy: [['--filter', '@app/web', 'run', 'build'], ['--filter', '@app/infra', 'run', 'deploy', ...args]],
  destroy: [['--filter', '@app/infra', 'run', 'destroy', ...args]],
};

const steps = tasks[task];
if (!steps) {
  console.error(`Unknown task '${task}'. Known: ${Object.keys(tasks).join(', ')}`);
  process.exit(2);
}
await install();
for (const step of steps) {
  // CLIs resolve relative paths (e.g. --data ../football-data) against the directory npm was run from.
  const code = await pnpm(step, { env: { ...process.env, USER_CWD: process.env.INIT_CWD ?? process.cwd() } });
  if (code !== 0) process.exit(code);
}
