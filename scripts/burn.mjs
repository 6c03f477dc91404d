// Runs a command with CPU-burning processes beside it, to prove that tests wait for the thing
// and not for a guess of time: `node scripts/burn.mjs [--burners N] [--max-minutes M] [--runs R] -- <command...>`.
// N defaults to twice the cores; the burners stop when the command ends, on Ctrl-C, or after M
// minutes (default 60) whatever happens. With --runs R the command runs R times in a row under
// the same burners, stopping at the first failure; each run's time is printed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split < 0 || split === args.length - 1) {
  console.error('Usage: node scripts/burn.mjs [--burners N] [--max-minutes M] [--runs R] -- <command...>');
  process.exit(2);
}
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0 || at > split) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes a whole number of at least 1`);
    process.exit(2);
  }
  return value;
};
const burners = option('--burners', 2 * availableParallelism());
const maxMinutes = option('--max-minutes', 60);
const runs = option('--runs', 1);
const [command, ...commandArgs] = args.slice(split + 1);

// Each burner spins on the CPU until it is killed; the parent's exit takes it down too (a pipe it
// watches), so none outlives a crashed run.
const BURN =
  "process.stdin.on('close',()=>process.exit(0));process.stdin.resume();setImmediate(function spin(){const end=Date.now()+50;while(Date.now()<end);setImmediate(spin)})";
const children = Array.from({ length: burners }, () => spawn(process.execPath, ['-e', BURN], { stdio: ['pipe', 'ignore', 'inherit'] }));
const stopBurners = () => children.forEach((child) => child.kill('SIGKILL'));
const limit = setTimeout(() => {
  console.error(`burn: ${maxMinutes} min reached; stopping the burners and the command`);
  stopBurners();
  stopCommand('SIGTERM');
}, maxMinutes * 60_000);
limit.unref();
let current;
// The command runs in a process group of its own, so that stopping it stops everything it started
// (a test stack, its DynamoDB Local, the browser), not only its first process.
const stopCommand = (signal) => {
  try {
    if (current?.pid) process.kill(-current.pid, signal);
  } catch {
    // already gone
  }
};
process.on('SIGINT', () => {
  stopBurners();
  stopCommand('SIGINT');
  process.exit(130);
});
console.log(`burn: ${burners} CPU-burning processes beside \`${[command, ...commandArgs].join(' ')}\`, ${runs} run(s), at most ${maxMinutes} min`);

let code = 0;
for (let run = 1; run <= runs && code === 0; run++) {
  const started = performance.now();
  current = spawn(command, commandArgs, { stdio: 'inherit', detached: true });
  code = await new Promise((resolve) => current.on('close', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
  console.log(`burn: run ${run} of ${runs} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
stopBurners();
clearTimeout(limit);
process.exit(code);
