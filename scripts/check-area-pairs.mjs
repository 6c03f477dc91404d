// Areas depend one way: inside a package's source folder listed in AREA_ROOTS, each top-level
// folder is an area (`packages/core/src/auth`, `.../billing`, ...), and no two areas may import
// each other directly (auth -> account is fine; auth -> billing and billing -> auth together
// fail). A top-level file (`clock.ts`, `errors.ts`, `text.ts`) is the shared kernel, importable
// by every area, so it imports no area itself. Tests (`*.test.ts`) sit above the areas they test
// (a test may use another area's fakes in `testing/`); their imports are not the areas'. A longer
// loop (a -> b -> c -> a) fails too, named by its areas: the areas form layers.
// Part of `npm run lint`. Why: docs/decisions/0260-core-areas-depend-one-way.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The source folders whose top-level folders are areas, with the package name that reaches them. */
const AREA_ROOTS = [{ dir: 'packages/core/src', name: '@app/core' }];

const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The area (top-level folder) a path inside `dir` belongs to, or undefined for the shared kernel and outside paths. */
function areaOf(dir, path) {
  if (!path.startsWith(`${dir}/`)) return undefined;
  const parts = path.slice(dir.length + 1).split('/');
  return parts.length > 1 ? parts[0] : undefined;
}

const KERNEL = '(kernel)';

/** Every area -> area import under `dir` (the kernel's as from KERNEL): `${from} -> ${to}` -> the importing files. */
function areaEdges(dir, name, files) {
  const edges = new Map();
  for (const file of files) {
    if (!file.startsWith(`${dir}/`) || /\.test\.tsx?$/.test(file)) continue;
    const from = areaOf(dir, file) ?? KERNEL;
    const text = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      let target;
      if (spec.startsWith('.')) target = normalize(join(dirname(file), spec));
      else if (spec.startsWith(`${name}/`)) target = `${dir}/${spec.slice(name.length + 1)}`;
      else continue;
      const to = areaOf(dir, target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, new Set());
      edges.get(key).add(`${file} (${spec})`);
    }
  }
  return edges;
}

/** The pairs of areas that import each other, each with the files on both sides. */
function mutualPairs(edges) {
  const pairs = [];
  for (const [key, files] of edges) {
    const [from, to] = key.split(' -> ');
    if (from < to && edges.has(`${to} -> ${from}`)) pairs.push({ pair: [from, to], there: [...files].sort(), back: [...edges.get(`${to} -> ${from}`)].sort() });
  }
  return pairs.sort((a, b) => a.pair.join().localeCompare(b.pair.join()));
}

/** The loops of three areas or more (a -> b -> c -> a), each as its areas in order; pairs are reported by mutualPairs. */
function longerLoops(edges) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split(' -> ');
    if (!next.has(from)) next.set(from, new Set());
    next.get(from).add(to);
  }
  const loops = new Map();
  // From each area, a depth-first walk that comes back to it through areas later in the order: each loop once.
  const areas = [...next.keys()].sort();
  for (const start of areas) {
    const walk = (area, path) => {
      for (const to of next.get(area) ?? []) {
        if (to === start && path.length > 2) loops.set(path.join(' -> '), [...path, start]);
        else if (to > start && !path.includes(to) && loops.size < 20) walk(to, [...path, to]);
      }
    };
    walk(start, [start]);
  }
  return [...loops.values()];
}

// The check must be able to fail: a pair importing each other is found, one-way imports are not.
const selfTest = mutualPairs(
  new Map([
    ['auth -> account', new Set(['a'])],
    ['billing -> account', new Set(['b'])],
    ['auth -> billing', new Set(['c'])],
    ['billing -> auth', new Set(['d'])],
  ]),
);
const loopTest = longerLoops(
  new Map([
    ['a -> b', new Set()],
    ['b -> c', new Set()],
    ['c -> a', new Set()],
    ['c -> d', new Set()],
  ]),
);
if (selfTest.length !== 1 || selfTest[0].pair.join() !== 'auth,billing' || loopTest.length !== 1 || loopTest[0].join() !== 'a,b,c,a') {
  console.error('check-area-pairs: its own pair detection is wrong');
  process.exit(2);
}

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/') && existsSync(join(root, f)));

let failed = 0;
const summary = [];
for (const { dir, name } of AREA_ROOTS) {
  const edges = areaEdges(dir, name, files);
  const pairs = mutualPairs(edges);
  for (const [key, importers] of edges) {
    if (!key.startsWith(`${KERNEL} -> `)) continue;
    failed += 1;
    console.error(
      `${dir}: the shared kernel imports the area ${key.slice(KERNEL.length + 4)}:\n${[...importers]
        .sort()
        .map((f) => `    ${f}`)
        .join('\n')}`,
    );
  }
  summary.push(`${dir}: ${new Set([...edges.keys()].flatMap((k) => k.split(' -> '))).size} areas, ${edges.size} area dependencies`);
  for (const { pair, there, back } of pairs) {
    failed += 1;
    console.error(`${dir}: areas ${pair[0]} and ${pair[1]} import each other`);
    console.error(`  ${pair[0]} -> ${pair[1]}:\n${there.map((f) => `    ${f}`).join('\n')}`);
    console.error(`  ${pair[1]} -> ${pair[0]}:\n${back.map((f) => `    ${f}`).join('\n')}`);
  }
  for (const loop of longerLoops(edges)) {
    failed += 1;
    console.error(`${dir}: areas import each other in a loop: ${loop.join(' -> ')}`);
    for (let i = 0; i + 1 < loop.length; i += 1) console.error(`  ${loop[i]} -> ${loop[i + 1]}: ${[...edges.get(`${loop[i]} -> ${loop[i + 1]}`)].sort()[0]}`);
  }
}
if (failed) {
  console.error(
    `\n${failed} problem(s): two areas import each other (or the kernel imports an area, or areas import each other in a loop). Move what both need into the lower area or the kernel, or let one side talk through a port it declares.`,
  );
  process.exit(1);
}
console.log(`check-area-pairs: ${summary.join('; ')}; no two areas import each other.`);
