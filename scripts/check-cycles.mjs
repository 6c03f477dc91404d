// No import cycles anywhere in the workspace: every tracked .ts/.tsx module's static imports
// (relative, @app/<package>/<path> through each package's "./*" export, and web's @/ alias) form a graph, and a
// strongly connected component of more than one module (or a module importing itself) fails.
// Part of `npm run lint`. Type-only imports count too: a cycle of types is still a knot to untie.
import { join, relative } from 'node:path';
import { files, graph, root } from './import-graph.mjs';

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
