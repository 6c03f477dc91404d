// `import text from './list.txt'` gives the file's text as the default export. esbuild's
// built-in text loader does this for the Lambda bundles; the two places that run our TypeScript
// without esbuild's bundler need to be taught the same:
// - Vitest (Vite): `textModules()`, a plugin for the packages whose tests reach such an import;
// - Node with tsx (the local stack): `load`, a module hook that functions/local/stack.ts
//   registers before it imports any handler.
// Why a text file and not a generated .ts: docs/decisions/0157-password-list-as-data.md.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const TEXT = /\.txt$/;
const moduleSource = (text) => `export default ${JSON.stringify(text)};`;

/** Vite/Vitest plugin: `.txt` imports become a module whose default export is the text. */
export function textModules() {
  return {
    name: 'text-modules',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0];
      return TEXT.test(path) ? moduleSource(readFileSync(path, 'utf8')) : undefined;
    },
  };
}

/** Node module hook (`module.register`): the same for the local stack run by tsx. */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TEXT.test(new URL(url).pathname)) return nextLoad(url, context);
  return { format: 'module', source: moduleSource(await readFile(fileURLToPath(url), 'utf8')), shortCircuit: true };
}
