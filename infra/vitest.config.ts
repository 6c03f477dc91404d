import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { SHARED_MODULES, testLayer } from '../scripts/test-layers.mjs';

export default defineConfig({
  test: {
    // One module graph per worker (aws-cdk-lib imported once, not once per file), and an app
    // asked for twice synthesised once (test/helpers.ts): docs/decisions/0350-test-files-share-their-modules.md.
    ...SHARED_MODULES,
    ...testLayer(import.meta.dirname, ['test/**/*.test.ts']),
    // Each file synthesises its app once (seconds on a 2-core machine); files run in parallel.
    testTimeout: 120_000,
    // A bound on a hang: one synthesis in a hook took over 180 s with the machine at load 40.
    hookTimeout: 600_000,
  },
});
