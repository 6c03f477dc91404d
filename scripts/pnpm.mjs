// Runs the pinned pnpm without any global setup: npm fetches it once into its npx cache.
import { spawn, spawnSync } from 'node:child_process';

export const PNPM_VERSION = '12.21.0';

let resolved;
/** Absolute path of the pinned pnpm binary (fetched through npm on first use). */
export function pnpmPath() {
  if (resolved) return resolved;
  const r = spawnSync('npm', ['exec', '--yes', `--package=pnpm@${PNPM_VERSION}`, '-c', 'command -v pnpm'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const path = r.stdout.trim().split('\n').pop();
  if (r.status !== 0 || !path) {
    console.error(`Could not fetch pnpm ${PNPM_VERSION} through npm (is the npm registry reachable?).`);
    process.exit(1);
  }
  resolved = path;
  return path;
}

/**
 * Runs pnpm; resolves with the exit code. Output goes straight to ours; with `onLine`, it is
 * also handed over line by line (stdout and stderr alike), and with `echo: false` only handed over.
 */
export function pnpm(args, { onLine, echo = true, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(pnpmPath(), args, { stdio: onLine ? ['inherit', 'pipe', 'pipe'] : 'inherit', ...options });
    if (onLine) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let pending = '';
        from.on('data', (chunk) => {
          if (echo) to.write(chunk);
          const lines = (pending + chunk).split('\n');
          pending = lines.pop();
          lines.forEach(onLine);
        });
        from.on('end', () => pending && onLine(pending));
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Installs the workspace; quiet when the lockfile is already satisfied. */
export async function install() {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  const code = await pnpm(['install', '--reporter=append-only', ...frozen]);
  if (code !== 0) process.exit(code);
}
