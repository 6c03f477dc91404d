// `npm start`: install, build the web app and the functions, then serve the whole product
// (local stack) at http://localhost:3000 (PORT overrides) until Ctrl-C.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { install, pnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js 20.19 or newer is required (found ${process.versions.node}).`);
  process.exit(1);
}

const t0 = performance.now();
const step = (label) => console.log(`\n> ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

step('Installing dependencies');
await install();
step('Building the web app and the functions');
const builds = await Promise.all([
  pnpm(['--filter', '@app/web', 'run', 'build'], { cwd: root }),
  pnpm(['--filter', '@app/functions', 'run', 'build'], { cwd: root }),
]);
if (builds.some((code) => code !== 0)) process.exit(1);
step('Starting the local stack');

const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
  cwd: join(root, 'functions'),
  stdio: 'inherit',
  env: process.env,
});
// Ctrl-C reaches the child through the terminal; forward signals sent to us alone.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
