// The lint and typecheck steps, shared by `npm run lint`/`npm run typecheck` and their test layers. Lint: ESLint (with the layers'
// import direction), no citation of documents outside the repository, no import cycle, no two
// areas of packages/core importing each other, kebab-case file names, no unit test that needs
// DynamoDB Local (test layers go by file name), no unused file, export or dependency (knip,
// configured in knip.jsonc), and every source file as the formatter writes it (`npm run format`).
/** What the formatter (Prettier, .prettierrc.json) owns: every source file; prose, data and recorded payloads keep their own form. */
const FORMATTED = ['**/*.{ts,tsx,js,mjs,cjs}'];

export const LINT_STEPS = [
  ['exec', 'eslint', '.', '--max-warnings=0'],
  ['exec', 'node', 'scripts/check-citations.mjs'],
  ['exec', 'node', 'scripts/check-cycles.mjs'],
  ['exec', 'node', 'scripts/check-area-pairs.mjs'],
  ['exec', 'node', 'scripts/check-file-names.mjs'],
  ['exec', 'node', 'scripts/check-test-layers.mjs'],
  ['exec', 'knip', '--no-progress'],
  ['exec', 'prettier', '--check', '--log-level=warn', ...FORMATTED],
];

/**
 * Typecheck: the server packages as one program (tsconfig.server.json: each file checked once,
 * not once per package that imports it), then the two packages with DOM types side by side.
 */
export const TYPECHECK_STEPS = [
  ['exec', 'tsc', '-p', 'tsconfig.server.json'],
  ['--filter', '@app/web', '--filter', '@app/e2e', '--workspace-concurrency=2', 'run', 'typecheck'],
];
