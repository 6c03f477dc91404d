import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The machine is shared; property tests and small simulated backtests get generous time limits.
    testTimeout: 30_000,
  },
});
