// Bundles every handler of routes.ts (HTTP routes, queue consumers, the dead-letter consumer and scheduled tasks) the way Lambda runs it:
// one minified ESM file per function under functions/dist/<handler>/index.mjs.
import { build, type BuildOptions } from 'esbuild';
import { rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { consumers, deadLetterConsumer, routes, tasks } from '../src/routes.ts';
import { stripeResourcesPlugin } from './stripe-resources-plugin.ts';

const root = resolve(import.meta.dirname, '..');
const outRoot = join(root, 'dist');

/** Shared with infra (NodejsFunction bundling) so the deployed bundle is the one measured here. */
export const bundleOptions: BuildOptions = {
  bundle: true,
  minify: true,
  treeShaking: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // The Lambda Node.js runtime ships AWS SDK v3.
  external: ['@aws-sdk/*'],
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  legalComments: 'none',
  plugins: [stripeResourcesPlugin],
};

export async function buildFunctions(): Promise<Array<{ handler: string; bytes: number }>> {
  rmSync(outRoot, { recursive: true, force: true });
  const handlers = [...new Set([...routes.map((r) => r.handler), ...consumers.map((c) => c.handler), deadLetterConsumer.handler, ...tasks.map((t) => t.handler)])];
  const results = await Promise.all(
    handlers.map(async (handler) => {
      const outfile = join(outRoot, handler, 'index.mjs');
      await build({ ...bundleOptions, entryPoints: [join(root, 'src', `${handler}.ts`)], outfile, logLevel: 'error' });
      return { handler, bytes: statSync(outfile).size };
    }),
  );
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const sizes = await buildFunctions();
  for (const { handler, bytes } of sizes.sort((a, b) => a.handler.localeCompare(b.handler))) {
    console.log(`  ${handler.padEnd(40)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
  }
  console.log(`Built ${sizes.length} functions in ${((performance.now() - started) / 1000).toFixed(1)} s -> functions/dist`);
}
