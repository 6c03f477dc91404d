/**
 * Real bundling, as `cdk synth` does it: esbuild with the product's own options, local, no Docker.
 * Two handlers of one folder, so a shared bundle (CDK's staging cache) would show.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '@app/functions/routes';
import { bundleLayout, bundleOptions } from '../../functions/scripts/build.ts';
import { build } from 'esbuild';
import { PAGE_FILES, PAGE_FILES_DIR, PAGE_FUNCTION } from '@app/functions/http/site/page-files';
import { BUNDLE_FILE, bundleFunctionsToTemp, entryOf, functionsRoot, handlersOf, LAMBDA_HANDLER } from '../lib/bundling.ts';
import { logicalId, resources, synthesise, type Synthesised } from './helpers.ts';

const reads: RouteDefinition[] = [
  { method: 'GET', path: '/api/metrics/latest', handler: 'http/metrics/latest', auth: 'public', access: 'read' },
  { method: 'GET', path: '/api/metrics/trend', handler: 'http/metrics/trend', auth: 'public', access: 'read' },
];
const page: RouteDefinition = { method: 'GET', path: '/teams/{slug}', handler: PAGE_FUNCTION, auth: 'public', access: 'read', cdn: 'shared' };
const routes = [...reads, page];
/** A web build's page files, each saying which it is. */
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
for (const file of PAGE_FILES) writeFileSync(join(webDist, file), `<!doctype html><title>${file}</title>`);

let s: Synthesised;
beforeAll(async () => {
  const bundleDir = await bundleFunctionsToTemp(handlersOf(routes, []), webDist);
  s = synthesise({ 'aws:cdk:bundling-stacks': ['**'] }, { routes, consumers: [], scheduled: [], bundleDir });
});

const stagedBundle = (handler: string) => {
  const f = s.functions.find((fn) => fn.spec.handler === handler)!;
  const code = resources(s.templateOf(f), 'AWS::Lambda::Function')[logicalId(f.fn)]!.Properties.Code as { S3Key: string };
  const assetDir = join(s.app.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
  return { code, assetDir, files: readdirSync(assetDir), bytes: readFileSync(join(assetDir, BUNDLE_FILE)) };
};

describe('Lambda bundles', () => {
  it('uses the esbuild the functions package measures with', () => {
    const require = createRequire(import.meta.url);
    const ours = (require('esbuild/package.json') as { version: string }).version;
    const theirs = (createRequire(join(functionsRoot, 'package.json'))('esbuild/package.json') as { version: string }).version;
    expect(ours).toBe(theirs);
  });

  it('stages, for each function, exactly what functions/scripts/build.ts produces for its handler', async () => {
    for (const route of reads) {
      const { assetDir, bytes } = stagedBundle(route.handler);
      // The bundle and the chunks it loads at first use (docs/decisions/0355-team-names-load-at-first-use.md), byte for byte.
      const direct = await build({ ...bundleOptions, ...bundleLayout(functionsRoot), entryPoints: [entryOf(route.handler)], write: false, logLevel: 'error' });
      const staged = readdirSync(assetDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      expect(staged.map((e) => relative(assetDir, join(e.parentPath, e.name))).sort()).toEqual(
        direct.outputFiles.map((f) => relative(functionsRoot, f.path)).sort(),
      );
      for (const f of direct.outputFiles)
        expect(readFileSync(join(assetDir, relative(functionsRoot, f.path))).equals(Buffer.from(f.contents)), f.path).toBe(true);
      expect(bytes.equals(Buffer.from(direct.outputFiles.find((f) => f.path === join(functionsRoot, BUNDLE_FILE))!.contents))).toBe(true);
      const text = bytes.toString('utf8');
      expect(text.startsWith(bundleOptions.banner!.js!)).toBe(true); // ESM with a require shim
      expect(text).toMatch(/export\s*\{[^}]*\bas handler\b/);
      // The SDK stays external (the runtime ships it) and loads at its first use (docs/decisions/0221-aws-sdk-clients-load-at-first-use.md).
      expect(text).toMatch(/import\("@aws-sdk\/client-dynamodb"\)/);
      expect(text).not.toMatch(/from\s*"@aws-sdk\//);
    }
  });

  it("stages the page function with the web build's page files beside its bundle, which it reads from there", () => {
    const { files, assetDir, bytes } = stagedBundle(PAGE_FUNCTION);
    expect(files.sort()).toEqual([BUNDLE_FILE, PAGE_FILES_DIR].sort());
    for (const file of PAGE_FILES) expect(readFileSync(join(assetDir, PAGE_FILES_DIR, file), 'utf8')).toBe(`<!doctype html><title>${file}</title>`);
    // It reads them beside its own module (functions/src/composition/site-pages.ts).
    expect(bytes.toString('utf8')).toContain(`"${PAGE_FILES_DIR}"`);
  });

  it('gives each handler its own bundle and points Lambda at index.handler', () => {
    const [a, b] = routes.map((r) => stagedBundle(r.handler));
    expect(a!.code.S3Key).not.toBe(b!.code.S3Key);
    expect(a!.bytes.equals(b!.bytes)).toBe(false);
    for (const f of s.functions) {
      expect(resources(s.templateOf(f), 'AWS::Lambda::Function')[logicalId(f.fn)]!.Properties.Handler).toBe(LAMBDA_HANDLER);
    }
  });
});
