import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/contract-reports.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser-heavy file at a time on a 2-core machine.
    fileParallelism: false,
  },
});
