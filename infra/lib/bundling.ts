/**
 * Lambda bundling, locally, never in Docker: every handler is bundled by esbuild's JS API with
 * the product's own `bundleOptions` (functions/scripts/build.ts), so the deployed bundle is byte
 * for byte the one `npm run bench` measures.
 *
 * Why not NodejsFunction: it would bundle with its own options (and the esbuild CLI, which cannot
 * run plugins: aws/aws-cdk#18470), so the deployed bundle could differ from the one measured
 * (docs/decisions/0005-functions-bundled-by-our-build.md).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import type { ConsumerDefinition, RouteDefinition, ScheduledDefinition } from '@app/functions/routes';
import { PAGE_FILES, PAGE_FILES_DIR, PAGE_FUNCTION } from '@app/functions/http/site/page-files';
import { bundleLayout, bundleOptions } from '../../functions/scripts/build.ts';
import { consumerFunctionSpecs } from './manifest.ts';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const functionsRoot = join(repoRoot, 'functions');
/** The file Lambda loads: `index.handler` in an ES module. */
export const BUNDLE_FILE = 'index.mjs';
export const LAMBDA_HANDLER = 'index.handler';

export const entryOf = (handler: string) => join(functionsRoot, 'src', `${handler}.ts`);

/** Every handler module the manifest names (HTTP routes and queue consumers). */
export function handlersOf(
  routes: readonly RouteDefinition[],
  consumers: readonly ConsumerDefinition[],
  scheduled: readonly ScheduledDefinition[] = [],
): string[] {
  return [...new Set([...routes.map((r) => r.handler), ...consumerFunctionSpecs(consumers).map((c) => c.handler), ...scheduled.map((t) => t.handler)])].sort();
}

/** The built SPA the page function's files come from, unless a caller names another. */
const defaultWebDist = join(repoRoot, 'web', 'dist');

/**
 * Bundles each handler exactly like functions/scripts/build.ts (same options and layout, only the
 * entry point and output folder differ) into `<outDir>/<handler>/index.mjs`, with the chunks it loads
 * at first use in `chunks/` beside it (the team-name table). The page function also
 * gets its page files from `webDist` beside its bundle (in `pages/`: it answers with
 * them, never fetching them back through CloudFront); a file the web build lacks is left out (the
 * function answers 503 for its pages, and a deploy requires the web build anyway).
 */
export async function bundleFunctions(handlers: readonly string[], outDir: string, webDist: string = defaultWebDist): Promise<void> {
  await Promise.all(
    handlers.map((handler) => build({ ...bundleOptions, ...bundleLayout(join(outDir, handler)), entryPoints: [entryOf(handler)], logLevel: 'error' })),
  );
  if (!handlers.includes(PAGE_FUNCTION)) return;
  const pagesDir = join(outDir, PAGE_FUNCTION, PAGE_FILES_DIR);
  mkdirSync(pagesDir, { recursive: true });
  for (const file of PAGE_FILES) if (existsSync(join(webDist, file))) copyFileSync(join(webDist, file), join(pagesDir, file));
}

/** Bundles into a temporary directory that is removed when the process exits. */
export async function bundleFunctionsToTemp(handlers: readonly string[], webDist?: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-lambda-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  await bundleFunctions(handlers, dir, webDist);
  return dir;
}

/** Every file of a handler's bundle folder, as paths relative to it, sorted (the bundle, its chunks and any page files). */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** The hash of a handler's bundle folder: the bundle's bytes, and every other file's path and bytes after them. */
function bundleHash(dir: string | undefined, handler: string): string {
  const hash = createHash('sha256');
  if (!dir || !existsSync(join(dir, BUNDLE_FILE))) return hash.update(`not bundled: ${handler}`).digest('hex');
  hash.update(readFileSync(join(dir, BUNDLE_FILE)));
  for (const file of filesOf(dir).filter((f) => f !== BUNDLE_FILE)) hash.update(`\0${file}\0`).update(readFileSync(join(dir, file)));
  return hash.digest('hex');
}

/**
 * The function's code asset. When CDK bundles (synth/deploy), the handler's folder of `bundleDir`
 * is copied (its bundle, its chunks, and the page function's page files). The asset hash is the hash of those
 * bytes (a lone bundle's: its bytes alone), so a deploy only updates
 * functions whose bundle changed; it also keeps CDK's staging cache (keyed on source directory
 * and options) from giving two handlers of one folder the same bundle. When CDK skips bundling
 * (tests, `cdk ls`), no bundle is needed.
 */
export function functionCode(handler: string, bundleDir: string | undefined): lambda.Code {
  const dir = bundleDir ? join(bundleDir, handler) : undefined;
  const bundle = dir ? join(dir, BUNDLE_FILE) : undefined;
  return lambda.Code.fromAsset(dirname(entryOf(handler)), {
    assetHashType: AssetHashType.CUSTOM,
    assetHash: bundleHash(dir, handler),
    bundling: {
      // Never used: local bundling either succeeds or throws, so Docker is never started.
      image: DockerImage.fromRegistry('local-bundling-only'),
      local: {
        tryBundle(outputDir: string): boolean {
          if (!bundle || !existsSync(bundle)) {
            throw new Error(`No bundle for ${handler}: run bundleFunctions() before synthesising (bin/app.ts does).`);
          }
          cpSync(dir!, outputDir, { recursive: true });
          return true;
        },
      },
    },
  });
}
