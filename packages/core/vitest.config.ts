import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs module without types
import { textModules } from '../../scripts/text-modules.mjs';

export default defineConfig({ plugins: [textModules()], test: { include: ['src/**/*.test.ts'] } });
