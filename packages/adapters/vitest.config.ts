import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { testLayer } from '../../scripts/test-layers.mjs';

export default defineConfig({
  test: {
    ...testLayer(import.meta.dirname, ['src/**/*.test.ts']),
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
    // Bounds on a hang, not the time a test takes (docs/development.md#tests).
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
