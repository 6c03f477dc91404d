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
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import type { ConsumerDefinition, RouteDefinition, TaskDefinition } from '@app/functions/routes';
import { bundleOptions } from '../../functions/scripts/build.ts';
import { consumerFunctionSpecs } from './manifest.ts';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const functionsRoot = join(repoRoot, 'functions');
/** The file Lambda loads: `index.handler` in an ES module. */
export const BUNDLE_FILE = 'index.mjs';
export const LAMBDA_HANDLER = 'index.handler';

export const entryOf = (handler: string) => join(functionsRoot, 'src', `${handler}.ts`);

/** Every handler module the manifest names (HTTP routes and queue consumers). */
export function handlersOf(routes: readonly RouteDefinition[], consumers: readonly ConsumerDefinition[], tasks: readonly TaskDefinition[] = []): string[] {
  return [...new Set([...routes.map((r) => r.handler), ...consumerFunctionSpecs(consumers).map((c) => c.handler), ...tasks.map((t) => t.handler)])].sort();
}

/**
 * Bundles each handler exactly like functions/scripts/build.ts (same options object, only the
 * entry point and output file differ) into `<outDir>/<handler>/index.mjs`.
 */
export async function bundleFunctions(handlers: readonly string[], outDir: string): Promise<void> {
  await Promise.all(
    handlers.map((handler) => build({ ...bundleOptions, entryPoints: [entryOf(handler)], outfile: join(outDir, handler, BUNDLE_FILE), logLevel: 'error' })),
  );
}

/** Bundles into a temporary directory that is removed when the process exits. */
export async function bundleFunctionsToTemp(handlers: readonly string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-lambda-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  await bundleFunctions(handlers, dir);
  return dir;
}

/**
 * The function's code asset. When CDK bundles (synth/deploy), the bundle is copied from
 * `bundleDir`. The asset hash is the hash of the bundle's bytes, so a deploy only updates
 * functions whose bundle changed; it also keeps CDK's staging cache (keyed on source directory
 * and options) from giving two handlers of one folder the same bundle. When CDK skips bundling
 * (tests, `cdk ls`), no bundle is needed.
 */
export function functionCode(handler: string, bundleDir: string | undefined): lambda.Code {
  const bundle = bundleDir ? join(bundleDir, handler, BUNDLE_FILE) : undefined;
  const content = bundle && existsSync(bundle) ? readFileSync(bundle) : `not bundled: ${handler}`;
  return lambda.Code.fromAsset(dirname(entryOf(handler)), {
    assetHashType: AssetHashType.CUSTOM,
    assetHash: createHash('sha256').update(content).digest('hex'),
    bundling: {
      // Never used: local bundling either succeeds or throws, so Docker is never started.
      image: DockerImage.fromRegistry('local-bundling-only'),
      local: {
        tryBundle(outputDir: string): boolean {
          if (!bundle || !existsSync(bundle)) {
            throw new Error(`No bundle for ${handler}: run bundleFunctions() before synthesising (bin/app.ts does).`);
          }
          copyFileSync(bundle, join(outputDir, BUNDLE_FILE));
          return true;
        },
      },
    },
  });
}
