// `pnpm --filter @app/e2e run test`: the e2e files in lanes that share nothing. Each lane is a
// vitest run of its own, so its global setup starts a stack of its own (DynamoDB Local, the local
// server, the demo data): no lane sees another's users, jobs or clock. Two lanes from four cores
// (E2E_LANES overrides): on this project's 2-core machine two lanes made `npm test` slower, the
// stacks and browsers starving each other and the other layers (e2e 847 s against 530 s in one
// lane, lint 151 s against 83 s: docs/benchmarks.md). Each lane's output is printed whole when it
// ends, and the run fails when any lane fails. Extra arguments (a file filter) run one lane with them.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

// Files run one at a time in a lane, as they did in one; the lanes are balanced by the files' times
// (docs/benchmarks.md: visitor, then admin and subscriber are the longest). A file not named here
// runs in the second lane.
const FIRST_LANE = ['admin.e2e.ts', 'subscriber.e2e.ts', 'layout.e2e.ts', 'spec-flows.e2e.ts', 'security-audit.e2e.ts', 'experience.e2e.ts'];

const here = import.meta.dirname;
const files = readdirSync(join(here, 'tests')).filter((f) => f.endsWith('.e2e.ts'));
const requested = process.argv.slice(2);
const count = requested.length ? 1 : Number(process.env.E2E_LANES ?? (availableParallelism() >= 4 ? 2 : 1));
const lanes =
  count === 1
    ? [requested.length ? requested : []]
    : [files.filter((f) => FIRST_LANE.includes(f)), files.filter((f) => !FIRST_LANE.includes(f))].map((lane) => lane.map((f) => `tests/${f}`));

const vitest = join(here, 'node_modules', '.bin', 'vitest');
const started = performance.now();
const results = await Promise.all(
  lanes.map(
    (lane, i) =>
      new Promise((resolve) => {
        const out = [];
        const child = spawn(vitest, ['run', ...lane], {
          cwd: here,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
        });
        if (lanes.length === 1) {
          child.stdout.pipe(process.stdout);
          child.stderr.pipe(process.stderr);
        } else {
          child.stdout.on('data', (chunk) => out.push(chunk));
          child.stderr.on('data', (chunk) => out.push(chunk));
        }
        child.on('close', (code, signal) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          if (lanes.length > 1) {
            process.stdout.write(`\n--- e2e lane ${i + 1} of ${lanes.length} (${lane.map((f) => f.replace('tests/', '')).join(', ')})\n`);
            process.stdout.write(Buffer.concat(out));
            process.stdout.write(`--- e2e lane ${i + 1}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
          }
          resolve(code ?? (signal ? 1 : 0));
        });
      }),
  ),
);
process.exit(results.every((code) => code === 0) ? 0 : 1);
