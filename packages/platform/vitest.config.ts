import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { SHARED_MODULES, testLayer } from '../../scripts/test-layers.mjs';

export default defineConfig({ test: { ...SHARED_MODULES, ...testLayer(import.meta.dirname, ['src/**/*.test.ts']), env: { POWERTOOLS_LOG_LEVEL: 'SILENT' } } });
