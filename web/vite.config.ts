import { fileURLToPath, URL } from 'node:url';

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type * as site from '@app/contracts/site';
import { createServer, defineConfig, type Plugin, type ProxyOptions } from 'vite';

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

/** The id a match, league or team page is prerendered for (app/shell.tsx). */
const STAND_IN_ID = 'prerendered-stand-in';

/**
 * Prerenders the first paint of each page file of `@app/contracts/site` (`src/app/shell.tsx`):
 * the landing page, /predictions and the others it lists as they first render (a match, league or
 * team page whatever its id), which React then hydrates, and the app shell with the page loader for
 * every other route. The browser paints as soon as the HTML and CSS arrive instead of after the
 * JavaScript. index.html is the landing page; the other files are emitted next to it.
 */
function prerenderedPages(): Plugin {
  let template = '';
  const render = async (): Promise<Map<string, string>> => {
    const server = await createServer({
      configFile: false,
      logLevel: 'silent',
      appType: 'custom',
      resolve,
      plugins: [react()],
      server: { middlewareMode: true, hmr: false, ws: false },
    });
    try {
      const shell = (await server.ssrLoadModule('/src/app/shell.tsx')) as { renderPage: (path: string) => Promise<string>; renderAppShell: () => string };
      const { PRERENDERED_PAGES, PRERENDERED_ROUTE_PAGES, APP_SHELL } = (await server.ssrLoadModule('@app/contracts/site')) as typeof site;
      const files = new Map<string, string>([[APP_SHELL, `<div id="root">${shell.renderAppShell()}</div>`]]);
      // A page about one match, league or team is drawn for a stand-in id: its first paint must not show it.
      const pages = [
        ...Object.entries(PRERENDERED_PAGES),
        ...Object.entries(PRERENDERED_ROUTE_PAGES).map(([pattern, file]) => [pattern.replace(/:[A-Za-z]+/g, STAND_IN_ID), file] as const),
      ];
      for (const [path, file] of pages) {
        const html = await shell.renderPage(path);
        if (html.includes(STAND_IN_ID)) throw new Error(`The prerendered page of ${path} shows its id; it must be the same for every id`);
        files.set(file, `<div id="root" data-prerendered="true">${html}</div>`);
      }
      return files;
    } finally {
      await server.close();
    }
  };
  const withShell = (root: string) => template.replace('<div id="root"></div>', root);
  let files = new Map<string, string>();

  return {
    name: 'app:prerendered-pages',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html no longer has an empty <div id="root"></div>');
        template = html;
        files = await render();
        const index = files.get('/index.html');
        if (!index) throw new Error('@app/contracts/site must prerender / into /index.html');
        return withShell(index);
      },
    },
    generateBundle() {
      for (const [file, shell] of files) {
        if (file !== '/index.html') this.emitFile({ type: 'asset', fileName: file.slice(1), source: withShell(shell) });
      }
    },
  };
}

/** `@/x` -> `src/x`, as in tsconfig.json; shared with vitest.config.ts. */
export const resolve = {
  alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
};

/** The local stack the dev server's /api goes to. */
const DEV_API = 'http://localhost:3000';
const DEV_ORIGIN = 'http://localhost:5173';

/**
 * /api through the dev server: a request from the dev server's own page (Origin
 * http://localhost:5173) is passed on as from the stack's origin, so the stack never has to allow
 * the dev port, and lets it in only while this proxy runs; any other origin is passed on as it
 * came and refused there.
 */
const devApiProxy: ProxyOptions = {
  target: DEV_API,
  changeOrigin: false,
  configure: (proxy) => {
    proxy.on('proxyReq', (request) => {
      if (request.getHeader('origin') === DEV_ORIGIN) request.setHeader('origin', DEV_API);
    });
  },
};

export default defineConfig({
  plugins: [sonnerWithoutRuntimeStyles(), react(), tailwindcss(), prerenderedPages()],
  resolve,
  server: {
    port: 5173,
    proxy: { '/api': devApiProxy },
  },
  preview: {
    proxy: { '/api': devApiProxy },
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
