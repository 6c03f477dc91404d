import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { SHARED_MODULES, testLayer } from '../../scripts/test-layers.mjs';

export default defineConfig({
  test: {
    ...SHARED_MODULES,
    // Small simulated backtests and the skill test: the shared settings' 90 s bound a hang.
    ...testLayer(import.meta.dirname, ['src/**/*.test.ts']),
  },
});
