// The lint steps, shared by `npm run lint` and the `lint` test layer: ESLint (with the layers'
// import direction), no citation of documents outside the repository, no import cycle, no two
// areas of packages/core importing each other, kebab-case file names, and no unused file, export
// or dependency (knip, configured in knip.jsonc).
export const LINT_STEPS = [
  ['exec', 'eslint', '.', '--max-warnings=0'],
  ['exec', 'node', 'scripts/check-citations.mjs'],
  ['exec', 'node', 'scripts/check-cycles.mjs'],
  ['exec', 'node', 'scripts/check-area-pairs.mjs'],
  ['exec', 'node', 'scripts/check-file-names.mjs'],
  ['exec', 'knip', '--no-progress'],
];
