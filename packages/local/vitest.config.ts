import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { SHARED_MODULES, testLayer } from '../../scripts/test-layers.mjs';

export default defineConfig({
  test: {
    // The unit files share their modules (docs/decisions/0350-test-files-share-their-modules.md);
    // the integration files, which share DynamoDB Local's clients and environment, stay isolated.
    ...(process.env.TEST_LAYER === 'unit' ? SHARED_MODULES : {}),
    ...testLayer(import.meta.dirname, ['src/**/*.test.ts']),
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
    // Bounds on a hang, not the time a test takes (docs/development.md#tests).
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
