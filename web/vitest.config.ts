import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { resolve } from './vite.config.ts';

// Only what tests need: no Tailwind (CSS is not processed in tests) and no build-time plugins.
export default defineConfig({
  plugins: [react()],
  resolve,
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 10_000,
  },
});
