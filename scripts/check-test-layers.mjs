// Test layers go by file name (scripts/test-layers.mjs): a unit test (`*.test.ts`, not
// `*.int.test.ts`) runs without DynamoDB Local, so a unit test file that loads the DynamoDB Local
// harness or starts the local stack, directly or through a helper, is misnamed and fails here.
// Part of `npm run lint`. Type-only imports load nothing and do not count.
import { files, valueGraph } from './import-graph.mjs';
import { INTEGRATION_TEST } from './test-layers.mjs';

/** Modules that start DynamoDB Local, make a table in it, or start the local stack on it. */
const NEEDS_DYNAMODB_LOCAL = new Map([
  ['packages/adapters/src/dynamodb/local-server.ts', 'starts DynamoDB Local'],
  ['packages/adapters/src/dynamodb/testing/global-setup.ts', 'starts DynamoDB Local'],
  ['packages/adapters/src/dynamodb/testing/test-table.ts', 'makes a table in the run’s DynamoDB Local'],
  ['functions/test/http-harness.ts', 'starts the local server on a DynamoDB Local table'],
  ['functions/local/stack.ts', 'starts the local stack'],
  ['functions/local/main.ts', 'starts the local stack'],
]);
const TEST_FILE = /\.test\.tsx?$/;
/** The browser tests (`*.e2e.ts`) drive the running stack by design; they are not unit tests. */
const E2E = 'e2e/';

/** The first chain of value imports from `file` to a module of NEEDS_DYNAMODB_LOCAL, if any. */
function chainToHarness(file) {
  const cameFrom = new Map([[file, undefined]]);
  const queue = [file];
  while (queue.length) {
    const current = queue.shift();
    if (current !== file && NEEDS_DYNAMODB_LOCAL.has(current)) {
      const chain = [];
      for (let at = current; at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of valueGraph.get(current) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const unitFiles = files.filter((f) => TEST_FILE.test(f) && !INTEGRATION_TEST.test(f) && !f.startsWith(E2E));
const problems = [];
for (const file of unitFiles) {
  const chain = chainToHarness(file);
  if (chain) problems.push(`${file}: a unit test, but it ${NEEDS_DYNAMODB_LOCAL.get(chain.at(-1))} (${chain.join(' -> ')}); name it *.int.test.ts`);
}
if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`\n${problems.length} unit test file(s) need DynamoDB Local or the local stack: the unit layer runs without them (scripts/test-layers.mjs).`);
  process.exit(1);
}
console.log(`check-test-layers: ${unitFiles.length} unit test files, none needs DynamoDB Local or the local stack.`);
