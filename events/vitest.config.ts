import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { testLayer } from '../scripts/test-layers.mjs';

export default defineConfig({ test: testLayer(import.meta.dirname, ['src/**/*.test.ts']) });
