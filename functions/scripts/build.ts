// Bundles every handler of routes.ts (HTTP routes, queue consumers, the dead-letter consumer and scheduled functions) the way Lambda runs it:
// one minified ESM file per function under functions/dist/<handler>/index.mjs, and beside it in chunks/ the code it
// imports at first use (docs/decisions/0355-team-names-load-at-first-use.md).
import { build, type BuildOptions } from 'esbuild';
import { rmSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { consumers, deadLetterConsumer, routes, scheduled } from '../src/routes.ts';
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

/**
 * Where a function's bundle goes: `index.mjs` in its folder (what Lambda loads), and the modules the
 * code imports dynamically (`import('./x.ts')`: the team-name table) as chunks in `chunks/` beside
 * it, read at their first use, not at the cold start (docs/decisions/0355-team-names-load-at-first-use.md).
 * Shared with infra, so the deployed folder is the one measured here.
 */
export function bundleLayout(dir: string): BuildOptions {
  return { outdir: dir, entryNames: 'index', chunkNames: 'chunks/[name]-[hash]', splitting: true, outExtension: { '.js': '.mjs' } };
}

/** Every handler module the manifest names. */
export function allHandlers(): string[] {
  return [...new Set([...routes.map((r) => r.handler), ...consumers.map((c) => c.handler), deadLetterConsumer.handler, ...scheduled.map((t) => t.handler)])];
}

type BuiltFunction = {
  handler: string;
  /** What the cold start loads: `index.mjs` and every chunk it imports statically. The budget's measure. */
  bytes: number;
  /** The chunks loaded at first use (dynamic imports), folder-relative, with their bytes. */
  lazyChunks: Array<{ file: string; bytes: number }>;
  /** The source files the build read (esbuild's metafile inputs, repository-relative). */
  inputs: string[];
  /** Those that left code in the files the cold start loads (the rest was tree-shaken away or is in a lazy chunk). */
  shipped: string[];
  /** Those whose code is only in a lazy chunk. */
  lazy: string[];
};

/**
 * Builds every function into `outDir/<handler>/index.mjs` (and its `chunks/`), with the source files
 * each bundle read and those whose code the cold start loads or a first use loads.
 */
export async function buildFunctions(outDir = outRoot): Promise<BuiltFunction[]> {
  rmSync(outDir, { recursive: true, force: true });
  const workDir = resolve(root, '..');
  return Promise.all(
    allHandlers().map(async (handler) => {
      const dir = join(outDir, handler);
      const { metafile } = await build({
        ...bundleOptions,
        ...bundleLayout(dir),
        entryPoints: [join(root, 'src', `${handler}.ts`)],
        logLevel: 'error',
        metafile: true,
        absWorkingDir: workDir,
      });
      // The outputs the cold start loads: the entry and its static imports, transitively.
      const outputs = metafile.outputs;
      const entry = Object.keys(outputs).find((o) => basename(o) === 'index.mjs' && dirname(resolve(workDir, o)) === dir)!;
      const eager = new Set<string>();
      const visit = (o: string) => {
        if (eager.has(o) || !outputs[o]) return;
        eager.add(o);
        for (const i of outputs[o].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
      };
      visit(entry);
      const codeOf = (os: string[]) => [
        ...new Set(
          os.flatMap((o) =>
            Object.entries(outputs[o]!.inputs)
              .filter(([, use]) => use.bytesInOutput > 0)
              .map(([input]) => input),
          ),
        ),
      ];
      const lazyOutputs = Object.keys(outputs).filter((o) => o.endsWith('.mjs') && !eager.has(o));
      const shipped = codeOf([...eager]);
      return {
        handler,
        bytes: [...eager].reduce((n, o) => n + statSync(resolve(workDir, o)).size, 0),
        lazyChunks: lazyOutputs.map((o) => ({ file: relative(dir, resolve(workDir, o)), bytes: statSync(resolve(workDir, o)).size })),
        inputs: Object.keys(metafile.inputs),
        shipped,
        lazy: codeOf(lazyOutputs).filter((i) => !shipped.includes(i)),
      };
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const sizes = await buildFunctions();
  for (const { handler, bytes, lazyChunks } of sizes.sort((a, b) => a.handler.localeCompare(b.handler))) {
    const lazy = lazyChunks.reduce((n, c) => n + c.bytes, 0);
    console.log(`  ${handler.padEnd(40)} ${(bytes / 1024).toFixed(1).padStart(7)} KB${lazy ? ` (+ ${(lazy / 1024).toFixed(1)} KB at first use)` : ''}`);
  }
  console.log(`Built ${sizes.length} functions in ${((performance.now() - started) / 1000).toFixed(1)} s -> functions/dist`);
}
