import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { resolve } from './vite.config.ts';
// @ts-expect-error: a plain .mjs module without types
import { testLayer } from '../scripts/test-layers.mjs';

// Only what tests need: no Tailwind (CSS is not processed in tests) and no build-time plugins.
export default defineConfig({
  plugins: [react()],
  resolve,
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    ...testLayer(import.meta.dirname, ['src/**/*.test.{ts,tsx}']),
    restoreMocks: true,
    unstubGlobals: true,
    // A bound on a hang (docs/development.md#tests): with CPU burners beside it a page's test took 11 s.
    testTimeout: 90_000,
    // One module graph per worker: the lazily loaded route modules are transformed and imported
    // once instead of once per file (~3x faster on 2 cores). Per-test state is reset in
    // setup-tests.ts (fetch stub, toasts, localStorage) and by restoreMocks / unstubGlobals.
    pool: 'threads',
    isolate: false,
  },
});
