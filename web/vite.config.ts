import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

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

/**
 * Writes the static app shell (header, page loader, footer of a visitor; `src/app/shell.tsx`)
 * into index.html, so the first paint happens as soon as the HTML and CSS arrive instead of after
 * the JavaScript, and preloads the landing page's chunks, which the router would otherwise only
 * request after the entry has run. React replaces the shell on its first render.
 */
function staticShell(): Plugin {
  return {
    name: 'app:static-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        const server = await createServer({
          configFile: false,
          logLevel: 'silent',
          appType: 'custom',
          resolve,
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        let shell: string;
        try {
          const module = (await server.ssrLoadModule('/src/app/shell.tsx')) as { renderShell: () => string };
          shell = module.renderShell();
        } finally {
          await server.close();
        }
        if (!html.includes('<div id="root"></div>')) this.error('index.html no longer has an empty <div id="root"></div>');

        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const chunkOf = (source: string) => {
          const found = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(source));
          if (!found) this.error(`no chunk for ${source}`);
          return found;
        };
        const entryImports = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const preload = new Set<string>();
        const visit = (fileName: string) => {
          if (preload.has(fileName) || entryImports.has(fileName)) return;
          preload.add(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
        };
        visit(chunkOf('/src/app/routes/landing.tsx').fileName);
        const links = [...preload].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');

        return html.replace('  </head>', `    ${links}\n  </head>`).replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
      },
    },
  };
}

/** `@/x` -> `src/x`, as in tsconfig.json; shared with vitest.config.ts. */
export const resolve = {
  alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
};

export default defineConfig({
  plugins: [sonnerWithoutRuntimeStyles(), react(), tailwindcss(), staticShell()],
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
    chunkSizeWarningLimit: 420,
  },
});
