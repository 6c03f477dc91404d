// Reports (and guards) the JS a first visit to the landing page downloads: the entry chunk, the
// app chunk the entry loads after the first paint (with the dependencies Vite preloads for it),
// the landing route's chunk, and all their static imports.
// Run after `vite build`: `node scripts/bundle-size.mjs` (exit 1 when over budget).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script type="module"[^>]*src="\/assets\/([^"]+)"/g)].map((m) => m[1]);
const landing = readdirSync(assets).filter((file) => /^landing-[\w-]+\.js$/.test(file));
if (entries.length !== 1 || landing.length !== 1) {
  console.error(`Expected one entry and one landing chunk, found ${entries.length} and ${landing.length}.`);
  process.exit(1);
}

/** A chunk plus everything it imports statically (dynamic `import()` calls are left out). */
function withStaticImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) withStaticImports(match[1], seen);
  return seen;
}

// The entry's dynamic import of the app, with the chunks Vite preloads alongside it: the indexes
// its __vite__mapDeps call picks from the entry's table of chunk names. The entry's other dynamic
// imports (a route it starts early on the pages that need it) are not the landing page's.
const entryCode = readFileSync(join(assets, entries[0]), 'utf8');
const table = /\.f=\[([^\]]*)\]/.exec(entryCode)?.[1];
const appImport = /import\([`'"]\.\/(start-[\w-]+\.js)[`'"]\)[\s\S]*?__vite__mapDeps\(\[([\d,]*)\]\)/.exec(entryCode);
if (!table || !appImport) {
  console.error('Expected the entry chunk to load the app chunk (start-*.js) dynamically with __vite__mapDeps; found no such import.');
  process.exit(1);
}
const names = [...table.matchAll(/[`'"]assets\/([\w.-]+)[`'"]/g)].map((m) => m[1]);
const preloaded = [appImport[1], ...appImport[2].split(',').map((index) => names[Number(index)])].filter((file) => file.endsWith('.js'));
const files = [entries[0], ...preloaded, landing[0]].reduce((seen, file) => withStaticImports(file, seen), new Set());
const rows = [...files].map((file) => {
  const code = readFileSync(join(assets, file));
  return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, code: code.toString('utf8') };
});
const kb = (bytes) => (bytes / 1024).toFixed(1);
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`${kb(row.gzip).padStart(7)} KB gzip  ${kb(row.raw).padStart(7)} KB  ${row.file}`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`Landing page initial JS: ${kb(total)} KB gzip (budget ${BUDGET_KB} KB)`);

const problems = [];
if (total > BUDGET_KB * 1024) problems.push(`over the ${BUDGET_KB} KB budget`);
if (rows.some((row) => /recharts/i.test(row.file) || row.code.includes('recharts-wrapper'))) problems.push('recharts is in the initial bundle');
if (rows.some((row) => row.code.includes('__insertCSS'))) problems.push('a runtime <style> injection is in the initial bundle');
if (problems.length) {
  console.error(`Bundle check failed: ${problems.join('; ')}`);
  process.exit(1);
}
