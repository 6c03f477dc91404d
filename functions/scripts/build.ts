// Bundles every handler of routes.ts (HTTP routes, queue consumers, the dead-letter consumer and scheduled tasks) the way Lambda runs it:
// one minified ESM file per function under functions/dist/<handler>/index.mjs.
import { build, type BuildOptions } from 'esbuild';
import { rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { consumers, deadLetterConsumer, routes, tasks } from '../src/routes.ts';
import { lazyAwsSdk } from './lazy-sdk.ts';

const root = resolve(import.meta.dirname, '..');
const outRoot = join(root, 'dist');

/** The size every Lambda bundle must stay within (functions/scripts/bundles.test.ts, the bench; docs/decisions/0292-bundle-budget-220-kb.md). */
export const BUNDLE_BUDGET_BYTES = 225 * 1024;

/** Shared with infra (NodejsFunction bundling) so the deployed bundle is the one measured here. */
export const bundleOptions: BuildOptions = {
  bundle: true,
  minify: true,
  treeShaking: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // The Lambda Node.js runtime ships AWS SDK v3 (docs/decisions/0101-aws-sdk-from-the-lambda-runtime.md);
  // each package loads at its first use, not at the cold start (docs/decisions/0221-aws-sdk-clients-load-at-first-use.md).
  external: ['@aws-sdk/*'],
  plugins: [lazyAwsSdk(root)],
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  legalComments: 'none',
};

/** Every handler module the manifest names. */
export function allHandlers(): string[] {
  return [...new Set([...routes.map((r) => r.handler), ...consumers.map((c) => c.handler), deadLetterConsumer.handler, ...tasks.map((t) => t.handler)])];
}

/**
 * Builds every function into `outDir/<handler>/index.mjs`, with the source files each bundle
 * read (`inputs`: esbuild's metafile inputs, repository-relative) and those that left code in it
 * (`shipped`: the rest was tree-shaken away).
 */
export async function buildFunctions(outDir = outRoot): Promise<Array<{ handler: string; bytes: number; inputs: string[]; shipped: string[] }>> {
  rmSync(outDir, { recursive: true, force: true });
  return Promise.all(
    allHandlers().map(async (handler) => {
      const outfile = join(outDir, handler, 'index.mjs');
      const { metafile } = await build({
        ...bundleOptions,
        entryPoints: [join(root, 'src', `${handler}.ts`)],
        outfile,
        logLevel: 'error',
        metafile: true,
        absWorkingDir: resolve(root, '..'),
      });
      const shipped = Object.values(metafile.outputs).flatMap((output) =>
        Object.entries(output.inputs)
          .filter(([, use]) => use.bytesInOutput > 0)
          .map(([input]) => input),
      );
      return { handler, bytes: statSync(outfile).size, inputs: Object.keys(metafile.inputs), shipped };
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const sizes = await buildFunctions();
  for (const { handler, bytes } of sizes.sort((a, b) => a.handler.localeCompare(b.handler))) {
    console.log(`  ${handler.padEnd(40)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
  }
  console.log(`Built ${sizes.length} functions in ${((performance.now() - started) / 1000).toFixed(1)} s -> functions/dist`);
}
