// One file-name convention across the workspace: every tracked file and folder is kebab-case
// (lower-case words joined by hyphens, dots before extensions and test kinds: `dixon-coles.ts`,
// `auth-form.tsx`, `pipeline.int.test.ts`), React components included. Dotfiles and the README
// files keep the names their tools look for. Part of `npm run lint`.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
/** Names fixed by convention or by the tools that read them. */
const conventional = (name) => name.startsWith('.') || name === 'README.md';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && !f.split('/').includes('node_modules'));
const wrong = new Set();
for (const file of files) {
  const parts = file.split('/');
  parts.forEach((name, i) => {
    if (!conventional(name) && !KEBAB.test(name)) wrong.add(parts.slice(0, i + 1).join('/'));
  });
}
if (wrong.size) {
  for (const path of [...wrong].sort()) console.error(`${path}: not kebab-case`);
  console.error(`\n${wrong.size} name(s) outside the kebab-case convention.`);
  process.exit(1);
}
console.log(`check-file-names: ${files.length} files, every name kebab-case.`);
