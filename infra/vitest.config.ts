import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each file synthesises its app once (seconds on a 2-core machine); files run in parallel.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
