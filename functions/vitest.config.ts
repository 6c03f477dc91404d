import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { textModules } from '../scripts/text-modules.mjs';

export default defineConfig({
  plugins: [textModules()],
  test: {
    include: ['src/**/*.test.ts', 'local/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['../packages/adapters/src/dynamodb/testing/global-setup.ts'],
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', LOG_LEVEL: 'SILENT' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
