import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/contract-reports.ts'],
    // Bounds on a hang, not the time a flow takes (docs/development.md#tests).
    testTimeout: 240_000,
    hookTimeout: 300_000,
    // One browser-heavy file at a time (in each lane of run-lanes.mjs, each with its own stack).
    fileParallelism: false,
  },
});
