import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * sonner injects its stylesheet with a runtime `<style>` element, which a strict
 * `style-src 'self'` CSP blocks. We ship the same CSS as a static file instead
 * (`sonner/dist/styles.css`, imported by the toaster) and strip the injection from the
 * production bundle. Fails the build if sonner changes shape, so this never silently regresses.
 */
function sonnerWithoutRuntimeStyles(): Plugin {
  return {
    name: 'app:sonner-without-runtime-styles',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const injection = /^__insertCSS\(".*"\);$/m;
      if (!injection.test(code)) {
        this.error(`sonner no longer calls __insertCSS the way we expect (${id}); review vite.config.ts`);
      }
      return { code: code.replace(injection, ''), map: null };
    },
  };
}

/** `@/x` -> `src/x`, as in tsconfig.json; shared with vitest.config.ts. */
export const resolve = {
  alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
};

export default defineConfig({
  plugins: [sonnerWithoutRuntimeStyles(), react(), tailwindcss()],
  resolve,
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The entry chunk (react, router, query, layout) plus the landing chunk must stay small;
    // anything heavier (recharts) belongs in a lazily loaded route or component.
    chunkSizeWarningLimit: 400,
  },
});
