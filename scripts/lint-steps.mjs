// The lint steps, shared by `npm run lint` and the `lint` test layer: ESLint (with the layers'
// import direction), no citation of documents outside the repository, no import cycle, kebab-case
// file names, no unit test that needs DynamoDB Local (test layers go by file name), and no unused
// file, export or dependency (knip, configured in knip.jsonc).
export const LINT_STEPS = [
  ['exec', 'eslint', '.', '--max-warnings=0'],
  ['exec', 'node', 'scripts/check-citations.mjs'],
  ['exec', 'node', 'scripts/check-cycles.mjs'],
  ['exec', 'node', 'scripts/check-file-names.mjs'],
  ['exec', 'node', 'scripts/check-test-layers.mjs'],
  ['exec', 'knip', '--no-progress'],
];
