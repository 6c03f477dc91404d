// No import cycles anywhere in the workspace: every tracked .ts/.tsx module's static imports
// (relative, @app/<package>/<path> through each package's "./*" export, and web's @/ alias) form a graph, and a
// strongly connected component of more than one module (or a module importing itself) fails.
// Part of `npm run lint`. Type-only imports count too: a cycle of types is still a knot to untie.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
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

const graph = new Map(files.map((f) => [f, new Set()]));
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveSpecifier(file, m[1] ?? m[2]);
    if (target) graph.get(file).add(target);
  }
}

// Tarjan's strongly connected components, iteratively (deep graphs would overflow recursion).
let index = 0;
const indexOf = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const cycles = [];
for (const start of graph.keys()) {
  if (indexOf.has(start)) continue;
  const work = [[start, [...graph.get(start)], 0]];
  indexOf.set(start, index);
  low.set(start, index++);
  stack.push(start);
  onStack.add(start);
  while (work.length) {
    const frame = work[work.length - 1];
    const [node, edges] = frame;
    if (frame[2] < edges.length) {
      const next = edges[frame[2]++];
      if (!indexOf.has(next)) {
        indexOf.set(next, index);
        low.set(next, index++);
        stack.push(next);
        onStack.add(next);
        work.push([next, [...graph.get(next)], 0]);
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
      continue;
    }
    work.pop();
    if (work.length) low.set(work[work.length - 1][0], Math.min(low.get(work[work.length - 1][0]), low.get(node)));
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node).has(node)) cycles.push(component.sort());
    }
  }
}

if (cycles.length) {
  for (const c of cycles) console.error(`import cycle: ${c.map((f) => relative(root, join(root, f))).join(' <-> ')}`);
  console.error(`\n${cycles.length} import cycle(s): move what both sides need into a module of its own.`);
  process.exit(1);
}
console.log(`check-cycles: ${files.length} modules, no import cycle.`);
