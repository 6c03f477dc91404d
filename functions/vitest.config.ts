import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { textModules } from '../scripts/text-modules.mjs';
// @ts-expect-error: a plain .mjs module without types
import { SHARED_MODULES, testLayer } from '../scripts/test-layers.mjs';

/**
 * The one test whose subject is the runtime: every Lambda bundle built and loaded with the AWS SDK
 * external. It runs in the integration layer's run, on Node 24 as Lambda does, beside the files
 * that wait on DynamoDB Local, not in the unit layer on Node 20
 * (docs/development.md#former-0274-the-bundle-test-runs-once-inside-the-integration-layers-run-on-node-24-amends-0271).
 */
const RUNTIME_TEST = 'scripts/bundles.test.ts';
const layer = testLayer(import.meta.dirname, ['src/**/*.test.ts', 'local/**/*.test.ts', 'ops/**/*.test.ts', 'scripts/**/*.test.ts']);
const runtimeTest = {
  include: process.env.TEST_LAYER === 'integration' ? [...layer.include, RUNTIME_TEST] : layer.include,
  exclude: process.env.TEST_LAYER === 'unit' ? [...layer.exclude, RUNTIME_TEST] : layer.exclude,
};

export default defineConfig({
  plugins: [textModules()],
  test: {
    // The unit files share their modules (docs/decisions/0350-test-files-share-their-modules.md);
    // the integration files, whose handlers compose against each file's own table, stay isolated.
    ...(process.env.TEST_LAYER === 'unit' ? SHARED_MODULES : {}),
    ...layer,
    ...runtimeTest,
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', LOG_LEVEL: 'SILENT' },
    // Bounds on a hang, not the time a test takes (docs/development.md#tests).
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
