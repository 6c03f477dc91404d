import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { testLayer } from '../../scripts/test-layers.mjs';

export default defineConfig({
  test: {
    ...testLayer(import.meta.dirname, ['src/**/*.test.ts']),
    // The machine is shared; property tests and small simulated backtests get generous time limits.
    testTimeout: 30_000,
  },
});
