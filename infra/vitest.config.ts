import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { testLayer } from '../scripts/test-layers.mjs';

export default defineConfig({
  test: {
    ...testLayer(import.meta.dirname, ['test/**/*.test.ts']),
    // Each file synthesises its app once (seconds on a 2-core machine); files run in parallel.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
