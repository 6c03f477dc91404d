import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { SHARED_MODULES, testLayer } from '../../scripts/test-layers.mjs';

export default defineConfig({
  test: {
    ...SHARED_MODULES,
    // Property tests and small simulated backtests: the shared settings' 90 s bound a hang (30 s
    // was reached beside other work).
    ...testLayer(import.meta.dirname, ['src/**/*.test.ts']),
  },
});
