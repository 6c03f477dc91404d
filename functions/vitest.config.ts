import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'local/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['../packages/adapters/src/dynamodb/testing/global-setup.ts'],
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', LOG_LEVEL: 'SILENT' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
