// The workspace's static import graph, read from the source text: every tracked .ts/.tsx module
// and the modules it imports (relative, @app/<package>/<path> through each package's "./*"
// export, and web's @/ alias). Type-only imports count too. Used by check-cycles and check-test-layers.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/') && existsSync(join(root, f)));
const known = new Set(files);

/** `@app/<name>` -> the package folder whose package.json has that name. */
const packages = new Map();
for (const pkg of execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*package.json'], { cwd: root, encoding: 'utf8' }).split('\n')) {
  if (!pkg || pkg.includes('node_modules/')) continue;
  const name = JSON.parse(readFileSync(join(root, pkg), 'utf8')).name;
  if (typeof name === 'string' && name.startsWith('@app/')) packages.set(name, dirname(pkg));
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveSpecifier(from, spec) {
  let base;
  if (spec.startsWith('.')) base = normalize(join(dirname(from), spec));
  else if (spec.startsWith('@/') && from.startsWith('web/')) base = join('web/src', spec.slice(2));
  else {
    const m = /^(@app\/[^/]+)\/(.+)$/.exec(spec);
    if (!m || !packages.has(m[1])) return undefined;
    base = join(packages.get(m[1]), 'src', m[2]);
  }
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (known.has(candidate)) return candidate;
  return undefined;
}

/** file -> the workspace files it imports (repository-relative paths). */
export const graph = new Map(files.map((f) => [f, new Set()]));
/** The same without type-only imports (`import type`, `export type`): what runs when the file is loaded. */
export const valueGraph = new Map(files.map((f) => [f, new Set()]));
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveSpecifier(file, m[1] ?? m[2]);
    if (!target) continue;
    graph.get(file).add(target);
    if (!/^[\s;]*(import|export)\s+type\s/.test(m[0])) valueGraph.get(file).add(target);
  }
}
