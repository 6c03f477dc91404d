// Test layers by file name, the same rule in every package: a `*.int.test.ts` file needs DynamoDB
// Local or the local stack and runs in the integration layer (and again on Node 24); every other
// `*.test.ts` file is a pure test and runs in the unit layer, whichever package it is in.
// `scripts/test.mjs` sets TEST_LAYER; each package's vitest config takes its include, exclude and
// global setup from `testLayer` below, so a new file lands in the right layer by its name alone.
// `scripts/check-test-layers.mjs` (part of lint) fails a unit file that reaches for DynamoDB Local.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * For a package whose test files share no state but their imported modules (pure functions, fakes
 * made in each test): one module graph per vitest worker instead of one per file. Each file
 * otherwise imports and transforms the package and its dependencies (zod, the model) again:
 * packages/core's 45 files took 46 CPU-seconds isolated and 20 shared. What a file could leave
 * behind is put back before each test: spies (`restoreMocks`), stubbed globals and environment
 * variables. The web package does the same (web/vitest.config.ts). The 90 s timeout only bounds a
 * hang (docs/development.md#tests); vitest's default of 5 s failed core's simulations beside
 * other work. docs/decisions/0350-test-files-share-their-modules.md.
 */
export const SHARED_MODULES = { isolate: false, restoreMocks: true, unstubEnvs: true, unstubGlobals: true, testTimeout: 90_000 };

/** The name of a test that needs DynamoDB Local or the local stack. */
export const INTEGRATION_TEST = /\.int\.test\.tsx?$/;

/** Starts one in-memory DynamoDB Local per run (each integration file makes its own table). */
const DYNAMODB_SETUP = join(import.meta.dirname, '..', 'packages', 'adapters', 'src', 'dynamodb', 'testing', 'global-setup.ts');

const SKIPPED = new Set(['node_modules', 'dist', '.git', 'cdk.out', 'artifacts']);

/** Whether `dir` holds an integration test file (node_modules and build output aside). */
export function hasIntegrationTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory() ? !SKIPPED.has(entry.name) && hasIntegrationTests(join(dir, entry.name)) : INTEGRATION_TEST.test(entry.name),
  );
}

/**
 * The vitest `include`, `exclude` and `globalSetup` of the layer in TEST_LAYER for a package
 * whose test files match `include` (globs ending in `.test.ts`/`.test.{ts,tsx}`):
 * - `unit`: those files but the integration ones, no DynamoDB Local;
 * - `integration`: the integration ones only, with DynamoDB Local;
 * - unset (`pnpm exec vitest run` in a package): all of them, with DynamoDB Local when the
 *   package has integration tests.
 */
export function testLayer(packageDir, include, layer = process.env.TEST_LAYER) {
  const exclude = ['**/node_modules/**', '**/dist/**'];
  if (layer === 'unit') return { include, exclude: [...exclude, '**/*.int.test.*'], globalSetup: [] };
  if (layer === 'integration') {
    return { include: include.map((glob) => glob.replace(/\.test\.(\{[^}]+\}|tsx?)$/, '.int.test.$1')), exclude, globalSetup: [DYNAMODB_SETUP] };
  }
  if (layer) throw new Error(`TEST_LAYER=${layer}: expected unit or integration`);
  return { include, exclude, globalSetup: hasIntegrationTests(packageDir) ? [DYNAMODB_SETUP] : [] };
}
