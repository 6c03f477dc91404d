// The repository stands alone: no tracked file may cite a document that lives outside it (the
// old product notes, a sibling `shared` folder, "spec section N"). Cite docs/ instead: the
// product (docs/product.md), a decision record (docs/decisions/), the architecture, providers.
// Every `docs/...md#anchor` cited, and every relative markdown link, must resolve, and every
// repository path the README and the top-level docs name exists (missingPaths).
// Why: docs/decisions/0019-the-repository-documents-itself.md.
// Part of `npm run lint`. No file is exempt but this one (its self-test names what it forbids):
// even the benchmarks' data folder has no default outside the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const self = relative(root, fileURLToPath(import.meta.url));

const FORBIDDEN = [
  { pattern: /\bdecisions\.md\b/, instead: 'a record under docs/decisions/' },
  { pattern: /\breference\/[a-z-]+\.md\b/, instead: 'docs/architecture.md, docs/providers.md or a decision record' },
  { pattern: /(?<![\w/-])(platform|forecasting|style-anchors)\.md\b/, instead: 'docs/architecture.md, docs/model.md or a decision record' },
  { pattern: /\b(ARCHITECTURE|STYLE)\.md\b/, instead: 'docs/architecture.md' },
  { pattern: /\bproduct-spec\b/, instead: 'docs/product.md' },
  { pattern: /\bspec(?: section|s? §)/i, instead: 'docs/product.md#<section>' },
  { pattern: /\.\.\/shared\b|\/work\/shared\b/, instead: 'a path inside the repository, or a placeholder such as <football-data folder>' },
];
const EXEMPT = [new RegExp(`^${self.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)];
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|md|json|ya?ml|html|css|sh)$/;
const SKIP_DIRS = new Set(['node_modules', '.git', '.data', 'dist', 'cdk.out', 'coverage', 'bench-results', 'artifacts']);
const SKIP_FILES = new Set(['pnpm-lock.yaml']);

/** Every line of `text` that cites something outside the repository, with what to cite instead. */
function citations(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    for (const { pattern, instead } of FORBIDDEN) {
      const m = pattern.exec(line);
      if (m) found.push({ line: i + 1, cited: m[0], instead });
    }
  });
  return found;
}

/** GitHub's anchor of a markdown heading: lower case, punctuation dropped, spaces -> '-'. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const headings = readFileSync(join(root, file), 'utf8').split('\n').filter((l) => /^#{1,6}\s/.test(l));
    anchorsOf.set(file, new Set(headings.map((h) => slug(h.replace(/^#+\s*/, '')))));
  }
  return anchorsOf.get(file);
}

/**
 * Citations of repository documents that do not resolve: `docs/x.md#anchor` anywhere (from the
 * repository root), and relative markdown links `](x.md#anchor)` in markdown files.
 */
function brokenReferences(file, text) {
  const found = [];
  const check = (line, target, from) => {
    const [path, anchor] = target.split('#');
    const resolved = normalize(join(from, path));
    if (!existsSync(join(root, resolved))) found.push(`${file}:${line}: cites '${target}', which does not exist`);
    else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) found.push(`${file}:${line}: cites '${target}', but ${resolved} has no heading with that anchor`);
  };
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/(?<![\w./-])docs\/[\w./-]*\.md(?:#[\w-]+)?/g)) check(i + 1, m[0], '.');
    if (file.endsWith('.md')) {
      for (const m of line.matchAll(/\]\(([^)\s]+?\.md(?:#[\w-]+)?)\)/g)) if (!/^[a-z]+:/.test(m[1])) check(i + 1, m[1], dirname(file));
      for (const m of line.matchAll(/\]\((#[\w-]+)\)/g)) if (!anchors(file).has(m[1].slice(1))) found.push(`${file}:${i + 1}: links '${m[1]}', which is no heading of this file`);
    }
  });
  return found;
}

/**
 * Repository paths a document names in backticks that do not exist: `functions/src/routes.ts`
 * from the root (a folder when it ends with '/'), `@app/contracts/errors` through its package,
 * and a shortened path with an extension (`dynamodb/keys.ts`, `core/email/templates.ts`) as the
 * end of some tracked file's path. Spans with a placeholder (`<...>`, `{...}`, `*`), URLs and
 * API paths (a leading '/') are not file names; neither is a span without '/'.
 */
function missingPaths(file, text, files) {
  const found = [];
  const exists = (path) => (path.endsWith('/') ? files.some((f) => f.startsWith(path)) : files.includes(path) || files.some((f) => f.startsWith(`${path}/`)));
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/`([^`\s]+)`/g)) {
      const span = m[1].replace(/[#:][\w-]*$/, '');
      if (!span.includes('/') || /[<>{}*$|]/.test(span) || /^(\/|\.|[a-z]+:)/.test(span)) continue;
      const pkg = /^(@app\/[\w-]+)\/(.+)$/.exec(span);
      let ok;
      if (pkg) ok = !PACKAGES.has(pkg[1]) || ['.ts', '.tsx'].some((ext) => files.includes(`${PACKAGES.get(pkg[1])}/src/${pkg[2]}${ext}`));
      else if (TOP_LEVEL.has(span.split('/')[0])) ok = exists(span);
      else if (/\.(ts|tsx|mjs|js|json|md|ya?ml|txt|css|html)$/.test(span)) ok = files.some((f) => f.endsWith(`/${span}`)) || inPackageSource(span, files);
      else continue;
      if (!ok && !generated(span)) found.push(`${file}:${i + 1}: names '${m[1]}', which is no path in the repository`);
    }
  });
  return found;
}

/** `core/auth/service.ts` as the docs shorten `packages/core/src/auth/service.ts`. */
function inPackageSource(span, files) {
  const [first, ...rest] = span.split('/');
  return files.includes(`packages/${first}/src/${rest.join('/')}`);
}

/** A build output or other ignored path (`web/dist`, `infra/cdk.out`): named, never tracked. */
function generated(span) {
  for (const path of [span, `${span.replace(/\/$/, '')}/`]) {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: root, stdio: 'ignore' });
      return true;
    } catch {
      // not ignored in this form
    }
  }
  return false;
}

function trackedFiles() {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\0').filter(Boolean);
  } catch {
    // Not a git checkout (e.g. an unpacked archive): walk the tree instead.
    const out = [];
    const walk = (dir) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (!SKIP_DIRS.has(name)) walk(path);
        } else out.push(relative(root, path));
      }
    };
    walk(root);
    return out;
  }
}

// The check itself must be able to fail: known citations are found, repository paths are not,
// and anchors are GitHub's.
// (the sibling folder's path is assembled, so that no script spells out a path outside the repository)
const mustFind = ['see decisions.md', 'reference/platform.md 4.5', 'platform.md 4.4', 'ARCHITECTURE.md, Layout', 'spec/product-spec.md', 'Spec section 9', 'spec sections 4, 8', `--data ${['..', 'shared', 'data'].join('/')}`];
const mustPass = ['docs/decisions/0007-locking-decided-on-the-server.md', 'docs/product.md#display-formats', 'docs/architecture.md', 'docs/providers.md', 'the spec says'];
const broken = [...mustFind.filter((s) => citations(s).length === 0), ...mustPass.filter((s) => citations(s).length > 0)];
if (slug('football-data.co.uk CSV files') !== 'football-datacouk-csv-files' || slug('Admin `odds`') !== 'admin-odds') broken.push('slug');
if (broken.length) {
  console.error(`check-citations: its own patterns are wrong for: ${broken.join(' | ')}`);
  process.exit(2);
}

const tracked = trackedFiles();
/** The folders at the repository's root, and `@app/<name>` -> its package folder. */
const TOP_LEVEL = new Set(tracked.filter((f) => f.includes('/')).map((f) => f.split('/')[0]));
const PACKAGES = new Map(
  tracked
    .filter((f) => f.endsWith('package.json') && !f.includes('node_modules/'))
    .map((f) => [JSON.parse(readFileSync(join(root, f), 'utf8')).name, dirname(f)]),
);
/**
 * The documents whose named paths must exist: the READMEs and the top-level docs. Decision
 * records are left out: their context names what the code was when they were taken.
 */
const NAMES_PATHS = /^((\w+\/)?README\.md|docs\/[\w-]+\.md)$/;
if (missingPaths('self-test', '`functions/src/routes.ts` `docs/` `@app/contracts/errors` `dynamodb/keys.ts` `core/auth/service.ts` `web/dist` `zod/mini` `<dir>/x.ts` `/api/health`', tracked).length !== 0
  || missingPaths('self-test', '`functions/src/no-such.ts`', tracked).length !== 1
  || missingPaths('self-test', '`@app/contracts/no-such`', tracked).length !== 1
  || missingPaths('self-test', '`dynamodb/no-such.ts`', tracked).length !== 1) {
  console.error('check-citations: the named-path check is wrong about its own examples');
  process.exit(2);
}

const problems = [];
let checked = 0;
for (const file of tracked) {
  if (!TEXT.test(file) || SKIP_FILES.has(file.split('/').pop()) || EXEMPT.some((e) => e.test(file))) continue;
  let text;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // deleted in the working tree but still tracked
  }
  checked += 1;
  for (const c of citations(text)) problems.push(`${file}:${c.line}: cites '${c.cited}', which is not in the repository; cite ${c.instead}`);
  problems.push(...brokenReferences(file, text));
  if (NAMES_PATHS.test(file)) problems.push(...missingPaths(file, text, tracked));
}

// Every decision record is listed in the records' index, so a reader finds it.
const index = readFileSync(join(root, 'docs/decisions/README.md'), 'utf8');
for (const record of readdirSync(join(root, 'docs/decisions')).filter((f) => /^\d{4}-.+\.md$/.test(f))) {
  if (!index.includes(`](${record})`)) problems.push(`docs/decisions/README.md: does not list ${record}`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} problem(s) in ${checked} files: citations of documents outside the repository, of repository documents that do not resolve, or of paths that do not exist.`);
  process.exit(1);
}
console.log(`check-citations: ${checked} files cite only documents inside the repository, every such citation resolves, and every path the docs name exists.`);
